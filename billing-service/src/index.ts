import type { Knex } from 'knex';
import type { PaymentProvider } from '@cc/contracts';
import type { Logger } from '@cc/platform';
import { StripeProvider, type StripeProviderConfig } from './stripe/provider';
import { parseTestCoupons } from './testMode/coupons';
import { TestModeProvider, type FactSink } from './testMode/provider';

export { billingMigrations } from './migrations';
export { billingServiceRoutes, WEBHOOK_PATH, type DeliverFact } from './routes';
export { startSubscriptionTierWorker, SUBSCRIPTION_TIER_WORKER, ENTITLEMENT_EVENTS } from './tierWorker';
export { StripeProvider, stripeClient, type StripeProviderConfig, type StripePrices } from './stripe/provider';
export { parseStripeWebhook, WebhookSignatureError } from './stripe/webhook';
export { TestModeProvider, addCycle, type FactSink } from './testMode/provider';
export { parseTestCoupons, DEFAULT_TEST_COUPONS, CouponConfigError } from './testMode/coupons';

export type PaymentSettings =
  { kind: 'test'; coupons: string | undefined; graceDays: number } | ({ kind: 'stripe' } & StripeProviderConfig);

/** The provider the configuration names: Stripe when STRIPE_SECRET_KEY is set, else the offline test mode. */
export function createPaymentProvider(
  settings: PaymentSettings,
  deps: { knex: Knex; deliver: FactSink; logger: Logger; now?: () => Date },
): PaymentProvider {
  if (settings.kind === 'stripe') return new StripeProvider(settings);
  return new TestModeProvider({
    knex: deps.knex,
    deliver: deps.deliver,
    logger: deps.logger,
    now: deps.now,
    coupons: parseTestCoupons(settings.coupons),
    graceDays: settings.graceDays,
  });
}
