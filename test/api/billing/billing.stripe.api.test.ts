import Stripe from 'stripe';
import { streams } from '@cc/contracts';
import { startLocalStripe, type LocalStripe } from '@cc/billing-service/stripe/testing/localStripe';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

/**
 * Billing with the Stripe provider over real HTTP: the real adapter and the `stripe` package talk
 * to a local server of Stripe's protocol, and Stripe's webhooks are signed by the `stripe` package
 * itself. Signatures, redeliveries and events arriving out of order are checked here.
 */
const WEBHOOK_SECRET = 'whsec_test_local_secret';
const signer = new Stripe('sk_test_signer');
let sequence = 0;

function stripeEvent(type: string, object: Record<string, unknown>, created: number, id = `evt_${++sequence}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created,
    api_version: '2026-10-28.endive',
    livemode: false,
    data: { object },
    pending_webhooks: 1,
    request: null,
  });
}

function invoice(
  subscriptionId: string,
  providerSubscriptionId: string,
  start: number,
  end: number,
  amount = 999,
  id = `in_${start}_${providerSubscriptionId}`,
) {
  return {
    id,
    object: 'invoice',
    amount_paid: amount,
    amount_due: amount,
    currency: 'usd',
    parent: { type: 'subscription_details', subscription_details: { subscription: providerSubscriptionId, metadata: { subscriptionId } } },
    lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period: { start, end } }] },
  };
}

function subscriptionObject(subscriptionId: string, providerSubscriptionId: string, fields: Record<string, unknown>) {
  return {
    id: providerSubscriptionId,
    object: 'subscription',
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    ended_at: null,
    metadata: { subscriptionId },
    cancellation_details: { comment: null, reason: null },
    items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_basic_m' } }] },
    ...fields,
  };
}

describe('billing API with Stripe (local Stripe-protocol server)', () => {
  let stripe: LocalStripe;
  let app: TestApp;
  const T = Math.floor(Date.parse('2026-03-10T12:00:00Z') / 1000);

  const send = (payload: string, signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) =>
    app.client().request('POST', '/api/billing/webhook', {
      body: payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });
  const types = async (id: string) => (await app.system.store.readStream(streams.subscription(id))).events.map((e) => e.type);
  const tierOf = async (client: TestClient) => (await client.get('/api/auth/user')).data.memberTier as string;
  const statusOf = async (client: TestClient) =>
    (await client.get('/api/billing/subscription')).data.subscription?.status as string | undefined;
  /** A webhook is not the user's session, so their reads see its effect shortly after, not at once. */
  async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
    let value = await read();
    for (let i = 0; i < 100 && value !== expected; i++) {
      await new Promise((r) => setTimeout(r, 20));
      value = await read();
    }
    return value;
  }

  async function checkout(client: TestClient) {
    const res = await client.post('/api/billing/checkout', { tierName: 'basic', cycle: 'monthly' });
    expect(res.status).toBe(200);
    const url = new URL(res.data.url);
    expect(url.pathname).toBe('/checkout');
    const subscriptionId = url.searchParams.get('subscription_id')!;
    const providerSubscriptionId = [...stripe.subscriptions.values()].find((s) => s.metadata.subscriptionId === subscriptionId)!.id;
    return { subscriptionId, providerSubscriptionId, clientSecret: url.searchParams.get('client_secret')! };
  }

  async function subscribed(email: string) {
    const client = app.client();
    await client.register(email);
    const started = await checkout(client);
    // The subscription's first invoice, the one Stripe made with it.
    const first = stripe.subscriptions.get(started.providerSubscriptionId)!.latest_invoice;
    expect(
      (
        await send(
          stripeEvent('invoice.paid', invoice(started.subscriptionId, started.providerSubscriptionId, T, T + 31 * 86400, 999, first), T),
        )
      ).status,
    ).toBe(200);
    // What Stripe itself now says about it.
    stripe.subscriptions.get(started.providerSubscriptionId)!.status = 'active';
    // The webhook is not this user's session: their reads see it shortly after.
    for (let i = 0; i < 100 && (await client.get('/api/billing/subscription')).data.subscription?.id !== started.subscriptionId; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await eventually(() => tierOf(client), 'basic')).toBe('basic');
    return { client, ...started };
  }

  beforeAll(async () => {
    stripe = await startLocalStripe({ prices: { price_basic_m: 999, price_basic_y: 9590, price_pro_m: 1999, price_pro_y: 19190 } });
    stripe.promotionCodes.set('VETS10', { id: 'promo_vets10', percent_off: 10, amount_off: null, name: 'Veterans 10%', valid: true });
    app = await startTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_local',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_BASIC_MONTHLY: 'price_basic_m',
        STRIPE_PRICE_BASIC_YEARLY: 'price_basic_y',
        STRIPE_PRICE_PRO_MONTHLY: 'price_pro_m',
        STRIPE_PRICE_PRO_YEARLY: 'price_pro_y',
        STRIPE_CHECKOUT: 'elements',
        STRIPE_API_URL: stripe.url,
      },
      billing: { billingNow: () => new Date(T * 1000 + 3_600_000) },
    });
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  it('tells the page about Stripe and lets it load Stripe.js', async () => {
    const client = app.client();
    await client.register('stripe.config@example.org');
    const res = await client.get('/api/billing/config');
    expect(res.data).toEqual({ provider: 'stripe', publishableKey: 'pk_test_local', testMode: true });
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self' https://js.stripe.com");
  });

  it('checks out on the /checkout page, with a promotion code that remakes the unpaid subscription', async () => {
    const client = app.client();
    await client.register('stripe.coupon@example.org');
    const { subscriptionId, providerSubscriptionId, clientSecret } = await checkout(client);
    expect(stripe.requests.find((r) => r.path === '/v1/customers')!.idempotencyKey).toMatch(/^customer-/);
    const created = stripe.requests.find(
      (r) => r.path === '/v1/subscriptions' && (r.params.metadata as Record<string, string>).subscriptionId === subscriptionId,
    )!;
    expect(created.params).toMatchObject({ payment_behavior: 'default_incomplete', items: [{ price: 'price_basic_m' }] });

    const bad = await client.post('/api/billing/apply-coupon', { subscriptionId, couponCode: 'NOPE' });
    expect(bad.status).toBe(400);
    const applied = await client.post('/api/billing/apply-coupon', { subscriptionId, couponCode: ' vets10 ' });
    expect(applied.data.coupon).toEqual({ name: 'Veterans 10%', percent_off: 10, amount_off: null });
    const refreshed = await client.post('/api/billing/refresh-payment-intent', { subscriptionId });
    expect(refreshed.data).toMatchObject({ amount: 899, planName: 'Basic' });
    expect(refreshed.data.clientSecret).not.toBe(clientSecret);
    expect(stripe.subscriptions.get(providerSubscriptionId)!.status).toBe('canceled');
  });

  it('refuses a webhook whose signature does not verify, and records nothing', async () => {
    const client = app.client();
    await client.register('stripe.signature@example.org');
    const { subscriptionId, providerSubscriptionId } = await checkout(client);
    const payload = stripeEvent('invoice.paid', invoice(subscriptionId, providerSubscriptionId, T, T + 31 * 86400), T);
    const forged = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    for (const signature of [forged, 't=1,v1=deadbeef', '']) {
      const res = await send(payload, signature);
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ title: 'Invalid signature' });
    }
    const tampered = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await send(payload.replace('"amount_paid":999', '"amount_paid":1'), tampered)).status).toBe(400);
    expect(await types(subscriptionId)).toEqual(['SubscriptionCheckoutStarted']);
    expect(await tierOf(client)).toBe('free');
  });

  it('applies an event once however often Stripe delivers it, and the plan follows', async () => {
    const client = app.client();
    await client.register('stripe.redelivery@example.org');
    const { subscriptionId, providerSubscriptionId } = await checkout(client);
    const payload = stripeEvent('invoice.paid', invoice(subscriptionId, providerSubscriptionId, T, T + 31 * 86400), T);
    for (let i = 0; i < 3; i++) expect((await send(payload)).status).toBe(200);
    expect(await types(subscriptionId)).toEqual(['SubscriptionCheckoutStarted', 'SubscriptionActivated']);
    for (let i = 0; i < 100 && (await tierOf(client)) !== 'basic'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await tierOf(client)).toBe('basic');
    // The same invoice in another event (Stripe also sends invoice.payment_succeeded): still one.
    expect(
      (await send(stripeEvent('invoice.paid', invoice(subscriptionId, providerSubscriptionId, T, T + 31 * 86400), T + 1))).status,
    ).toBe(200);
    expect(await types(subscriptionId)).toEqual(['SubscriptionCheckoutStarted', 'SubscriptionActivated']);
  });

  it('keeps the newest word when Stripe delivers events out of order', async () => {
    const { subscriptionId, providerSubscriptionId } = await subscribed('stripe.order@example.org');
    const update = (cancel: boolean, created: number) =>
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject(subscriptionId, providerSubscriptionId, { cancel_at_period_end: cancel }),
        created,
      );
    // Canceled at T+20 and resumed at T+30 on Stripe, whose subscription is now not canceling; the
    // resume is delivered first, the older cancel after it.
    stripe.subscriptions.get(providerSubscriptionId)!.cancel_at_period_end = false;
    expect((await send(update(false, T + 30))).status).toBe(200);
    expect((await send(update(true, T + 20))).status).toBe(200);
    expect((await types(subscriptionId)).slice(1)).toEqual(['SubscriptionActivated']);
    stripe.subscriptions.get(providerSubscriptionId)!.cancel_at_period_end = true;
    expect((await send(update(true, T + 40))).status).toBe(200);
    expect((await types(subscriptionId)).at(-1)).toBe('SubscriptionCancellationScheduled');
    // A renewal's payment arriving before the older first payment's redelivery.
    expect(
      (
        await send(
          stripeEvent('invoice.paid', invoice(subscriptionId, providerSubscriptionId, T + 31 * 86400, T + 61 * 86400), T + 31 * 86400),
        )
      ).status,
    ).toBe(200);
    expect((await send(stripeEvent('invoice.paid', invoice(subscriptionId, providerSubscriptionId, T, T + 31 * 86400), T))).status).toBe(
      200,
    );
    expect((await types(subscriptionId)).filter((t) => t === 'SubscriptionRenewed' || t === 'SubscriptionActivated')).toEqual([
      'SubscriptionActivated',
      'SubscriptionRenewed',
    ]);
  });

  it('cancels at period end and resumes through Stripe, and ends when Stripe deletes the subscription', async () => {
    const { client, subscriptionId, providerSubscriptionId } = await subscribed('stripe.cancel@example.org');
    expect((await client.post('/api/billing/cancel', {})).data.subscription.cancel_at_period_end).toBe(true);
    expect(stripe.subscriptions.get(providerSubscriptionId)!.cancel_at_period_end).toBe(true);
    expect((await client.post('/api/billing/resume', {})).data.subscription.cancel_at_period_end).toBe(false);
    expect(stripe.subscriptions.get(providerSubscriptionId)!.cancel_at_period_end).toBe(false);
    const portal = await client.post('/api/billing/portal', {});
    expect(portal.data.url).toMatch(/^https:\/\/billing\.stripe\.com\//);

    const deleted = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject(subscriptionId, providerSubscriptionId, {
        status: 'canceled',
        ended_at: T + 31 * 86400,
        cancel_at_period_end: true,
      }),
      T + 31 * 86400,
    );
    expect((await send(deleted)).status).toBe(200);
    expect((await app.system.store.readStream(streams.subscription(subscriptionId))).events.at(-1)!.data).toMatchObject({
      reason: 'period_end',
    });
    for (let i = 0; i < 100 && (await tierOf(client)) !== 'free'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await tierOf(client)).toBe('free');
  });

  it('keeps the plan through a failed renewal and takes it when Stripe marks the subscription unpaid', async () => {
    const { client, subscriptionId, providerSubscriptionId } = await subscribed('stripe.unpaid@example.org');
    const failed = { ...invoice(subscriptionId, providerSubscriptionId, T + 31 * 86400, T + 61 * 86400), amount_paid: 0 };
    expect((await send(stripeEvent('invoice.payment_failed', failed, T + 31 * 86400))).status).toBe(200);
    expect(await eventually(() => statusOf(client), 'past_due')).toBe('past_due');
    expect(await tierOf(client)).toBe('basic');
    stripe.subscriptions.get(providerSubscriptionId)!.status = 'unpaid';
    expect(
      (
        await send(
          stripeEvent(
            'customer.subscription.updated',
            subscriptionObject(subscriptionId, providerSubscriptionId, { status: 'unpaid' }),
            T + 45 * 86400,
          ),
        )
      ).status,
    ).toBe(200);
    expect(await eventually(() => tierOf(client), 'free')).toBe('free');
    expect(await eventually(() => statusOf(client), 'unpaid')).toBe('unpaid');
  });

  it('refunds through Stripe (one refund however often asked) and cancels the subscription there', async () => {
    const { client, subscriptionId, providerSubscriptionId } = await subscribed('stripe.refund@example.org');
    const res = await client.post('/api/billing/refund', {});
    expect(res.status).toBe(200);
    expect(res.data.subscription).toMatchObject({ status: 'canceled', refundedAmount: 999 });
    const refund = stripe.requests.find((r) => r.path === '/v1/refunds')!;
    expect(refund.idempotencyKey).toBe(`refund-${subscriptionId}`);
    expect(refund.params).toMatchObject({ amount: '999' });
    expect(stripe.subscriptions.get(providerSubscriptionId)!.status).toBe('canceled');
    expect(await tierOf(client)).toBe('free');
    expect((await client.post('/api/billing/refund', {})).status).toBe(409);
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    // Stripe then reports the deletion: nothing more happens.
    const before = await types(subscriptionId);
    const deleted = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject(subscriptionId, providerSubscriptionId, {
        status: 'canceled',
        cancellation_details: { comment: 'refunded', reason: 'cancellation_requested' },
      }),
      T + 7200,
    );
    expect((await send(deleted)).status).toBe(200);
    expect(await types(subscriptionId)).toEqual(before);
  });

  it('acknowledges events about anything else without recording anything', async () => {
    const res = await send(stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }, T));
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ received: true, applied: 0 });
    const foreign = await send(
      stripeEvent(
        'invoice.paid',
        { ...invoice('not-ours', 'sub_x', T, T + 1), parent: { subscription_details: { subscription: 'sub_x', metadata: {} } } },
        T,
      ),
    );
    expect(foreign.data.applied).toBe(0);
  });
});
