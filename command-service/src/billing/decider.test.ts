import { BILLING_MESSAGES, type ProviderFact } from '@cc/contracts';
import { deciderSpec } from '@cc/platform/testing/deciderSpec';
import { customerDecider, type CustomerCommand, type CustomerEvent } from './customerDecider';
import { entitlementOf, subscriptionDecider, type SubscriptionCommand, type SubscriptionEvent } from './decider';

const SUB = '11111111-1111-4111-8111-111111111111';
const USER = 'u1';
const T0 = '2026-03-10T12:00:00.000Z';
const at = (days: number, base = T0) => new Date(Date.parse(base) + days * 86_400_000).toISOString();

const started: SubscriptionEvent = {
  type: 'SubscriptionCheckoutStarted',
  data: {
    subscriptionId: SUB,
    userId: USER,
    provider: 'test',
    providerSubscriptionId: 'tsub_1',
    customerId: 'tcus_1',
    tierName: 'basic',
    cycle: 'monthly',
    planName: 'Basic',
    amount: 999,
    currency: 'usd',
    startedAt: T0,
  },
};
const activated: SubscriptionEvent = {
  type: 'SubscriptionActivated',
  data: {
    subscriptionId: SUB,
    userId: USER,
    tierName: 'basic',
    cycle: 'monthly',
    planName: 'Basic',
    providerSubscriptionId: 'tsub_1',
    paymentId: 'pay_e1',
    amountPaid: 999,
    currency: 'usd',
    currentPeriodStart: T0,
    currentPeriodEnd: at(31),
    activatedAt: T0,
  },
};
const paid = (eventId: string, periodStart: string, periodEnd: string, when = periodStart): ProviderFact => ({
  kind: 'payment_succeeded',
  eventId,
  subscriptionId: SUB,
  providerSubscriptionId: 'tsub_1',
  paymentId: `pay_${eventId}`,
  amountPaid: 999,
  currency: 'usd',
  periodStart,
  periodEnd,
  at: when,
});
const fact = (f: ProviderFact): SubscriptionCommand => ({ type: 'RecordProviderFact', data: { fact: f } });

const { given } = deciderSpec(subscriptionDecider);

