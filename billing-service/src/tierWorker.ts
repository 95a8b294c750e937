import { pickEventTypes, SUBSCRIPTION_EVENT_TYPES } from '@cc/contracts';
import { startWorker, type Bus, type CommandBus, type EventStore, type Logger, type WorkerSubscription } from '@cc/platform';

export const SUBSCRIPTION_TIER_WORKER = 'subscription-tier';

/** Every event that can change what a subscription entitles its owner to. */
export const ENTITLEMENT_EVENTS = pickEventTypes(SUBSCRIPTION_EVENT_TYPES, [
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionPaymentFailed',
  'SubscriptionPlanChanged',
  'SubscriptionMarkedUnpaid',
  'SubscriptionCanceled',
  'SubscriptionRefunded',
]);

/**
 * The user's tier follows their subscriptions: each subscription event is answered with
 * SyncSubscriptionEntitlement through the command bus, which sets the tier with the billing service
 * as the actor. The routes that record these events sync at once too (so limits follow before the
 * answer); this worker makes sure it happens when they could not, and for events from elsewhere.
 */
export function startSubscriptionTierWorker(deps: {
  store: EventStore;
  bus?: Bus;
  commands: CommandBus;
  logger: Logger;
  pollIntervalMs?: number;
}): WorkerSubscription {
  // The bus (Kafka or the store itself) delivers; the same code runs on either.
  return startWorker(deps.bus ?? deps.store, {
    name: SUBSCRIPTION_TIER_WORKER,
    filter: { types: [...ENTITLEMENT_EVENTS] },
    pollIntervalMs: deps.pollIntervalMs,
    onError: (error, context) => deps.logger.error({ err: error, ...context }, 'subscription tier worker: delivery failed'),
    onStateChange: ({ state, error, downForMs }) =>
      state === 'degraded'
        ? deps.logger.warn({ err: error }, 'subscription tier worker waits for the database to come back')
        : deps.logger.info({ downForMs }, 'subscription tier worker is back'),
    async handle(event, context) {
      const { subscriptionId } = event.data as { subscriptionId: string };
      await deps.commands.send(
        { type: 'SyncSubscriptionEntitlement', data: { subscriptionId } },
        { metadata: context.metadata, idempotencyKey: context.eventId() },
      );
    },
  });
}
