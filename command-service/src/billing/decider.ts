import {
  BILLING_MESSAGES,
  MONEY_BACK_GUARANTEE_DAYS,
  MONEY_BACK_GUARANTEE_TIER,
  discountedAmount,
  planNameOf,
  priceOf,
  type AppliedCoupon,
  type BillingCycle,
  type CancelReason,
  type PaidTierName,
  type PaymentProviderKind,
  type ProviderFact,
  type SubscriptionEvent,
  type SubscriptionStatus,
} from '@cc/contracts';
import { DomainError, type Decider } from '@cc/platform';

export type { SubscriptionEvent };

export interface SubscriptionState {
  exists: boolean;
  subscriptionId: string;
  userId: string;
  provider: PaymentProviderKind;
  providerSubscriptionId: string | null;
  customerId: string;
  tierName: PaidTierName;
  cycle: BillingCycle;
  planName: string;
  /** The list price of one cycle, and what the first payment comes to after a coupon. */
  amount: number;
  amountDue: number;
  currency: string;
  coupon: AppliedCoupon | null;
  status: SubscriptionStatus;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  activatedAt: string | null;
  firstPaymentId: string | null;
  firstAmountPaid: number;
  /** The provider's times of the latest change of each kind: an older report arriving late is ignored. */
  lastPaymentAt: string | null;
  lastFailureAt: string | null;
  cancellationChangedAt: string | null;
  planChangedAt: string | null;
  refunded: boolean;
  cancelReason: CancelReason | null;
}

export type SubscriptionCommand =
  | {
      type: 'StartCheckout';
      data: {
        subscriptionId: string;
        userId: string;
        provider: PaymentProviderKind;
        providerSubscriptionId: string | null;
        customerId: string;
        tierName: PaidTierName;
        cycle: BillingCycle;
        now: Date;
      };
    }
  | { type: 'ApplyCoupon'; data: { actorId: string; coupon: AppliedCoupon; providerSubscriptionId: string; now: Date } }
  | { type: 'RecordProviderFact'; data: { fact: ProviderFact } }
  | { type: 'ScheduleCancellation'; data: { actorId: string; now: Date } }
  | { type: 'Resume'; data: { actorId: string; now: Date } }
  | {
      type: 'Refund';
      data: { actorId: string; now: Date; firstEntitledSubscriptionId: string | null; refundId: string; amountRefunded: number };
    };

const notFound = () => new DomainError('not-found', 'Subscription not found.');
const time = (d: Date) => d.toISOString();
const before = (a: string, b: string | null) => b !== null && Date.parse(a) < Date.parse(b);

/** Someone else's subscription is answered like one that does not exist. */
function ownedBy(state: SubscriptionState, actorId: string): void {
  if (!state.exists || state.userId !== actorId) throw notFound();
}

/** A coupon goes on an unpaid checkout, once (doc 2 §4: once applied, the field is disabled). */
export function assertCouponAllowed(state: SubscriptionState, actorId: string): void {
  ownedBy(state, actorId);
  if (state.status !== 'incomplete') throw new DomainError('conflict', 'This subscription is already paid.');
  if (state.coupon) throw new DomainError('conflict', 'A coupon is already applied to this subscription.');
}

/** The open first payment of a checkout (refresh-payment-intent). */
export function assertAwaitingPayment(state: SubscriptionState, actorId: string): void {
  ownedBy(state, actorId);
  if (state.status !== 'incomplete') throw new DomainError('conflict', 'This subscription is already paid.');
}

/** Cancel at period end and resume apply to a subscription the user is paying for. */
export function assertChangeable(state: SubscriptionState, actorId: string): void {
  ownedBy(state, actorId);
  if (state.status !== 'active' && state.status !== 'past_due') throw new DomainError('conflict', BILLING_MESSAGES.noSubscriptionToChange);
}

/**
 * The 30-day money-back guarantee (doc 1 §1): the user's first paid subscription, on Basic, within
 * 30 days of its first payment, not refunded yet. `firstEntitledSubscriptionId` comes from the
 * user's billing-customer stream, which serialises the order of their subscriptions.
 */