describe('subscription decider', () => {
  it('starts a checkout at the list price of the plan and cycle', () => {
    given()
      .when({
        type: 'StartCheckout',
        data: {
          subscriptionId: SUB,
          userId: USER,
          provider: 'test',
          providerSubscriptionId: 'tsub_1',
          customerId: 'tcus_1',
          tierName: 'basic',
          cycle: 'monthly',
          now: new Date(T0),
        },
      })
      .then([started]);
    given(started)
      .when({
        type: 'StartCheckout',
        data: {
          subscriptionId: SUB,
          userId: USER,
          provider: 'test',
          providerSubscriptionId: null,
          customerId: 'c',
          tierName: 'pro',
          cycle: 'yearly',
          now: new Date(T0),
        },
      })
      .thenFails('conflict');
  });

  describe('coupons', () => {
    const coupon = { id: 'tcoupon_WELCOME20', code: 'WELCOME20', name: 'WELCOME20', percentOff: 20, amountOff: null };
    const apply = (actorId = USER): SubscriptionCommand => ({
      type: 'ApplyCoupon',
      data: { actorId, coupon, providerSubscriptionId: 'tsub_2', now: new Date(T0) },
    });

    it('takes the coupon off the first payment', () => {
      given(started)
        .when(apply())
        .then([
          {
            type: 'CouponApplied',
            data: {
              subscriptionId: SUB,
              userId: USER,
              couponId: coupon.id,
              code: 'WELCOME20',
              name: 'WELCOME20',
              percentOff: 20,
              amountOff: null,
              amountDue: 799,
              providerSubscriptionId: 'tsub_2',
              appliedAt: T0,
            },
          },
        ]);
      const amountOff = { ...coupon, percentOff: null, amountOff: 1500 };
      const [event] = given(started)
        .when({ type: 'ApplyCoupon', data: { actorId: USER, coupon: amountOff, providerSubscriptionId: 'x', now: new Date(T0) } })
        .decide();
      expect(event!.data).toMatchObject({ amountDue: 0 });
    });

    it('takes one coupon, only before payment, and only from the owner', () => {
      const [applied] = given(started).when(apply()).decide();
      given(started, applied!).when(apply()).thenFails('conflict');
      given(started, activated).when(apply()).thenFails('conflict');
      given(started).when(apply('someone-else')).thenFails('not-found');
      given().when(apply()).thenFails('not-found');
    });
  });

  describe('payments', () => {
    it('activates on the first payment, then renews on each later period', () => {
      given(started)
        .when(fact(paid('e1', T0, at(31))))
        .then([activated]);
      given(started, activated)
        .when(fact(paid('e2', at(31), at(61))))
        .thenTypes(['SubscriptionRenewed']);
    });

    it('applies a payment once, and ignores an older one that arrives late', () => {
      given(started, activated)
        .when(fact(paid('e1', T0, at(31))))
        .then([]);
      given(started, activated)
        .when(fact(paid('old', at(-30), T0)))
        .then([]);
    });

    it('keeps a declined first payment incomplete, and a failed renewal past due (the plan stays for the grace period)', () => {
      const declined: ProviderFact = {
        kind: 'payment_failed',
        eventId: 'f1',
        subscriptionId: SUB,
        paymentId: 'tpi_1',
        amountDue: 999,
        reason: BILLING_MESSAGES.cardDeclined,
        at: T0,
      };
      given(started)
        .when(fact(declined))
        .then([
          {
            type: 'SubscriptionPaymentFailed',
            data: {
              subscriptionId: SUB,
              userId: USER,
              planName: 'Basic',
              paymentId: 'tpi_1',
              amountDue: 999,
              currency: 'usd',
              reason: 'Your card was declined.',
              status: 'incomplete',
              failedAt: T0,
            },
          },
        ]);
      const renewalFailed = { ...declined, eventId: 'f2', at: at(31) };
      const [pastDue] = given(started, activated).when(fact(renewalFailed)).decide();
      expect(pastDue!.data).toMatchObject({ status: 'past_due' });
      expect(entitlementOf(given(started, activated, pastDue!).state)).toBe('basic');
      // A failure older than a success that came after it changes nothing.
      given(started, activated)
        .when(fact({ ...declined, at: at(-1) }))
        .then([]);
    });

    it('marks a past-due subscription unpaid when the grace period ends: the plan goes', () => {
      const [pastDue] = given(started, activated)
        .when(fact({ kind: 'payment_failed', eventId: 'f', subscriptionId: SUB, paymentId: 'p', amountDue: 999, reason: 'x', at: at(31) }))
        .decide();
      const [unpaid] = given(started, activated, pastDue!)
        .when(fact({ kind: 'unpaid', eventId: 'u', subscriptionId: SUB, at: at(38) }))
        .decide();
      expect(unpaid!.type).toBe('SubscriptionMarkedUnpaid');
      expect(entitlementOf(given(started, activated, pastDue!, unpaid!).state)).toBeNull();
      given(started)
        .when(fact({ kind: 'unpaid', eventId: 'u', subscriptionId: SUB, at: T0 }))
        .then([]);
    });

    it('refuses a fact about a subscription it has never seen', () => {
      given()
        .when(fact(paid('e1', T0, at(31))))
        .thenFails('not-found');
    });
  });

  describe('cancel at period end and resume', () => {
    const cancel = (actorId = USER, now = at(3)): SubscriptionCommand => ({
      type: 'ScheduleCancellation',
      data: { actorId, now: new Date(now) },
    });
    const scheduled: SubscriptionEvent = {
      type: 'SubscriptionCancellationScheduled',
      data: { subscriptionId: SUB, userId: USER, planName: 'Basic', cancelAt: at(31), requestedAt: at(3) },
    };

    it('schedules the end of the subscription at the end of the period, once', () => {
      given(started, activated).when(cancel()).then([scheduled]);
      given(started, activated, scheduled).when(cancel()).then([]);
      given(started).when(cancel()).thenFails('conflict');
      given(started, activated).when(cancel('stranger')).thenFails('not-found');
    });

    it('resumes a scheduled cancellation', () => {
      given(started, activated, scheduled)
        .when({ type: 'Resume', data: { actorId: USER, now: new Date(at(4)) } })
        .then([
          {
            type: 'SubscriptionResumed',
            data: { subscriptionId: SUB, userId: USER, planName: 'Basic', currentPeriodEnd: at(31), resumedAt: at(4) },
          },
        ]);
      given(started, activated)
        .when({ type: 'Resume', data: { actorId: USER, now: new Date(at(4)) } })
        .then([]);
    });

    it('takes the provider’s newest word on the cancellation, and sets aside an older one arriving late', () => {
      const change = (cancelAtPeriodEnd: boolean, when: string): SubscriptionCommand =>
        fact({ kind: 'cancellation_changed', eventId: `c${when}`, subscriptionId: SUB, cancelAtPeriodEnd, at: when });
      given(started, activated)
        .when(change(true, at(3)))
        .thenTypes(['SubscriptionCancellationScheduled']);
      // Resumed at day 4 (newer); the day-3 "cancel" delivered after it is old news.
      const resumed: SubscriptionEvent = {
        type: 'SubscriptionResumed',
        data: { subscriptionId: SUB, userId: USER, planName: 'Basic', currentPeriodEnd: at(31), resumedAt: at(4) },
      };
      given(started, activated, scheduled, resumed)
        .when(change(true, at(3)))
        .then([]);
      given(started, activated, scheduled, resumed)
        .when(change(true, at(5)))
        .thenTypes(['SubscriptionCancellationScheduled']);
    });

    it('ends the subscription; nothing the provider says afterwards revives it', () => {
      const ended = given(started, activated, scheduled)
        .when(fact({ kind: 'canceled', eventId: 'x', subscriptionId: SUB, reason: 'period_end', at: at(31) }))
        .decide();
      expect(ended).toEqual([
        {
          type: 'SubscriptionCanceled',
          data: { subscriptionId: SUB, userId: USER, tierName: 'basic', planName: 'Basic', reason: 'period_end', canceledAt: at(31) },
        },
      ]);
      const state = given(started, activated, scheduled, ...ended);
      expect(entitlementOf(state.state)).toBeNull();
      state.when(fact(paid('late', at(31), at(61)))).then([]);
      state.when(fact({ kind: 'canceled', eventId: 'y', subscriptionId: SUB, reason: 'provider', at: at(32) })).then([]);
    });
  });

  describe('plan changes from the provider', () => {
    it('moves to the new plan, and ignores a report of the plan it already has', () => {
      const change = (tierName: 'basic' | 'pro', when = at(5)) =>
        fact({ kind: 'plan_changed', eventId: `p${when}`, subscriptionId: SUB, tierName, cycle: 'monthly', at: when });
      const [changed] = given(started, activated).when(change('pro')).decide();
      expect(changed).toMatchObject({
        type: 'SubscriptionPlanChanged',
        data: { fromTierName: 'basic', tierName: 'pro', planName: 'Pro', amount: 1999 },
      });
      expect(entitlementOf(given(started, activated, changed!).state)).toBe('pro');
      given(started, activated).when(change('basic')).then([]);
      given(started, activated, changed!)
        .when(change('basic', at(4)))
        .then([]);
    });
  });

  describe('the 30-day money-back guarantee', () => {
    const refund = (now: string, first: string | null = SUB, actorId = USER): SubscriptionCommand => ({
      type: 'Refund',
      data: { actorId, now: new Date(now), firstEntitledSubscriptionId: first, refundId: 're_1', amountRefunded: 999 },
    });

    it('refunds a first Basic subscription within 30 days and ends it', () => {
      given(started, activated)
        .when(refund(at(29)))
        .then([
          {
            type: 'SubscriptionRefunded',
            data: {
              subscriptionId: SUB,
              userId: USER,
              planName: 'Basic',
              refundId: 're_1',
              amountRefunded: 999,
              currency: 'usd',
              refundedAt: at(29),
            },
          },
          {
            type: 'SubscriptionCanceled',
            data: { subscriptionId: SUB, userId: USER, tierName: 'basic', planName: 'Basic', reason: 'refunded', canceledAt: at(29) },
          },
        ]);
      given(started, activated)
        .when(refund(at(30)))
        .thenTypes(['SubscriptionRefunded', 'SubscriptionCanceled']);
    });

    it('refuses it after 30 days, for a second subscription, for Pro, twice, or for someone else', () => {
      given(started, activated)
        .when(refund(at(30.001)))
        .thenFails('conflict', BILLING_MESSAGES.refundRefusedWindow);
      given(started, activated)
        .when(refund(at(1), 'another-subscription'))
        .thenFails('conflict', BILLING_MESSAGES.refundRefusedNotFirst);
      const pro: SubscriptionEvent = {
        ...started,
        data: { ...started.data, tierName: 'pro', planName: 'Pro', amount: 1999 },
      } as SubscriptionEvent;
      given(pro, { ...activated, data: { ...activated.data, tierName: 'pro' } } as SubscriptionEvent)
        .when(refund(at(1)))
        .thenFails('conflict', BILLING_MESSAGES.refundRefusedNotFirst);
      const done = given(started, activated)
        .when(refund(at(1)))
        .decide();
      given(started, activated, ...done)
        .when(refund(at(2)))
        .thenFails('conflict');
      given(started, activated)
        .when(refund(at(1), SUB, 'stranger'))
        .thenFails('not-found');
      given(started)
        .when(refund(at(1)))
        .thenFails('conflict');
    });

    it('records the refund when the provider reported the refund’s cancellation first', () => {
      const [ended] = given(started, activated)
        .when(fact({ kind: 'canceled', eventId: 'x', subscriptionId: SUB, reason: 'refunded', at: at(2) }))
        .decide();
      given(started, activated, ended!)
        .when(refund(at(2)))
        .thenTypes(['SubscriptionRefunded']);
    });
  });
});

