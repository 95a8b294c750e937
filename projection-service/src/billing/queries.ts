import type { Knex } from 'knex';
import {
  CYCLE_INTERVAL,
  MONEY_BACK_GUARANTEE_DAYS,
  MONEY_BACK_GUARANTEE_TIER,
  type BillingCycle,
  type CheckoutSubscriptionView,
  type CouponView,
  type PaidTierName,
  type PaymentProviderKind,
  type SubscriptionStatus,
  type SubscriptionView,
} from '@cc/contracts';

interface SubscriptionRow {
  subscription_id: string;
  user_id: string;
  provider: PaymentProviderKind;
  tier_name: PaidTierName;
  cycle: BillingCycle;
  plan_name: string;
  amount: number;
  amount_due: number;
  currency: string;
  status: SubscriptionStatus;
  coupon: CouponView | null;
  current_period_start: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  canceled_at: Date | null;
  activated_at: Date | null;
  first_amount_paid: number | null;
  last_amount_paid: number | null;
  refunded_amount: number | null;
  first_entitled_subscription_id: string | null;
}

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const DAY_MS = 86_400_000;

function guaranteeOf(row: SubscriptionRow, now: Date): SubscriptionView['guarantee'] {
  const first = row.first_entitled_subscription_id === row.subscription_id;
  if (row.tier_name !== MONEY_BACK_GUARANTEE_TIER || !first || !row.activated_at) return { eligible: false, until: null };
  const until = new Date(row.activated_at.getTime() + MONEY_BACK_GUARANTEE_DAYS * DAY_MS);
  const eligible =
    (row.status === 'active' || row.status === 'past_due') &&
    row.refunded_amount === null &&
    (row.first_amount_paid ?? 0) > 0 &&
    now <= until;
  return { eligible, until: until.toISOString() };
}

function toView(row: SubscriptionRow, now: Date): SubscriptionView {
  return {
    id: row.subscription_id,
    status: row.status,
    cancel_at_period_end: row.cancel_at_period_end,
    current_period_start: seconds(row.current_period_start),
    current_period_end: seconds(row.current_period_end),
    canceled_at: seconds(row.canceled_at),
    items: {
      data: [
        {
          price: {
            unit_amount: row.amount,
            currency: row.currency,
            recurring: { interval: CYCLE_INTERVAL[row.cycle] },
            product: { name: row.plan_name },
          },
        },
      ],
    },
    tierName: row.tier_name,
    cycle: row.cycle,
    provider: row.provider,
    coupon: row.coupon,
    amountPaid: row.last_amount_paid,
    refundedAmount: row.refunded_amount,
    guarantee: guaranteeOf(row, now),
  };
}

const subscriptions = (knex: Knex) =>
  knex('billing_subscriptions as s')
    .leftJoin('billing_customers as c', 'c.user_id', 's.user_id')
    .select<SubscriptionRow[]>('s.*', 'c.first_entitled_subscription_id');

/**
 * The user's subscription as the billing page shows it: one they are paying for (or whose payment is
 * overdue), else the latest one that ended. A checkout never paid is not a subscription yet.
 */
export async function currentSubscription(knex: Knex, userId: string, now: Date): Promise<SubscriptionView | null> {
  const row = await subscriptions(knex)
    .where('s.user_id', userId)
    .whereNotNull('s.activated_at')
    .orderByRaw(`(s.status <> 'canceled') desc, s.activated_at desc`)
    .first();
  return row ? toView(row, now) : null;
}

export async function currentSubscriptionId(knex: Knex, userId: string): Promise<string | undefined> {
  const row = await knex('billing_subscriptions')
    .where({ user_id: userId })
    .whereNotNull('activated_at')
    .orderByRaw(`(status <> 'canceled') desc, activated_at desc`)
    .first('subscription_id');
  return row?.subscription_id as string | undefined;
}

/** The checkout page's subscription query: the user's own only. */
export async function checkoutSubscription(
  knex: Knex,
  userId: string,
  subscriptionId: string,
): Promise<CheckoutSubscriptionView | undefined> {
  const row = await subscriptions(knex).where({ 's.subscription_id': subscriptionId, 's.user_id': userId }).first();
  if (!row) return undefined;
  return {
    amount: row.amount_due,
    planName: row.plan_name,
    subtotal: row.amount,
    interval: CYCLE_INTERVAL[row.cycle],
    coupon: row.coupon,
    status: row.status,
  };
}

/** Every subscription of the user, oldest first, as the billing page would show each (the data export). */
export async function allSubscriptions(knex: Knex, userId: string, now: Date): Promise<SubscriptionView[]> {
  const rows = await subscriptions(knex).where('s.user_id', userId).orderBy('s.activated_at', 'asc').orderBy('s.subscription_id');
  return rows.map((row) => toView(row, now));
}
