import type { SubscriptionStatus } from '@cc/contracts';

/** Amounts are cents divided by 100 with 2 decimals (doc 2 §9). */
export const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The subscription status display (doc 2 §4): active, Cancelled, Past Due, unpaid, any other raw. */
export function statusLabel(status: SubscriptionStatus | string): string {
  switch (status) {
    case 'active':
      return 'Active';
    case 'canceled':
      return 'Cancelled';
    case 'past_due':
      return 'Past Due';
    case 'unpaid':
      return 'Unpaid';
    default:
      return status;
  }
}

/** A subscription time (seconds) as "April 10, 2026". */
export function formatPeriodDate(seconds: number | null): string {
  if (seconds === null) return '—';
  return new Date(seconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

export const formatIsoDate = (iso: string) => formatPeriodDate(Math.floor(Date.parse(iso) / 1000));

/** The coupon's discount as a percent or a dollar amount (doc 2 §4). */
export function couponDiscount(coupon: { percent_off: number | null; amount_off: number | null }): string {
  if (coupon.percent_off) return `${coupon.percent_off}% off`;
  if (coupon.amount_off) return `${formatCents(coupon.amount_off)} off`;
  return '';
}

/** Tier order free → basic → pro (doc 2 §4): what the plan card's button says. */
export type PlanAction = 'upgrade' | 'current' | 'downgrade' | 'contact-support';
export function planAction(current: string, plan: string): PlanAction {
  const order = ['free', 'basic', 'pro'];
  const mine = order.indexOf(current);
  const theirs = order.indexOf(plan);
  if (mine < 0) return plan === 'free' ? 'contact-support' : 'upgrade';
  if (theirs === mine) return 'current';
  if (theirs > mine) return 'upgrade';
  return 'downgrade';
}

/** Spaces every four digits as the number is typed ("4242 4242 4242 4242"). */
export function formatCardNumber(input: string): string {
  return input
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12 / 34" as the expiry is typed. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}