export function refundRefusal(state: SubscriptionState, now: Date, firstEntitledSubscriptionId: string | null): string | undefined {
  if (state.refunded) return 'This subscription has already been refunded.';
  // The provider may report the refund's cancellation before the refund itself is recorded.
  const endedByRefund = state.status === 'canceled' && state.cancelReason === 'refunded';
  if (state.status !== 'active' && state.status !== 'past_due' && !endedByRefund) return BILLING_MESSAGES.noSubscriptionToChange;
  if (state.tierName !== MONEY_BACK_GUARANTEE_TIER || firstEntitledSubscriptionId !== state.subscriptionId)
    return BILLING_MESSAGES.refundRefusedNotFirst;
  if (!state.activatedAt || now.getTime() > guaranteeEndsAt(state.activatedAt).getTime()) return BILLING_MESSAGES.refundRefusedWindow;
  if (state.firstAmountPaid <= 0 || !state.firstPaymentId) return 'Nothing was paid for this subscription.';
  return undefined;
}

export function guaranteeEndsAt(activatedAt: string): Date {
  return new Date(Date.parse(activatedAt) + MONEY_BACK_GUARANTEE_DAYS * 86_400_000);
}

export function assertRefundable(state: SubscriptionState, actorId: string, now: Date, firstEntitledSubscriptionId: string | null): void {
  ownedBy(state, actorId);
  const refusal = refundRefusal(state, now, firstEntitledSubscriptionId);
  if (refusal) throw new DomainError('conflict', refusal);
}

/** What the subscription entitles its owner to now: its paid tier while it is paid for (a failed renewal keeps it through the grace period). */
export function entitlementOf(state: SubscriptionState): PaidTierName | null {
  if (!state.exists) return null;
  return state.status === 'active' || state.status === 'past_due' ? state.tierName : null;
}

function decideFact(fact: ProviderFact, state: SubscriptionState): SubscriptionEvent[] {
  if (!state.exists) throw notFound();
  const base = { subscriptionId: state.subscriptionId, userId: state.userId };
  // A canceled subscription is over: whatever the provider says about it afterwards changes nothing.
  if (state.status === 'canceled') return [];
  switch (fact.kind) {
    case 'payment_succeeded': {
      // A payment for a period already recorded (a redelivery, or an older invoice arriving late).
      if (state.currentPeriodEnd && Date.parse(fact.periodEnd) <= Date.parse(state.currentPeriodEnd)) return [];
      const period = { currentPeriodStart: fact.periodStart, currentPeriodEnd: fact.periodEnd };
      const payment = { paymentId: fact.paymentId, amountPaid: fact.amountPaid, currency: fact.currency };
      if (state.status === 'incomplete') {
        return [
          {
            type: 'SubscriptionActivated',
            data: {
              ...base,
              tierName: state.tierName,
              cycle: state.cycle,
              planName: state.planName,
              providerSubscriptionId: fact.providerSubscriptionId,
              ...payment,
              ...period,
              activatedAt: fact.at,
            },
          },
        ];
      }
      return [
        {
          type: 'SubscriptionRenewed',
          data: { ...base, tierName: state.tierName, planName: state.planName, ...payment, ...period, renewedAt: fact.at },
        },
      ];
    }
    case 'payment_failed': {
      // A failure older than the latest success or failure is news no more.
      if (before(fact.at, state.lastPaymentAt) || (state.lastFailureAt !== null && !before(state.lastFailureAt, fact.at))) return [];
      if (state.status === 'unpaid') return [];
      return [
        {
          type: 'SubscriptionPaymentFailed',
          data: {
            ...base,
            planName: state.planName,
            paymentId: fact.paymentId,
            amountDue: fact.amountDue,
            currency: state.currency,
            reason: fact.reason,
            status: state.status === 'incomplete' ? 'incomplete' : 'past_due',
            failedAt: fact.at,
          },
        },
      ];
    }
    case 'cancellation_changed': {
      if (state.status === 'incomplete' || before(fact.at, state.cancellationChangedAt)) return [];
      if (fact.cancelAtPeriodEnd === state.cancelAtPeriodEnd) return [];
      return [cancellationEvent(state, fact.cancelAtPeriodEnd, fact.at)];
    }
    case 'plan_changed': {
      if (state.status === 'incomplete' || before(fact.at, state.planChangedAt)) return [];
      if (fact.tierName === state.tierName && fact.cycle === state.cycle) return [];
      return [
        {
          type: 'SubscriptionPlanChanged',
          data: {
            ...base,
            fromTierName: state.tierName,
            fromCycle: state.cycle,
            tierName: fact.tierName,
            cycle: fact.cycle,
            planName: planNameOf(fact.tierName, fact.cycle),
            amount: priceOf(fact.tierName, fact.cycle),
            changedAt: fact.at,
          },
        },
      ];
    }
    case 'unpaid':
      if (state.status !== 'past_due' && state.status !== 'active') return [];
      return [{ type: 'SubscriptionMarkedUnpaid', data: { ...base, planName: state.planName, markedAt: fact.at } }];
    case 'canceled':
      return [canceled(state, fact.reason, fact.at)];
  }
}

