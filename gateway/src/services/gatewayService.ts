import { fileURLToPath } from 'node:url';
import { startSystem } from '../system';
import type { RunningService, ServiceContext } from './topology';

/** The gateway of the split topology: startSystem with everything but the edge forwarded to the services. */
export async function startGateway(context: ServiceContext): Promise<RunningService> {
  const { topology } = context;
  const system = await startSystem({
    config: context.config,
    logger: context.logger,
    databaseUrl: context.databaseUrl,
    frontendDist: fileURLToPath(new URL('../../../frontend/dist', import.meta.url)),
    pollIntervalMs: context.pollIntervalMs,
    forward: {
      secret: topology.internalSecret,
      commandServiceUrl: topology.commandServiceUrl,
      aiWorkerUrl: topology.aiWorkerUrl,
      billingServiceUrl: topology.billingServiceUrl,
    },
  });
  return { handler: system.app, stop: () => system.stop() };
}
