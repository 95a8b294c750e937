import { stripeProviderContract } from './contract';
import { StripeProvider } from './provider';

/**
 * The same contract against Stripe itself, when STRIPE_SECRET_KEY is a test key and the four price
 * ids are set (STRIPE_PRICE_BASIC_MONTHLY, …). Never with a live key.
 */
const env = process.env;
const configured =
  env.STRIPE_SECRET_KEY?.startsWith('sk_test_') &&
  env.STRIPE_PRICE_BASIC_MONTHLY &&
  env.STRIPE_PRICE_BASIC_YEARLY &&
  env.STRIPE_PRICE_PRO_MONTHLY &&
  env.STRIPE_PRICE_PRO_YEARLY;

if (configured) {
  jest.setTimeout(60_000);
  stripeProviderContract('Stripe test mode', async () => ({
    provider: new StripeProvider({
      secretKey: env.STRIPE_SECRET_KEY!,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? 'pk_test_unused',
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? 'whsec_unused',
      prices: {
        basic: { monthly: env.STRIPE_PRICE_BASIC_MONTHLY!, yearly: env.STRIPE_PRICE_BASIC_YEARLY! },
        pro: { monthly: env.STRIPE_PRICE_PRO_MONTHLY!, yearly: env.STRIPE_PRICE_PRO_YEARLY! },
      },
      checkoutPage: 'elements',
    }),
    close: async () => undefined,
  }));
} else {
  it.skip('Stripe provider contract against Stripe test mode (set STRIPE_SECRET_KEY=sk_test_… and the STRIPE_PRICE_* ids)', () =>
    undefined);
}
