import { UPLOAD_PREFIX } from '@cc/command-service';
import { checkpointWaiter, createProjectionService } from '@cc/projection-service';
import { internalCommandRouter } from '@cc/platform';
import { composeCommands } from '../composition/commands';
import { openFoundation } from '../composition/foundation';
import { serviceApp } from './serviceApp';
import type { RunningService, ServiceContext } from './topology';

/**
 * The write side alone: the command routes the gateway forwards, and `/internal/commands` where
 * the workers of other processes submit theirs. It answers a command with the read model once the
 * projection checkpoints in the shared database have passed it.
 */
export async function startCommandService(context: ServiceContext): Promise<RunningService> {
  const { config, logger } = context;
  const foundation = await openFoundation({
    config,
    logger,
    databaseUrl: context.databaseUrl,
    clientId: 'command-service',
    pollIntervalMs: context.pollIntervalMs,
  });
  // Not started: only its queries (and the projectors' names, for the checkpoints) are used here.
  const readSide = createProjectionService({ ...foundation, logger });
  const waitFor = checkpointWaiter(foundation.knex, readSide.runner.subscriptionFilters);
  const { commands } = composeCommands({
    config,
    logger,
    foundation,
    queries: readSide.queries,
    waitForReadModels: (position, readModels) =>
      waitFor(position, 5000, readSide.runner.subscriptionNamesOf(readModels)).catch((error: unknown) =>
        logger.warn({ err: error }, 'read models are behind; answering with what they have'),
      ),
  });
  const sweep = setInterval(
    () => void commands.uploadGrants.sweep().catch((error: unknown) => logger.warn({ err: error }, 'sweeping upload addresses failed')),
    60_000,
  );
  sweep.unref();
  const app = serviceApp({
    logger,
    secret: context.topology.internalSecret,
    foundation,
    internal: [internalCommandRouter({ secret: context.topology.internalSecret, commands: commands.commandBus })],
    routes: commands.routes,
    rawBodyPaths: [UPLOAD_PREFIX],
  });
  return {
    handler: app,
    async stop() {
      clearInterval(sweep);
      await foundation.close();
    },
  };
}
