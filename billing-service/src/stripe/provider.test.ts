import { stripeProviderContract } from './contract';
import { StripeProvider } from './provider';
import { startLocalStripe } from './testing/localStripe';

const prices = { basic: { monthly: 'price_basic_m', yearly: 'price_basic_y' }, pro: { monthly: 'price_pro_m', yearly: 'price_pro_y' } };

stripeProviderContract('local Stripe-protocol server', async () => {
  const local = await startLocalStripe({ prices: { price_basic_m: 999, price_basic_y: 9590, price_pro_m: 1999, price_pro_y: 19190 } });
  const provider = new StripeProvider({
    secretKey: 'sk_test_local',
    publishableKey: 'pk_test_local',
    webhookSecret: 'whsec_local',
    prices,
    checkoutPage: 'elements',
    apiUrl: local.url,
  });
  return { provider, close: () => local.close() };
});