function cancellationEvent(state: SubscriptionState, cancel: boolean, at: string): SubscriptionEvent {
  const base = { subscriptionId: state.subscriptionId, userId: state.userId, planName: state.planName };
  return cancel
    ? { type: 'SubscriptionCancellationScheduled', data: { ...base, cancelAt: state.currentPeriodEnd ?? at, requestedAt: at } }
    : { type: 'SubscriptionResumed', data: { ...base, currentPeriodEnd: state.currentPeriodEnd ?? at, resumedAt: at } };
}

function canceled(
  state: SubscriptionState,
  reason: Extract<SubscriptionEvent, { type: 'SubscriptionCanceled' }>['data']['reason'],
  at: string,
): SubscriptionEvent {
  return {
    type: 'SubscriptionCanceled',
    data: {
      subscriptionId: state.subscriptionId,
      userId: state.userId,
      tierName: state.tierName,
      planName: state.planName,
      reason,
      canceledAt: at,
    },
  };
}

export const subscriptionDecider: Decider<SubscriptionState, SubscriptionCommand, SubscriptionEvent> = {
  initialState: () => ({
    exists: false,
    subscriptionId: '',
    userId: '',
    provider: 'test',
    providerSubscriptionId: null,
    customerId: '',
    tierName: 'basic',
    cycle: 'monthly',
    planName: '',
    amount: 0,
    amountDue: 0,
    currency: 'usd',
    coupon: null,
    status: 'incomplete',
    currentPeriodStart: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    activatedAt: null,
    firstPaymentId: null,
    firstAmountPaid: 0,
    lastPaymentAt: null,
    lastFailureAt: null,
    cancellationChangedAt: null,
    planChangedAt: null,
    refunded: false,
    cancelReason: null,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'SubscriptionCheckoutStarted': {
        const d = event.data;
        return {
          ...state,
          exists: true,
          subscriptionId: d.subscriptionId,
          userId: d.userId,
          provider: d.provider,
          providerSubscriptionId: d.providerSubscriptionId,
          customerId: d.customerId,
          tierName: d.tierName,
          cycle: d.cycle,
          planName: d.planName,
          amount: d.amount,
          amountDue: d.amount,
          currency: d.currency,
          status: 'incomplete',
        };
      }
      case 'CouponApplied': {
        const d = event.data;
        const coupon = { id: d.couponId, code: d.code, name: d.name, percentOff: d.percentOff, amountOff: d.amountOff };
        return { ...state, coupon, amountDue: d.amountDue, providerSubscriptionId: d.providerSubscriptionId };
      }
      case 'SubscriptionActivated': {
        const d = event.data;
        return {
          ...state,
          status: 'active',
          providerSubscriptionId: d.providerSubscriptionId,
          currentPeriodStart: d.currentPeriodStart,
          currentPeriodEnd: d.currentPeriodEnd,
          activatedAt: d.activatedAt,
          firstPaymentId: d.paymentId,
          firstAmountPaid: d.amountPaid,
          lastPaymentAt: d.activatedAt,
        };
      }
      case 'SubscriptionRenewed':
        return {
          ...state,
          status: 'active',
          currentPeriodStart: event.data.currentPeriodStart,
          currentPeriodEnd: event.data.currentPeriodEnd,
          lastPaymentAt: event.data.renewedAt,
        };
      case 'SubscriptionPaymentFailed':
        return { ...state, status: event.data.status, lastFailureAt: event.data.failedAt };
      case 'SubscriptionCancellationScheduled':
        return { ...state, cancelAtPeriodEnd: true, cancellationChangedAt: event.data.requestedAt };
      case 'SubscriptionResumed':
        return { ...state, cancelAtPeriodEnd: false, cancellationChangedAt: event.data.resumedAt };
      case 'SubscriptionPlanChanged':
        return {
          ...state,
          tierName: event.data.tierName,
          cycle: event.data.cycle,
          planName: event.data.planName,
          amount: event.data.amount,
          planChangedAt: event.data.changedAt,
        };
      case 'SubscriptionMarkedUnpaid':
        return { ...state, status: 'unpaid' };
      case 'SubscriptionCanceled':
        return { ...state, status: 'canceled', cancelAtPeriodEnd: false, cancelReason: event.data.reason };
      case 'SubscriptionRefunded':
        return { ...state, refunded: true };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'StartCheckout': {
        if (state.exists) throw new DomainError('conflict', 'This checkout has already started.');
        const d = command.data;
        return [
          {
            type: 'SubscriptionCheckoutStarted',
            data: {
              subscriptionId: d.subscriptionId,
              userId: d.userId,
              provider: d.provider,
              providerSubscriptionId: d.providerSubscriptionId,
              customerId: d.customerId,
              tierName: d.tierName,
              cycle: d.cycle,
              planName: planNameOf(d.tierName, d.cycle),
              amount: priceOf(d.tierName, d.cycle),
              currency: 'usd',
              startedAt: time(d.now),
            },
          },
        ];
      }
      case 'ApplyCoupon': {
        const { actorId, coupon, providerSubscriptionId, now } = command.data;
        assertCouponAllowed(state, actorId);
        return [
          {
            type: 'CouponApplied',
            data: {
              subscriptionId: state.subscriptionId,
              userId: state.userId,
              couponId: coupon.id,
              code: coupon.code,
              name: coupon.name,
              percentOff: coupon.percentOff,
              amountOff: coupon.amountOff,
              amountDue: discountedAmount(state.amount, coupon),
              providerSubscriptionId,
              appliedAt: time(now),
            },
          },
        ];
      }
      case 'RecordProviderFact':
        return decideFact(command.data.fact, state);
      case 'ScheduleCancellation':
        assertChangeable(state, command.data.actorId);
        if (state.cancelAtPeriodEnd) return [];
        return [cancellationEvent(state, true, time(command.data.now))];
      case 'Resume':
        assertChangeable(state, command.data.actorId);
        if (!state.cancelAtPeriodEnd) return [];
        return [cancellationEvent(state, false, time(command.data.now))];
      case 'Refund': {
        const { actorId, now, firstEntitledSubscriptionId, refundId, amountRefunded } = command.data;
        assertRefundable(state, actorId, now, firstEntitledSubscriptionId);
        const at = time(now);
        const refunded: SubscriptionEvent = {
          type: 'SubscriptionRefunded',
          data: {
            subscriptionId: state.subscriptionId,
            userId: state.userId,
            planName: state.planName,
            refundId,
            amountRefunded,
            currency: state.currency,
            refundedAt: at,
          },
        };
        return state.status === 'canceled' ? [refunded] : [refunded, canceled(state, 'refunded', at)];
      }
    }
  },
};
