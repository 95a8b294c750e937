import { NOTIFICATIONS_WORKER, startDeadlineReminders } from '@cc/notification-service';
import { checkpointWaiter, createProjectionService, deadlinesDueWithin } from '@cc/projection-service';
import { HttpCommandBus, serveDeadLetterRetries } from '@cc/platform';
import { composeNotifications } from '../composition/notifications';
import { composeWeeklyDigest } from '../composition/digest';
import { openFoundation } from '../composition/foundation';
import { serviceApp } from './serviceApp';
import type { RunningService, ServiceContext } from './topology';

/** E-mail and in-app notifications from events, the hourly deadline reminders and the weekly digest. */
export async function startNotificationService(context: ServiceContext): Promise<RunningService> {
  const { config, logger } = context;
  const foundation = await openFoundation({
    config,
    logger,
    databaseUrl: context.databaseUrl,
    poolSize: 5,
    clientId: 'notification-service',
    pollIntervalMs: context.pollIntervalMs,
  });
  const readSide = createProjectionService({ ...foundation, logger });
  const waitFor = checkpointWaiter(foundation.knex, readSide.runner.subscriptionFilters);
  const commands = new HttpCommandBus({ url: context.topology.commandServiceUrl, secret: context.topology.internalSecret });
  const { notifications, startWorker } = composeNotifications({
    config,
    logger,
    foundation,
    commands,
    queries: readSide.queries,
    waitForReadModels: (position, readModels) =>
      waitFor(position, 5000, readSide.runner.subscriptionNamesOf(readModels)).catch(() => undefined),
    pollIntervalMs: context.pollIntervalMs,
  });
  const worker = startWorker();
  const retries = serveDeadLetterRetries({
    knex: foundation.knex,
    store: foundation.store,
    subscription: `worker:${NOTIFICATIONS_WORKER}`,
    handleAgain: (event) => worker.handleAgain(event),
    logger,
  });
  const reminders = startDeadlineReminders({
    store: foundation.store,
    logger,
    deadlinesDue: (at: Date) => deadlinesDueWithin(foundation.knex, at, 30),
  });
  const digest = composeWeeklyDigest({
    foundation,
    notifications,
    commands,
    queries: readSide.queries,
    appUrl: config.appUrl,
    logger,
  }).start();
  const app = serviceApp({ logger, secret: context.topology.internalSecret, foundation });
  return {
    handler: app,
    async stop() {
      await reminders.stop();
      await digest.stop();
      await retries.stop();
      await worker.stop();
      notifications.mailer.close();
      await foundation.close();
    },
  };
}
