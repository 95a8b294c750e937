import { BILLING_MESSAGES, streams, subscriptionPlans } from '@cc/contracts';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

/**
 * Billing over real HTTP with the offline test-mode provider: checkout, coupons, Stripe's test
 * cards, the tier that follows, cancel at period end (the provider's clock moved by the test),
 * the money-back guarantee, and someone else's subscription.
 */
const DAY = 86_400_000;
const clock = { now: new Date('2026-03-10T12:00:00Z') };
const advance = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));

const eventTypes = async (app: TestApp, streamId: string) => (await app.system.store.readStream(streamId)).events.map((e) => e.type);
const tierOf = async (client: TestClient) => (await client.get('/api/auth/user')).data.memberTier as string;

async function checkout(client: TestClient, body: unknown = { tierName: 'basic', cycle: 'monthly' }) {
  const res = await client.post('/api/billing/checkout', body);
  expect(res.status).toBe(200);
  const url = new URL(res.data.url, 'http://app.test');
  expect(url.pathname).toBe('/checkout');
  return { subscriptionId: url.searchParams.get('subscription_id')!, clientSecret: url.searchParams.get('client_secret')! };
}

const pay = (client: TestClient, clientSecret: string, cardNumber = '4242 4242 4242 4242') =>
  client.post('/api/billing/test-mode/pay', { clientSecret, cardNumber, expiry: '12 / 34', cvc: '123' });

async function subscribe(client: TestClient, tierName = 'basic') {
  const { subscriptionId, clientSecret } = await checkout(client, { tierName, cycle: 'monthly' });
  const paid = await pay(client, clientSecret);
  expect(paid.status).toBe(200);
  return subscriptionId;
}

async function upload(client: TestClient, fileName: string, text: string) {
  const address = await client.post('/api/objects/upload', {});
  const url = address.data.uploadURL as string;
  await client.request('PUT', url, { body: text, headers: { 'content-type': 'text/plain' } });
  const res = await client.put('/api/documents', { documentURL: url, fileName, fileType: 'text/plain', fileSize: Buffer.byteLength(text) });
  expect(res.status).toBe(201);
  return res.data.id as string;
}

