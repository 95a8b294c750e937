import { createNotificationService, startNotificationsWorker } from '@cc/notification-service';
import type { ProjectionService } from '@cc/projection-service';
import type { AppConfig, CommandBus, GlobalPosition, Logger } from '@cc/platform';
import { passwordResets } from '../auth/passwordResets';
import type { Foundation } from './foundation';

/** E-mail (SMTP or the outbox folder) and the worker that turns events into notifications: the notification service. */
export function composeNotifications(options: {
  config: AppConfig;
  logger: Logger;
  foundation: Foundation;
  commands: CommandBus;
  queries: ProjectionService['queries'];
  waitForReadModels(position: GlobalPosition, readModels?: readonly string[]): Promise<void>;
  pollIntervalMs?: number;
}) {
  const { config, logger, foundation, queries } = options;
  const { knex, store, vault } = foundation;
  const resets = passwordResets(knex);
  const notifications = createNotificationService({
    knex,
    dataDir: config.dataDir,
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    appUrl: config.appUrl,
  });
  logger.info({ transport: notifications.mailer.kind }, 'e-mail transport');
  const startWorker = () =>
    startNotificationsWorker({
      store,
      bus: foundation.bus.bus,
      vault,
      commands: options.commands,
      deliveries: notifications.deliveries,
      async findUser(userId, position) {
        // The profile is all it reads; waiting for every read model woke each projector on every event it tells of.
        await options.waitForReadModels(position, ['user_profiles']);
        return queries.findUserProfile(userId);
      },
      preferences: queries.preferences,
      mintPasswordResetUrl: async (request) => `${config.appUrl}/reset-password?token=${await resets.mint(request)}`,
      appUrl: config.appUrl,
      logger,
      pollIntervalMs: options.pollIntervalMs,
    });
  return { notifications, resets, startWorker };
}
