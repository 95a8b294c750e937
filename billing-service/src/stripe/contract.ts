import type { StripeProvider } from './provider';

export interface StripeContractSubject {
  provider: StripeProvider;
  close(): Promise<void>;
}

/**
 * What the app needs from Stripe, run against the local Stripe-protocol server always and against
 * Stripe itself when STRIPE_SECRET_KEY is a test key (`stripe.live.test.ts`).
 */
export function stripeProviderContract(name: string, setup: () => Promise<StripeContractSubject>): void {
  describe(`Stripe provider contract (${name})`, () => {
    let subject: StripeContractSubject;
    beforeAll(async () => {
      subject = await setup();
    });
    afterAll(async () => subject?.close());

    const origin = 'https://claims.example.org';
    const subscriptionId = () => crypto.randomUUID();

    it('makes a customer once per user (idempotent), and a hosted checkout that returns to /billing', async () => {
      const userId = crypto.randomUUID();
      const customer = await subject.provider.createCustomer({ userId, email: `contract+${userId.slice(0, 8)}@example.org` });
      expect(customer).toMatch(/^cus_/);
      const hosted = new (subject.provider.constructor as typeof StripeProvider)({ ...subject.provider.settings, checkoutPage: 'hosted' });
      const started = await hosted.startCheckout({
        subscriptionId: subscriptionId(),
        userId,
        customerId: customer,
        tierName: 'basic',
        cycle: 'monthly',
        origin,
      });
      expect(started.providerSubscriptionId).toBeNull();
      expect(started.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    });

    it('makes an unpaid subscription whose first payment the /checkout page confirms, and ends it', async () => {
      const userId = crypto.randomUUID();
      const customerId = await subject.provider.createCustomer({ userId, email: '' });
      const elements = new (subject.provider.constructor as typeof StripeProvider)({
        ...subject.provider.settings,
        checkoutPage: 'elements',
      });
      const id = subscriptionId();
      const started = await elements.startCheckout({ subscriptionId: id, userId, customerId, tierName: 'pro', cycle: 'yearly', origin });
      expect(started.providerSubscriptionId).toMatch(/^sub_/);
      const url = new URL(started.url);
      expect(url.origin + url.pathname).toBe(`${origin}/checkout`);
      expect(url.searchParams.get('subscription_id')).toBe(id);
      const payment = await elements.openPayment(started.providerSubscriptionId!);
      expect(payment.clientSecret).toBe(url.searchParams.get('client_secret'));
      expect(payment.amount).toBeGreaterThan(0);
      await elements.cancelNow(started.providerSubscriptionId!);
      // Ending it twice is not an error (a retry).
      await elements.cancelNow(started.providerSubscriptionId!);
    });

    it('finds no coupon for an unknown code', async () => {
      expect(await subject.provider.findCoupon(`NO-SUCH-CODE-${Date.now()}`)).toBeUndefined();
    });
  });
}