describe('billing-customer decider', () => {
  const entitle = (subscriptionId: string, tierName: 'basic' | 'pro' | null): CustomerCommand => ({
    type: 'RecordEntitlement',
    data: { userId: USER, subscriptionId, tierName },
  });
  const changed = (subscriptionId: string, tierName: 'basic' | 'pro' | null, effectiveTier: 'free' | 'basic' | 'pro'): CustomerEvent => ({
    type: 'BillingEntitlementChanged',
    data: { userId: USER, subscriptionId, tierName, effectiveTier },
  });
  const customer = deciderSpec(customerDecider);

  it('keeps one customer per provider', () => {
    const created: CustomerEvent = { type: 'BillingCustomerCreated', data: { userId: USER, provider: 'stripe', customerId: 'cus_1' } };
    customer.given().when({ type: 'CreateCustomer', data: created.data }).then([created]);
    customer
      .given(created)
      .when({ type: 'CreateCustomer', data: { ...created.data, customerId: 'cus_2' } })
      .then([]);
  });

  it('gives the best tier any subscription entitles to, and Free when none does', () => {
    customer
      .given()
      .when(entitle('a', 'basic'))
      .then([changed('a', 'basic', 'basic')]);
    customer
      .given(changed('a', 'basic', 'basic'))
      .when(entitle('b', 'pro'))
      .then([changed('b', 'pro', 'pro')]);
    customer
      .given(changed('a', 'basic', 'basic'), changed('b', 'pro', 'pro'))
      .when(entitle('a', null))
      .then([changed('a', null, 'pro')]);
    customer
      .given(changed('a', 'basic', 'basic'), changed('b', 'pro', 'pro'), changed('a', null, 'pro'))
      .when(entitle('b', null))
      .then([changed('b', null, 'free')]);
  });

  it('records nothing for an unpaid checkout or an unchanged entitlement, and remembers the first paid subscription', () => {
    customer.given().when(entitle('a', null)).then([]);
    customer
      .given(changed('a', 'basic', 'basic'))
      .when(entitle('a', 'basic'))
      .then([]);
    expect(
      customer.given(changed('a', 'basic', 'basic'), changed('a', null, 'free'), changed('b', 'basic', 'basic')).state
        .firstEntitledSubscriptionId,
    ).toBe('a');
  });
});
