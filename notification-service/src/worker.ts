import {
  displayName,
  notificationWanted,
  type NotificationChannel,
  type NotificationKind,
  type Preferences,
  type User,
} from '@cc/contracts';
import {
  DuplicateEventError,
  startWorker,
  type Bus,
  type CommandBus,
  type EventStore,
  type GlobalPosition,
  type Logger,
  type PersonalDataVault,
  type RecordedEvent,
  type WorkerSubscription,
} from '@cc/platform';
import type { EmailDeliveries } from './mail/deliveries';
import { renderEmail } from './templates/layout';
import { renderNotification, type TemplateData } from './templates/templates';
import { NOTIFICATION_RULES } from './rules/rules';
import type { NotificationRule, RuleContext } from './rules/types';

export const NOTIFICATIONS_WORKER = 'notifications';

export interface NotificationsWorkerDeps {
  store: EventStore;
  /** Where the events arrive from: the store itself (default) or Kafka (KAFKA_BROKERS); the same code runs on either. */
  bus?: Bus;
  vault: PersonalDataVault;
  commands: CommandBus;
  deliveries: EmailDeliveries;
  /** The user's profile once the read side has passed `position` (their address and name), or undefined. */
  findUser(userId: string, position: GlobalPosition): Promise<User | undefined>;
  preferences(userId: string): Promise<Preferences>;
  mintPasswordResetUrl: RuleContext['mintPasswordResetUrl'];
  /** The app's public address, for links in e-mails. */
  appUrl: string;
  logger: Logger;
  rules?: readonly NotificationRule[];
  pollIntervalMs?: number;
  concurrency?: number;
}

/**
 * Turns events into in-app notifications and e-mails (docs/decisions/notifications-and-settings.md): each rule decides whether
 * an event is worth telling the user, the user's preferences decide on which channels, and:
 * - in-app: a `RecordNotification` command whose id comes from (worker, event, rule), so the store
 *   refuses a redelivered one;
 * - e-mail: through the delivery log, which never sends a key twice (see deliveries.ts).
 * Nothing goes to an account that was erased. Logs name the event, kind and outcome, never content.
 */
export function startNotificationsWorker(deps: NotificationsWorkerDeps): WorkerSubscription {
  const rules = deps.rules ?? NOTIFICATION_RULES;
  const types = [...new Set(rules.flatMap((rule) => rule.eventTypes))];
  const context: RuleContext = { store: deps.store, vault: deps.vault, mintPasswordResetUrl: deps.mintPasswordResetUrl };

  return startWorker(deps.bus ?? deps.store, {
    name: NOTIFICATIONS_WORKER,
    filter: { types },
    concurrency: deps.concurrency ?? 4,
    pollIntervalMs: deps.pollIntervalMs,
    onError: (error, ctx) => deps.logger.error({ err: error, ...ctx }, 'notifications worker: delivery failed'),
    onStateChange: ({ state, error, downForMs }) =>
      state === 'degraded'
        ? deps.logger.warn({ err: error }, 'notifications worker waits for the database to come back')
        : deps.logger.info({ downForMs }, 'notifications worker is back'),
    async handle(event, worker) {
      for (const [index, rule] of rules.entries()) {
        if (!rule.eventTypes.includes(event.type as never)) continue;
        const intent = await rule.notify(event, context);
        if (!intent) continue;
        const log = deps.logger.child({
          eventId: event.id,
          eventType: event.type,
          kind: intent.kind,
          correlationId: event.metadata.correlationId,
        });
        if (await deps.vault.isErased(intent.userId)) {
          log.info({ outcome: 'account-erased' }, 'notification skipped');
          continue;
        }
        const preferences = await deps.preferences(intent.userId);
        const channels = (intent.channels ?? ['email', 'inApp']).filter((channel) => notificationWanted(preferences, intent.kind, channel));
        const outcome: Partial<Record<NotificationChannel, string>> = {};

        if (channels.includes('inApp')) {
          const { inApp } = renderNotification(intent.kind, intent.data as TemplateData[NotificationKind], deps.appUrl);
          try {
            await deps.commands.send(
              { type: 'RecordNotification', data: { userId: intent.userId, kind: intent.kind, ...inApp } },
              { metadata: worker.metadata, idempotencyKey: worker.eventId(index) },
            );
            outcome.inApp = 'recorded';
          } catch (error) {
            // Recorded by an earlier delivery; the e-mail may still be owed, so go on.
            if (!(error instanceof DuplicateEventError)) throw error;
            outcome.inApp = 'already-recorded';
          }
        }
        if (channels.includes('email')) {
          outcome.email = await deps.deliveries.deliver(
            { key: `event:${event.id}:${rule.name}`, userId: intent.userId, kind: intent.kind },
            async () => {
              const user = await deps.findUser(intent.userId, event.position);
              if (!user?.email) return undefined;
              const data = { ...intent.data, ...(await intent.emailData?.()) } as TemplateData[NotificationKind];
              const { email } = renderNotification(intent.kind, data, deps.appUrl);
              return { to: formatAddress(user), ...renderEmail(email, deps.appUrl) };
            },
          );
        }
        log.info({ channels: outcome }, 'notification handled');
      }
    },
  });
}

/** `"Sam Ortiz" <sam@example.org>`: nodemailer quotes and encodes the name. */
export function formatAddress(user: User): string {
  const name = displayName(user).replace(/["\\\r\n]/g, '');
  return `"${name}" <${user.email}>`;
}

export type { RecordedEvent };
