import { BILLING_CUSTOMER_EVENT_TYPES, pickEventTypes, SUBSCRIPTION_EVENT_TYPES, type EventDataOf } from '@cc/contracts';
import type { RecordedEvent } from '@cc/platform';
import { ACCOUNT_ERASED, erasedUserOf } from '../account/erasedRows';
import type { Projector } from '../runner/projector';

/** Every subscription event, and the entitlement that follows from them on the customer's stream. */
const HANDLED = [...SUBSCRIPTION_EVENT_TYPES, ...pickEventTypes(BILLING_CUSTOMER_EVENT_TYPES, ['BillingEntitlementChanged'])];
type HandledType = (typeof HANDLED)[number];

const dataOf = <T extends HandledType>(event: RecordedEvent, _type: T) => event.data as EventDataOf<T>;

/** The subscriptions read model behind `GET /api/billing/subscription` and the management tab. */
export function billingSubscriptionsProjector(): Projector {
  return {
    name: 'billing_subscriptions',
    version: 1,
    tables: ['billing_subscriptions', 'billing_customers'],
    handles: [...HANDLED, ACCOUNT_ERASED],
    async project(event, trx) {
      const erased = erasedUserOf(event);
      if (erased) {
        // The events keep the subscription's facts (no personal data); the user's rows go with the account.
        await trx('billing_subscriptions').where({ user_id: erased }).del();
        await trx('billing_customers').where({ user_id: erased }).del();
        return;
      }
      const at = event.metadata.occurredAt;
      const update = (subscriptionId: string, row: Record<string, unknown>) =>
        trx('billing_subscriptions')
          .where({ subscription_id: subscriptionId })
          .update({ ...row, updated_at: at });
      switch (event.type as HandledType) {
        case 'SubscriptionCheckoutStarted': {
          const d = dataOf(event, 'SubscriptionCheckoutStarted');
          await trx('billing_subscriptions')
            .insert({
              subscription_id: d.subscriptionId,
              user_id: d.userId,
              provider: d.provider,
              provider_subscription_id: d.providerSubscriptionId,
              tier_name: d.tierName,
              cycle: d.cycle,
              plan_name: d.planName,
              amount: d.amount,
              amount_due: d.amount,
              currency: d.currency,
              status: 'incomplete',
              started_at: d.startedAt,
              updated_at: at,
            })
            .onConflict('subscription_id')
            .ignore();
          return;
        }
        case 'CouponApplied': {
          const d = dataOf(event, 'CouponApplied');
          const coupon = { name: d.name, percent_off: d.percentOff, amount_off: d.amountOff };
          await update(d.subscriptionId, {
            coupon: JSON.stringify(coupon),
            amount_due: d.amountDue,
            provider_subscription_id: d.providerSubscriptionId,
          });
          return;
        }
        case 'SubscriptionActivated': {
          const d = dataOf(event, 'SubscriptionActivated');
          await update(d.subscriptionId, {
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
          const d = dataOf(event, 'SubscriptionRenewed');
          await update(d.subscriptionId, {
            status: 'active',
            current_period_start: d.currentPeriodStart,
            current_period_end: d.currentPeriodEnd,
            last_amount_paid: d.amountPaid,
          });
          return;
        }
        case 'SubscriptionPaymentFailed': {
          const d = dataOf(event, 'SubscriptionPaymentFailed');
          await update(d.subscriptionId, { status: d.status });
          return;
        }
        case 'SubscriptionCancellationScheduled': {
          const d = dataOf(event, 'SubscriptionCancellationScheduled');
          await update(d.subscriptionId, { cancel_at_period_end: true });
          return;
        }
        case 'SubscriptionResumed': {
          const d = dataOf(event, 'SubscriptionResumed');
          await update(d.subscriptionId, { cancel_at_period_end: false });
          return;
        }
        case 'SubscriptionPlanChanged': {
          const d = dataOf(event, 'SubscriptionPlanChanged');
          await update(d.subscriptionId, { tier_name: d.tierName, cycle: d.cycle, plan_name: d.planName, amount: d.amount });
          return;
        }
        case 'SubscriptionMarkedUnpaid': {
          const d = dataOf(event, 'SubscriptionMarkedUnpaid');
          await update(d.subscriptionId, { status: 'unpaid' });
          return;
        }
        case 'SubscriptionCanceled': {
          const d = dataOf(event, 'SubscriptionCanceled');
          await update(d.subscriptionId, {
            status: 'canceled',
            cancel_at_period_end: false,
            canceled_at: d.canceledAt,
            cancel_reason: d.reason,
          });
          return;
        }
        case 'SubscriptionRefunded': {
          const d = dataOf(event, 'SubscriptionRefunded');
          await update(d.subscriptionId, { refunded_amount: d.amountRefunded });
          return;
        }
        case 'BillingEntitlementChanged': {
          const d = dataOf(event, 'BillingEntitlementChanged');
          if (d.tierName === null) return;
          await trx('billing_customers')
            .insert({ user_id: d.userId, first_entitled_subscription_id: d.subscriptionId })
            .onConflict('user_id')
            .ignore();
          return;
        }
      }
    },
  };
}