describe('billing API (test mode)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ billing: { billingNow: () => clock.now, billingClock: false }, analysis: { analysisWaitMs: 20_000 } });
  });
  afterAll(async () => app.close());

  it('lists the plans on sale with prices in cents, both cycles and features', async () => {
    const res = await app.client().get('/api/subscription-plans');
    expect(res.status).toBe(200);
    expect(res.data).toEqual(subscriptionPlans());
    expect(res.data.map((p: { tierName: string }) => p.tierName)).toEqual(['free', 'basic', 'pro']);
    const basic = res.data[1];
    expect(basic).toMatchObject({ monthlyPrice: 999, yearlyPrice: 9590, mostPopular: false });
    expect(basic.prices).toEqual([
      { cycle: 'monthly', interval: 'month', amount: 999 },
      { cycle: 'yearly', interval: 'year', amount: 9590 },
    ]);
    expect(res.data[2].mostPopular).toBe(true);
  });

  it('tells the frontend it is in test mode', async () => {
    const client = app.client();
    await client.register('config@example.org');
    expect((await client.get('/api/billing/config')).data).toEqual({ provider: 'test', publishableKey: null, testMode: true });
    expect((await app.client().get('/api/billing/config')).status).toBe(401);
  });

  it('refuses bad input with problem details and records nothing', async () => {
    const client = app.client();
    const user = await client.register('bad.input@example.org');
    for (const body of [{ tierName: 'free' }, { tierName: 'gold', cycle: 'monthly' }, { tierName: 'basic', cycle: 'weekly' }, {}]) {
      const res = await client.post('/api/billing/checkout', body);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    expect((await client.post('/api/billing/apply-coupon', { subscriptionId: 'x' })).status).toBe(400);
    expect((await client.post('/api/billing/refresh-payment-intent', {})).status).toBe(400);
    expect((await pay(client, 'tpi_x_secret_y', '4242')).status).toBe(400);
    expect((await app.client().post('/api/billing/checkout', { tierName: 'basic' })).status).toBe(401);
    expect(await eventTypes(app, streams.billingCustomer(user.id))).toEqual([]);
  });

  it('checks out with a coupon, is declined with 4000…0002, pays with 4242…, and the plan follows at once', async () => {
    const client = app.client();
    const user = await client.register('flow@example.org');
    const docId = await upload(client, 'letter.txt', 'The veteran was seen for knee pain after a parachute landing in service.');
    const refused = await client.post(`/api/documents/${docId}/analyze`, { analysisType: 'general' });
    expect(refused.status).toBe(403);

    const { subscriptionId, clientSecret } = await checkout(client);
    expect((await client.get(`/api/billing/subscription?subscription_id=${subscriptionId}`)).data).toMatchObject({
      amount: 999,
      planName: 'Basic',
    });

    const invalid = await client.post('/api/billing/apply-coupon', { subscriptionId, couponCode: 'NOPE' });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({
      title: 'Invalid Coupon',
      detail: BILLING_MESSAGES.invalidCoupon,
      message: BILLING_MESSAGES.invalidCoupon,
    });

    const applied = await client.post('/api/billing/apply-coupon', { subscriptionId, couponCode: '  welcome20 ' });
    expect(applied.status).toBe(200);
    expect(applied.data.coupon).toEqual({ name: 'WELCOME20', percent_off: 20, amount_off: null });
    expect((await client.post('/api/billing/apply-coupon', { subscriptionId, couponCode: 'FIVEOFF' })).status).toBe(409);

    const refreshed = await client.post('/api/billing/refresh-payment-intent', { subscriptionId });
    expect(refreshed.data).toEqual({ clientSecret: expect.stringMatching(/_secret_/), amount: 799, planName: 'Basic' });
    expect(refreshed.data.clientSecret).not.toBe(clientSecret);
    // The payment the coupon replaced cannot be paid any more.
    expect((await pay(client, clientSecret)).status).toBe(404);
    expect((await client.get(`/api/billing/subscription?subscription_id=${subscriptionId}`)).data).toMatchObject({
      amount: 799,
      subtotal: 999,
    });

    const declined = await pay(client, refreshed.data.clientSecret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.data).toMatchObject({ title: 'Payment Failed', detail: 'Your card was declined.' });
    expect(await tierOf(client)).toBe('free');

    const paid = await pay(client, refreshed.data.clientSecret);
    expect(paid.status).toBe(200);
    expect(paid.data).toEqual({ status: 'succeeded', subscriptionId });
    // Read your writes: the very next request sees the new tier and its limits.
    expect(await tierOf(client)).toBe('basic');
    expect(await eventTypes(app, streams.subscription(subscriptionId))).toEqual([
      'SubscriptionCheckoutStarted',
      'CouponApplied',
      'SubscriptionPaymentFailed',
      'SubscriptionActivated',
    ]);
    const tierChange = (await app.system.store.readStream(streams.user(user.id))).events.find((e) => e.type === 'UserTierChanged')!;
    expect(tierChange.data).toEqual({ userId: user.id, from: 'free', to: 'basic', reason: 'subscription' });
    expect(tierChange.metadata).toMatchObject({ userId: null, service: 'billing-service' });

    const analyzed = await client.post(`/api/documents/${docId}/analyze`, { analysisType: 'general' });
    expect(analyzed.status).toBe(200);

    const view = (await client.get('/api/billing/subscription')).data;
    expect(view.user).toMatchObject({ id: user.id, memberTier: 'basic' });
    expect(view.subscription).toMatchObject({
      id: subscriptionId,
      status: 'active',
      cancel_at_period_end: false,
      current_period_start: Math.floor(clock.now.getTime() / 1000),
      current_period_end: Math.floor(Date.parse('2026-04-10T12:00:00Z') / 1000),
      items: { data: [{ price: { unit_amount: 999, recurring: { interval: 'month' }, product: { name: 'Basic' } } }] },
      coupon: { name: 'WELCOME20', percent_off: 20, amount_off: null },
      amountPaid: 799,
      guarantee: { eligible: true, until: '2026-04-09T12:00:00.000Z' },
    });
    // A paid subscription takes no coupon and no second payment.
    expect((await client.post('/api/billing/apply-coupon', { subscriptionId, couponCode: 'FIVEOFF' })).status).toBe(409);
    expect((await pay(client, refreshed.data.clientSecret)).status).toBe(409);
  });

  it('asks for authentication with 4000 0025 0000 3155: failing it is a failed payment, approving it pays', async () => {
    const client = app.client();
    await client.register('three.d.secure@example.org');
    const { subscriptionId, clientSecret } = await checkout(client, { tierName: 'pro', cycle: 'yearly' });
    expect((await client.get(`/api/billing/subscription?subscription_id=${subscriptionId}`)).data).toMatchObject({
      amount: 19190,
      planName: 'Pro (yearly)',
      interval: 'year',
    });

    const asked = await pay(client, clientSecret, '4000002500003155');
    expect(asked.data).toEqual({ status: 'requires_action', subscriptionId });
    const failed = await client.post('/api/billing/test-mode/authenticate', { clientSecret, outcome: 'fail' });
    expect(failed.status).toBe(402);
    expect(failed.data.detail).toBe(BILLING_MESSAGES.authenticationFailed);
    expect(await tierOf(client)).toBe('free');
    // Only a payment that waits for authentication can be authenticated.
    expect((await client.post('/api/billing/test-mode/authenticate', { clientSecret, outcome: 'approve' })).status).toBe(409);

    expect((await pay(client, clientSecret, '4000 0025 0000 3155')).data.status).toBe('requires_action');
    const approved = await client.post('/api/billing/test-mode/authenticate', { clientSecret, outcome: 'approve' });
    expect(approved.data).toEqual({ status: 'succeeded', subscriptionId });
    expect(await tierOf(client)).toBe('pro');
  });

  it('cancels at period end (resume in between), and the plan ends when the period does', async () => {
    const client = app.client();
    const user = await client.register('cancel@example.org');
    const subscriptionId = await subscribe(client);
    const cancel = await client.post('/api/billing/cancel', {});
    expect(cancel.status).toBe(200);
    expect(cancel.data.subscription).toMatchObject({ id: subscriptionId, status: 'active', cancel_at_period_end: true });
    const resumed = await client.post('/api/billing/resume', {});
    expect(resumed.data.subscription.cancel_at_period_end).toBe(false);
    expect((await client.post('/api/billing/cancel', {})).data.subscription.cancel_at_period_end).toBe(true);
    // Asked twice: one event.
    await client.post('/api/billing/cancel', {});
    expect(
      (await eventTypes(app, streams.subscription(subscriptionId))).filter((t) => t === 'SubscriptionCancellationScheduled'),
    ).toHaveLength(2);

    await app.system.billing.advanceClock();
    expect(await tierOf(client)).toBe('basic');
    const saved = clock.now;
    advance(32 * DAY);
    try {
      await app.system.billing.advanceClock();
    } finally {
      clock.now = saved;
    }
    const types = await eventTypes(app, streams.subscription(subscriptionId));
    expect(types.at(-1)).toBe('SubscriptionCanceled');
    const ended = (await app.system.store.readStream(streams.subscription(subscriptionId))).events.at(-1)!;
    expect(ended.data).toMatchObject({ reason: 'period_end', canceledAt: '2026-04-10T12:00:00.000Z' });
    // The worker sets the tier: the user's session sees it shortly after.
    for (let i = 0; i < 100 && (await tierOf(client)) !== 'free'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await tierOf(client)).toBe('free');
    expect((await client.get('/api/billing/subscription')).data.subscription).toMatchObject({
      status: 'canceled',
      cancel_at_period_end: false,
    });
    expect((await client.post('/api/billing/resume', {})).status).toBe(409);
    expect(await eventTypes(app, streams.billingCustomer(user.id))).toEqual([
      'BillingCustomerCreated',
      'BillingEntitlementChanged',
      'BillingEntitlementChanged',
    ]);
  });

  it('renews at the end of each period at the list price', async () => {
    const client = app.client();
    await client.register('renewal@example.org');
    const subscriptionId = await subscribe(client);
    const saved = clock.now;
    advance(31 * DAY + 1);
    try {
      await app.system.billing.advanceClock();
    } finally {
      clock.now = saved;
    }
    const renewed = (await app.system.store.readStream(streams.subscription(subscriptionId))).events.at(-1)!;
    expect(renewed.type).toBe('SubscriptionRenewed');
    expect(renewed.data).toMatchObject({
      amountPaid: 999,
      currentPeriodStart: '2026-04-10T12:00:00.000Z',
      currentPeriodEnd: '2026-05-10T12:00:00.000Z',
    });
    expect(await tierOf(client)).toBe('basic');
  });

  it('refunds a first Basic subscription within 30 days and returns the user to Free at once', async () => {
    const client = app.client();
    await client.register('refund@example.org');
    const subscriptionId = await subscribe(client);
    const refund = await client.post('/api/billing/refund', {});
    expect(refund.status).toBe(200);
    expect(refund.data.amountRefunded).toBe(999);
    expect(refund.data.subscription).toMatchObject({
      id: subscriptionId,
      status: 'canceled',
      refundedAmount: 999,
      guarantee: { eligible: false },
    });
    expect(await tierOf(client)).toBe('free');
    expect((await eventTypes(app, streams.subscription(subscriptionId))).slice(-2)).toEqual([
      'SubscriptionRefunded',
      'SubscriptionCanceled',
    ]);
    expect((await client.post('/api/billing/refund', {})).status).toBe(409);

    // A second subscription is not covered.
    await subscribe(client);
    const second = await client.post('/api/billing/refund', {});
    expect(second.status).toBe(409);
    expect(second.data.detail).toBe(BILLING_MESSAGES.refundRefusedNotFirst);
    expect(await tierOf(client)).toBe('basic');
  });

  it('refuses the refund after 30 days, and for Pro', async () => {
    const late = app.client();
    await late.register('late.refund@example.org');
    await subscribe(late);
    const saved = clock.now;
    advance(30 * DAY + 60_000);
    try {
      const res = await late.post('/api/billing/refund', {});
      expect(res.status).toBe(409);
      expect(res.data.detail).toBe(BILLING_MESSAGES.refundRefusedWindow);
    } finally {
      clock.now = saved;
    }
    const pro = app.client();
    await pro.register('pro.refund@example.org');
    await subscribe(pro, 'pro');
    expect((await pro.post('/api/billing/refund', {})).status).toBe(409);
    expect(await tierOf(pro)).toBe('pro');
  });

  it('refuses a second checkout for the plan just paid for, even while the subscription read model does not show it yet', async () => {
    const client = app.client();
    await client.register('twice@example.org');
    const { clientSecret } = await checkout(client);
    await app.system.projections.runner.stop();
    try {
      expect((await pay(client, clientSecret)).status).toBe(200);
      // The subscriptions' read model is asynchronous and stopped (the profile's tier is kept inline
      // and may already show the plan, once the tier worker has recorded it).
      expect((await client.get('/api/billing/subscription')).data.subscription).toBeNull();
      const again = await client.post('/api/billing/checkout', { tierName: 'basic', cycle: 'yearly' });
      expect(again.status).toBe(409);
      expect(again.data.detail).toBe('Your plan already includes Basic.');
      expect((await client.post('/api/billing/checkout', { tierName: 'pro', cycle: 'monthly' })).status).toBe(200);
    } finally {
      app.system.projections.runner.start();
    }
    expect(await tierOf(client)).toBe('basic');
  });

  it('upgrades from Basic to Pro: the Pro subscription replaces the Basic one', async () => {
    const client = app.client();
    await client.register('upgrade@example.org');
    const basic = await subscribe(client);
    expect((await client.post('/api/billing/checkout', { tierName: 'basic', cycle: 'yearly' })).status).toBe(409);
    const pro = await subscribe(client, 'pro');
    expect(await tierOf(client)).toBe('pro');
    const replaced = (await app.system.store.readStream(streams.subscription(basic))).events.at(-1)!;
    expect(replaced.data).toMatchObject({ reason: 'replaced' });
    expect((await client.get('/api/billing/subscription')).data.subscription).toMatchObject({ id: pro, tierName: 'pro', status: 'active' });
  });

  it('cancels the subscription at the provider when the account is deleted, so nobody pays for a deleted account', async () => {
    const client = app.client();
    await client.register('leaving@example.org');
    const subscriptionId = await subscribe(client);
    const providerId = (await app.system.knex('test_mode_subscriptions').where({ subscription_id: subscriptionId }).first()).id as string;
    expect((await client.request('DELETE', '/api/account', { json: { password: 'correct horse battery' } })).status).toBe(204);
    const ended = (await app.system.store.readStream(streams.subscription(subscriptionId))).events.at(-1)!;
    expect(ended).toMatchObject({ type: 'SubscriptionCanceled', data: { reason: 'account_erased' } });
    expect((await app.system.knex('test_mode_subscriptions').where({ id: providerId }).first()).status).toBe('canceled');
  });

  it("answers 404 for someone else's subscription everywhere, and records nothing", async () => {
    const owner = app.client();
    await owner.register('owner@example.org');
    const { subscriptionId, clientSecret } = await checkout(owner);
    const stranger = app.client();
    await stranger.register('stranger@example.org');
    const before = await eventTypes(app, streams.subscription(subscriptionId));
    expect((await stranger.get(`/api/billing/subscription?subscription_id=${subscriptionId}`)).status).toBe(404);
    expect((await stranger.get('/api/billing/subscription?subscription_id=not-a-uuid')).status).toBe(404);
    expect((await stranger.post('/api/billing/apply-coupon', { subscriptionId, couponCode: 'WELCOME20' })).status).toBe(404);
    expect((await stranger.post('/api/billing/refresh-payment-intent', { subscriptionId })).status).toBe(404);
    expect((await pay(stranger, clientSecret)).status).toBe(404);
    expect((await stranger.post('/api/billing/test-mode/authenticate', { clientSecret, outcome: 'approve' })).status).toBe(404);
    expect(await eventTypes(app, streams.subscription(subscriptionId))).toEqual(before);
    expect((await stranger.get('/api/billing/subscription')).data.subscription).toBeNull();
    for (const path of ['/api/billing/cancel', '/api/billing/resume', '/api/billing/refund', '/api/billing/portal']) {
      expect((await stranger.post(path, {})).status).toBe(409);
    }
  });

  it('has no webhook in test mode', async () => {
    const res = await app.client().request('POST', '/api/billing/webhook', { body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(404);
  });
});
