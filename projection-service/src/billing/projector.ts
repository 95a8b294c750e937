import { BILLING_CUSTOMER_EVENT_TYPES, pickEventTypes, SUBSCRIPTION_EVENT_TYPES } from '@cc/contracts';
import { ACCOUNT_ERASED } from '../account/erasedRows';
import { setBasedProjector, type SetBasedProjector } from '../runner/setBasedProjector';

interface SubscriptionRow {
  subscription_id: string;
  user_id: string;
  provider: string;
  provider_subscription_id: string | null;
  tier_name: string;
  cycle: string;
  plan_name: string;
  amount: number;
  amount_due: number;
  currency: string;
  status: string;
  coupon: { name: string; percent_off: number | null; amount_off: number | null } | null;
  current_period_start: string | Date | null;
  current_period_end: string | Date | null;
  cancel_at_period_end: boolean;
  canceled_at: string | Date | null;
  cancel_reason: string | null;
  activated_at: string | Date | null;
  first_amount_paid: number | null;
  last_amount_paid: number | null;
  refunded_amount: number | null;
  started_at: string | Date;
  updated_at: string | Date;
}

interface CustomerRow {
  user_id: string;
  first_entitled_subscription_id: string;
}

/** Every subscription event, and the entitlement that follows from them on the customer's stream. */
const HANDLED = [
  ...SUBSCRIPTION_EVENT_TYPES,
  ...pickEventTypes(BILLING_CUSTOMER_EVENT_TYPES, ['BillingEntitlementChanged']),
  ACCOUNT_ERASED,
] as const;

type Tables = { billing_subscriptions: SubscriptionRow; billing_customers: CustomerRow };

/** The subscriptions read model behind `GET /api/billing/subscription` and the management tab. */
export function billingSubscriptionsProjector(): SetBasedProjector {
  return setBasedProjector<(typeof HANDLED)[number], Tables>({
    name: 'billing_subscriptions',
    version: 1,
    handles: HANDLED,
    tables: {
      billing_subscriptions: {
        key: ['subscription_id'],
        columns: {
          subscription_id: 'uuid',
          user_id: 'uuid',
          provider: 'text',
          provider_subscription_id: 'text',
          tier_name: 'text',
          cycle: 'text',
          plan_name: 'text',
          amount: 'integer',
          amount_due: 'integer',
          currency: 'text',
          status: 'text',
          coupon: 'jsonb',
          current_period_start: 'timestamptz',
          current_period_end: 'timestamptz',
          cancel_at_period_end: 'boolean',
          canceled_at: 'timestamptz',
          cancel_reason: 'text',
          activated_at: 'timestamptz',
          first_amount_paid: 'integer',
          last_amount_paid: 'integer',
          refunded_amount: 'integer',
          started_at: 'timestamptz',
          updated_at: 'timestamptz',
        },
      },
      billing_customers: { key: ['user_id'], columns: { user_id: 'uuid', first_entitled_subscription_id: 'uuid' } },
    },
    touches(event) {
      if (event.type === ACCOUNT_ERASED) {
        const mine = { user_id: event.data.userId };
        return { billing_subscriptions: [mine], billing_customers: [mine] };
      }
      if (event.type === 'BillingEntitlementChanged') return { billing_customers: [{ user_id: event.data.userId }] };
      return { billing_subscriptions: [{ subscription_id: event.data.subscriptionId }] };
    },
    evolve({ billing_subscriptions, billing_customers }, event) {
      if (event.type === ACCOUNT_ERASED) {
        // The events keep the subscription's facts (no personal data); the user's rows go with the account.
        for (const row of billing_subscriptions.where({ user_id: event.data.userId })) billing_subscriptions.delete(row);
        billing_customers.delete({ user_id: event.data.userId });
        return;
      }
      if (event.type === 'BillingEntitlementChanged') {
        const d = event.data;
        if (d.tierName !== null && !billing_customers.get({ user_id: d.userId })) {
          billing_customers.put({ user_id: d.userId, first_entitled_subscription_id: d.subscriptionId });
        }
        return;
      }
      const at = event.metadata.occurredAt;
      if (event.type === 'SubscriptionCheckoutStarted') {
        const d = event.data;
        if (billing_subscriptions.get({ subscription_id: d.subscriptionId })) return;
        billing_subscriptions.put({
          subscription_id: d.subscriptionId,
          user_id: d.userId,
          provider: d.provider,
          provider_subscription_id: d.providerSubscriptionId ?? null,
          tier_name: d.tierName,
          cycle: d.cycle,
          plan_name: d.planName,
          amount: d.amount,
          amount_due: d.amount,
          currency: d.currency,
          status: 'incomplete',
          coupon: null,
          current_period_start: null,
          current_period_end: null,
          cancel_at_period_end: false,
          canceled_at: null,
          cancel_reason: null,
          activated_at: null,
          first_amount_paid: null,
          last_amount_paid: null,
          refunded_amount: null,
          started_at: d.startedAt,
          updated_at: at,
        });
        return;
      }
      const subscription = billing_subscriptions.get({ subscription_id: event.data.subscriptionId });
      if (!subscription) return;
      const update = (changes: Partial<SubscriptionRow>) => billing_subscriptions.put({ ...subscription, ...changes, updated_at: at });
      switch (event.type) {
        case 'CouponApplied': {
          const d = event.data;
          update({
            coupon: { name: d.name, percent_off: d.percentOff, amount_off: d.amountOff },
            amount_due: d.amountDue,
            provider_subscription_id: d.providerSubscriptionId,
          });
          return;
        }
        case 'SubscriptionActivated': {
          const d = event.data;
          update({
            status: 'active',
            provider_subscription_id: d.providerSubscriptionId,
            current_period_start: d.currentPeriodStart,
            current_period_end: d.currentPeriodEnd,
            activated_at: d.activatedAt,
            first_amount_paid: d.amountPaid,
            last_amount_paid: d.amountPaid,
          });
          return;
        }
        case 'SubscriptionRenewed': {
          const d = event.data;
          update({
            status: 'active',
            current_period_start: d.currentPeriodStart,
            current_period_end: d.currentPeriodEnd,
            last_amount_paid: d.amountPaid,
          });
          return;
        }
        case 'SubscriptionPaymentFailed':
          update({ status: event.data.status });
          return;
        case 'SubscriptionCancellationScheduled':
          update({ cancel_at_period_end: true });
          return;
        case 'SubscriptionResumed':
          update({ cancel_at_period_end: false });
          return;
        case 'SubscriptionPlanChanged': {
          const d = event.data;
          update({ tier_name: d.tierName, cycle: d.cycle, plan_name: d.planName, amount: d.amount });
          return;
        }
        case 'SubscriptionMarkedUnpaid':
          update({ status: 'unpaid' });
          return;
        case 'SubscriptionCanceled':
          update({ status: 'canceled', cancel_at_period_end: false, canceled_at: event.data.canceledAt, cancel_reason: event.data.reason });
          return;
        case 'SubscriptionRefunded':
          update({ refunded_amount: event.data.amountRefunded });
          return;
      }
    },
  });
}
