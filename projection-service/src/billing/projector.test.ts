import { randomUUID } from 'node:crypto';
import { projectorSpec } from '../testing/projectorSpec';
import { billingSubscriptionsProjector } from './projector';

describe('billing subscriptions projector', () => {
  const spec = projectorSpec(() => [billingSubscriptionsProjector()]);
  const userId = randomUUID();
  const subscriptionId = randomUUID();
  const stream = `subscription-${subscriptionId}`;
  const T0 = '2026-03-10T12:00:00.000Z';
  const base = { subscriptionId, userId, planName: 'Basic' };

  const started = {
    type: 'SubscriptionCheckoutStarted',
    data: {
      ...base,
      provider: 'test',
      providerSubscriptionId: null,
      customerId: 'tcus_1',
      tierName: 'basic',
      cycle: 'monthly',
      amount: 999,
      currency: 'usd',
      startedAt: T0,
    },
  };
  const activated = {
    type: 'SubscriptionActivated',
    data: {
      ...base,
      tierName: 'basic',
      cycle: 'monthly',
      providerSubscriptionId: 'tsub_1',
      paymentId: 'pay_1',
      amountPaid: 799,
      currency: 'usd',
      currentPeriodStart: T0,
      currentPeriodEnd: '2026-04-10T12:00:00.000Z',
      activatedAt: T0,
    },
  };

  it('starts a checkout as incomplete at the list price, and a coupon lowers what is due', async () => {
    await spec.given(stream, [started], { occurredAt: T0 });
    await spec.thenRows('billing_subscriptions', [
      {
        subscription_id: subscriptionId,
        user_id: userId,
        provider: 'test',
        provider_subscription_id: null,
        tier_name: 'basic',
        cycle: 'monthly',
        plan_name: 'Basic',
        amount: 999,
        amount_due: 999,
        currency: 'usd',
        status: 'incomplete',
        coupon: null,
        cancel_at_period_end: false,
        started_at: new Date(T0),
      },
    ]);
    await spec.given(stream, [
      {
        type: 'CouponApplied',
        data: {
          ...base,
          couponId: 'tcoupon_WELCOME20',
          code: 'WELCOME20',
          name: 'WELCOME20',
          percentOff: 20,
          amountOff: null,
          amountDue: 799,
          providerSubscriptionId: 'tsub_1',
          appliedAt: T0,
        },
      },
    ]);
    await spec.thenRows('billing_subscriptions', [
      {
        amount: 999,
        amount_due: 799,
        provider_subscription_id: 'tsub_1',
        coupon: { name: 'WELCOME20', percent_off: 20, amount_off: null },
      },
    ]);
  });

  it('activates, renews, fails a renewal and plans the cancellation as the events say', async () => {
    await spec.given(stream, [started, activated]);
    await spec.thenRows('billing_subscriptions', [
      {
        status: 'active',
        provider_subscription_id: 'tsub_1',
        current_period_start: new Date(T0),
        current_period_end: new Date('2026-04-10T12:00:00.000Z'),
        activated_at: new Date(T0),
        first_amount_paid: 799,
        last_amount_paid: 799,
      },
    ]);
    await spec.given(stream, [
      {
        type: 'SubscriptionRenewed',
        data: {
          ...base,
          tierName: 'basic',
          paymentId: 'pay_2',
          amountPaid: 999,
          currency: 'usd',
          currentPeriodStart: '2026-04-10T12:00:00.000Z',
          currentPeriodEnd: '2026-05-10T12:00:00.000Z',
          renewedAt: '2026-04-10T12:00:00.000Z',
        },
      },
    ]);
    await spec.thenRows('billing_subscriptions', [
      { status: 'active', current_period_end: new Date('2026-05-10T12:00:00.000Z'), first_amount_paid: 799, last_amount_paid: 999 },
    ]);
    await spec.given(stream, [
      {
        type: 'SubscriptionPaymentFailed',
        data: {
          ...base,
          paymentId: 'pay_3',
          amountDue: 999,
          currency: 'usd',
          reason: 'Your card was declined.',
          status: 'past_due',
          failedAt: '2026-05-10T12:00:00.000Z',
        },
      },
      {
        type: 'SubscriptionCancellationScheduled',
        data: { ...base, cancelAt: '2026-06-10T12:00:00.000Z', requestedAt: '2026-05-11T12:00:00.000Z' },
      },
    ]);
    await spec.thenRows('billing_subscriptions', [{ status: 'past_due', cancel_at_period_end: true }]);
    await spec.given(stream, [
      {
        type: 'SubscriptionResumed',
        data: { ...base, currentPeriodEnd: '2026-06-10T12:00:00.000Z', resumedAt: '2026-05-12T12:00:00.000Z' },
      },
      {
        type: 'SubscriptionPlanChanged',
        data: {
          ...base,
          fromTierName: 'basic',
          fromCycle: 'monthly',
          tierName: 'pro',
          cycle: 'yearly',
          planName: 'Pro',
          amount: 19900,
          changedAt: '2026-05-12T12:00:00.000Z',
        },
      },
      { type: 'SubscriptionMarkedUnpaid', data: { ...base, planName: 'Pro', markedAt: '2026-05-20T12:00:00.000Z' } },
    ]);
    await spec.thenRows('billing_subscriptions', [
      { cancel_at_period_end: false, tier_name: 'pro', cycle: 'yearly', plan_name: 'Pro', amount: 19900, status: 'unpaid' },
    ]);
  });

  it('records a refund and the cancellation with its reason', async () => {
    await spec.given(stream, [started, activated]);
    await spec.given(stream, [
      {
        type: 'SubscriptionCancellationScheduled',
        data: { ...base, cancelAt: '2026-04-10T12:00:00.000Z', requestedAt: '2026-03-11T12:00:00.000Z' },
      },
      {
        type: 'SubscriptionRefunded',
        data: { ...base, refundId: 're_1', amountRefunded: 799, currency: 'usd', refundedAt: '2026-03-12T12:00:00.000Z' },
      },
      { type: 'SubscriptionCanceled', data: { ...base, tierName: 'basic', reason: 'refunded', canceledAt: '2026-03-12T12:00:00.000Z' } },
    ]);
    await spec.thenRows('billing_subscriptions', [
      {
        status: 'canceled',
        cancel_at_period_end: false,
        canceled_at: new Date('2026-03-12T12:00:00.000Z'),
        cancel_reason: 'refunded',
        refunded_amount: 799,
      },
    ]);
  });

  it('remembers the first subscription that paid for a tier, and drops the rows when the account is erased', async () => {
    const second = randomUUID();
    const customer = `billing-customer-${userId}`;
    await spec.given(customer, [
      { type: 'BillingEntitlementChanged', data: { userId, subscriptionId, tierName: null, effectiveTier: 'free' } },
      { type: 'BillingEntitlementChanged', data: { userId, subscriptionId: second, tierName: 'basic', effectiveTier: 'basic' } },
      { type: 'BillingEntitlementChanged', data: { userId, subscriptionId, tierName: 'pro', effectiveTier: 'pro' } },
    ]);
    await spec.given(stream, [started]);
    await spec.thenRows('billing_customers', [{ user_id: userId, first_entitled_subscription_id: second }]);
    await spec.given(`account-${userId}`, [{ type: 'AccountErased', data: { userId, erasedAt: '2026-03-13T00:00:00.000Z' } }]);
    await spec.thenRows('billing_customers', []);
    await spec.thenRows('billing_subscriptions', []);
  });
});
