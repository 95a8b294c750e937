import {
  billingServiceRoutes,
  createPaymentProvider,
  startSubscriptionTierWorker,
  SUBSCRIPTION_TIER_WORKER,
  TestModeProvider,
  WEBHOOK_PATH,
} from '@cc/billing-service';
import type { ProviderFact } from '@cc/contracts';
import { HttpCommandBus, serveDeadLetterRetries } from '@cc/platform';
import { openFoundation } from '../composition/foundation';
import { serviceApp } from './serviceApp';
import type { RunningService, ServiceContext } from './topology';

/**
 * The payment provider's side: Stripe's webhook (or the test-mode provider's pages and clock), and
 * the worker that makes a user's tier follow their subscription. What the provider reports goes to
 * the command service as RecordProviderFact, once per provider event.
 */
export async function startBillingService(context: ServiceContext): Promise<RunningService> {
  const { config, logger } = context;
  const foundation = await openFoundation({
    config,
    logger,
    databaseUrl: context.databaseUrl,
    poolSize: 5,
    clientId: 'billing-service',
    pollIntervalMs: context.pollIntervalMs,
  });
  const commands = new HttpCommandBus({ url: context.topology.commandServiceUrl, secret: context.topology.internalSecret });
  // The internal call answers the position the fact reached, so a test-mode payment's answer
  // carries it to the gateway's session and the next read waits for it.
  const deliver = (fact: ProviderFact, correlationId?: string) =>
    commands.send(
      { type: 'RecordProviderFact', data: { fact } },
      { idempotencyKey: `provider-fact:${fact.eventId}`, metadata: { userId: null, correlationId } },
    );
  const provider = createPaymentProvider(
    config.billing.kind === 'stripe'
      ? { ...config.billing }
      : { kind: 'test', coupons: config.billing.coupons, graceDays: config.billing.graceDays },
    { knex: foundation.knex, deliver, logger },
  );
  const tierWorker = startSubscriptionTierWorker({
    store: foundation.store,
    bus: foundation.bus.bus,
    commands,
    logger,
    pollIntervalMs: context.pollIntervalMs,
  });
  const retries = serveDeadLetterRetries({
    knex: foundation.knex,
    store: foundation.store,
    subscription: `worker:${SUBSCRIPTION_TIER_WORKER}`,
    handleAgain: (event) => tierWorker.handleAgain(event),
    logger,
  });
  const clock =
    provider instanceof TestModeProvider && config.billing.kind === 'test'
      ? setInterval(
          () =>
            void provider
              .advance()
              .catch((error: unknown) => logger.warn({ err: error }, 'test-mode billing clock failed; trying again later')),
          config.billing.clockIntervalMs,
        )
      : undefined;
  clock?.unref();
  const app = serviceApp({
    logger,
    secret: context.topology.internalSecret,
    foundation,
    routes: [billingServiceRoutes({ provider, deliver, logger })],
    rawBodyPaths: [WEBHOOK_PATH],
  });
  return {
    handler: app,
    async stop() {
      clearInterval(clock);
      await retries.stop();
      await tierWorker.stop();
      await foundation.close();
    },
  };
}
