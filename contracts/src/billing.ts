import { z } from 'zod';
import { MONEY_BACK_GUARANTEE_DAYS } from './billingMessages';

export * from './billingMessages';
import { memberTier, type MemberTierFlags, type MemberTierName } from './tiers';

/**
 * Billing (spec doc 1 §1 plans; doc 2 §2.5, §2.6, §3, §4, §5, §7, §8, §9): the plans on sale,
 * the API bodies and answers, the spec's texts, and the payment-provider port that the Stripe and
 * the offline test-mode providers implement (docs/decisions/billing.md).
 */

export const PAID_TIERS = ['basic', 'pro'] as const;
export type PaidTierName = (typeof PAID_TIERS)[number];
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
export const CYCLE_INTERVAL: Record<BillingCycle, 'month' | 'year'> = { monthly: 'month', yearly: 'year' };

export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

/** The 30-day money-back guarantee for first-time Basic subscribers (doc 1 §1). */
export const MONEY_BACK_GUARANTEE_TIER: PaidTierName = 'basic';

/** A sold plan as `GET /api/subscription-plans` answers it. Prices in cents. */
export interface SubscriptionPlan {
  id: MemberTierName;
  tierName: MemberTierName;
  displayName: string;
  description: string;
  monthlyPrice: number;
  yearlyPrice: number;
  prices: { cycle: BillingCycle; interval: 'month' | 'year'; amount: number }[];
  features: string[];
  mostPopular: boolean;
}

/**
 * One line of a plan card and what the server holds it to: a tier flag the API enforces (403
 * "Upgrade Required" without it), or nothing when the line restates a limit of the tier table.
 * A test walks every card against the tier flags so a card never sells what is not there.
 */
export interface PlanFeature {
  label: string;
  requires?: (keyof MemberTierFlags)[];
}

const PLAN_FEATURES: Record<'free' | PaidTierName, PlanFeature[]> = {
  free: [
    { label: 'Track up to 3 claims' },
    { label: '10 AI questions a month' },
    { label: 'Store up to 10 documents' },
    { label: 'Basic templates' },
  ],
  basic: [
    { label: 'Unlimited AI questions' },
    { label: 'Unlimited document uploads' },
    { label: 'Unlimited VA claims tracking' },
    { label: 'Advanced document analysis (25 a month)' },
    { label: 'Template library and DBQs', requires: ['hasTemplateLibrary', 'hasDbqAccess'] },
    { label: 'Analytics of your claims over time', requires: ['hasAdvancedAnalytics'] },
    { label: 'Priority support', requires: ['hasPrioritySupport'] },
    { label: `${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee` },
  ],
  pro: [
    { label: 'Everything in Basic' },
    { label: 'Unlimited document analyses' },
    { label: 'Claim strategy and predictions', requires: ['hasClaimInsights'] },
    { label: 'Automatic updates', requires: ['hasClaimInsights'] },
  ],
};

/** The card lines of a sold plan with the flag each one needs. */
export function planFeatures(tier: 'free' | PaidTierName): readonly PlanFeature[] {
  return PLAN_FEATURES[tier];
}

/** The plans in tier order (free, basic, pro), from the tier table in `tiers.ts`. */
export function subscriptionPlans(): SubscriptionPlan[] {
  return (['free', ...PAID_TIERS] as const).map((name) => {
    const tier = memberTier(name);
    return {
      id: name,
      tierName: name,
      displayName: tier.displayName,
      description: tier.description,
      monthlyPrice: tier.monthlyPrice,
      yearlyPrice: tier.yearlyPrice,
      prices: BILLING_CYCLES.map((cycle) => ({ cycle, interval: CYCLE_INTERVAL[cycle], amount: priceOf(name, cycle) })),
      features: PLAN_FEATURES[name].map((f) => f.label),
      mostPopular: name === 'pro',
    };
  });
}

export function priceOf(tier: MemberTierName, cycle: BillingCycle): number {
  const t = memberTier(tier);
  return cycle === 'monthly' ? t.monthlyPrice : t.yearlyPrice;
}

/** "Basic" + monthly → "Basic (monthly)": the name a plan carries on a subscription and an invoice. */
export function planNameOf(tier: PaidTierName, cycle: BillingCycle): string {
  return `${memberTier(tier).displayName}${cycle === 'yearly' ? ' (yearly)' : ''}`;
}

/** Amount after a coupon, never below zero. */
export function discountedAmount(amount: number, coupon: { percentOff: number | null; amountOff: number | null } | null): number {
  if (!coupon) return amount;
  let due = amount;
  if (coupon.percentOff) due = Math.round(due * (1 - coupon.percentOff / 100));
  if (coupon.amountOff) due -= coupon.amountOff;
  return Math.max(0, due);
}

// --- API bodies (doc 2 §7) ---

export const checkoutBody = z.object({
  tierName: z.enum(PAID_TIERS, { message: 'tierName must be basic or pro' }),
  cycle: z.enum(BILLING_CYCLES, { message: 'cycle must be monthly or yearly' }).default('monthly'),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

export const applyCouponBody = z.object({
  subscriptionId: z.string().min(1, 'subscriptionId is required').max(100),
  /** Sent trimmed by the client (doc 2 §5); trimmed here too. */
  couponCode: z.string().trim().min(1, 'couponCode is required').max(100),
});

export const subscriptionIdBody = z.object({ subscriptionId: z.string().min(1, 'subscriptionId is required').max(100) });

/** The test-mode payment form: Stripe's published test cards, an expiry and a CVC. */
export const testModePaymentBody = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, "Your card's expiration date is incomplete."),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type TestModePaymentBody = z.infer<typeof testModePaymentBody>;

export const testModeAuthenticationBody = z.object({
  clientSecret: z.string().min(1).max(200),
  outcome: z.enum(['approve', 'fail']),
});

// --- API answers (doc 2 §3) ---

/** The subscription in the shape the spec's client reads (Stripe's, with amounts in cents and times in seconds). */
export interface SubscriptionView {
  id: string;
  status: SubscriptionStatus;
  cancel_at_period_end: boolean;
  current_period_start: number | null;
  current_period_end: number | null;
  canceled_at: number | null;
  items: {
    data: [{ price: { unit_amount: number; currency: string; recurring: { interval: 'month' | 'year' }; product: { name: string } } }];
  };
  /** Beyond the spec: what the management tab shows besides. */
  tierName: PaidTierName;
  cycle: BillingCycle;
  provider: PaymentProviderKind;
  coupon: CouponView | null;
  amountPaid: number | null;
  refundedAmount: number | null;
  /** The money-back guarantee: whether this subscription may be refunded now, and until when. */
  guarantee: { eligible: boolean; until: string | null };
}

export interface CouponView {
  name: string;
  percent_off: number | null;
  amount_off: number | null;
}

export interface CheckoutSubscriptionView {
  amount: number;
  planName: string;
  /** Beyond the spec: the list price, the cycle and the coupon, for the order summary. */
  subtotal: number;
  interval: 'month' | 'year';
  coupon: CouponView | null;
  status: SubscriptionStatus;
}

export interface PaymentIntentRefresh {
  clientSecret: string;
  amount: number;
  planName: string;
}

/** What the frontend needs to know about the provider (`GET /api/billing/config`). */
export interface BillingConfigView {
  provider: PaymentProviderKind;
  /** Stripe's publishable key (`pk_…`); null in test mode. */
  publishableKey: string | null;
  testMode: boolean;
}

// --- The subscription's life (decider in command-service/src/billing) ---

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'unpaid', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const CANCEL_REASONS = [
  'period_end',
  'requested',
  'unpaid',
  'refunded',
  'replaced',
  'provider',
  'abandoned',
  'account_erased',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

const isoTime = z.iso.datetime({ offset: true });

/**
 * What a payment provider reports about a subscription, in one shape for both providers: the
 * Stripe webhook turns its events into these, and the test-mode provider emits them directly, so
 * both paths record the same subscription events. `at` is when the provider says it happened;
 * `eventId` is the provider's event id, which makes applying one twice a no-op.
 */
export const providerFactSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('payment_succeeded'),
    eventId: z.string().min(1),
    subscriptionId: z.uuid(),
    providerSubscriptionId: z.string().min(1),
    paymentId: z.string().min(1),
    amountPaid: z.number().int().nonnegative(),
    currency: z.string(),
    periodStart: isoTime,
    periodEnd: isoTime,
    at: isoTime,
  }),
  z.object({
    kind: z.literal('payment_failed'),
    eventId: z.string().min(1),
    subscriptionId: z.uuid(),
    paymentId: z.string().min(1),
    amountDue: z.number().int().nonnegative(),
    reason: z.string().min(1).max(500),
    at: isoTime,
  }),
  z.object({
    kind: z.literal('cancellation_changed'),
    eventId: z.string().min(1),
    subscriptionId: z.uuid(),
    cancelAtPeriodEnd: z.boolean(),
    at: isoTime,
  }),
  z.object({
    kind: z.literal('plan_changed'),
    eventId: z.string().min(1),
    subscriptionId: z.uuid(),
    tierName: z.enum(PAID_TIERS),
    cycle: z.enum(BILLING_CYCLES),
    at: isoTime,
  }),
  z.object({ kind: z.literal('unpaid'), eventId: z.string().min(1), subscriptionId: z.uuid(), at: isoTime }),
  z.object({
    kind: z.literal('canceled'),
    eventId: z.string().min(1),
    subscriptionId: z.uuid(),
    reason: z.enum(CANCEL_REASONS),
    at: isoTime,
  }),
]);
export type ProviderFact = z.infer<typeof providerFactSchema>;

// --- The payment provider port (implemented in billing-service) ---

export interface CheckoutStarted {
  /** Where the browser goes next: Stripe's hosted page, or `/checkout?client_secret=…&subscription_id=…`. */
  url: string;
  /** The provider's subscription, when one exists before payment (Stripe Elements, test mode). */
  providerSubscriptionId: string | null;
}

export interface AppliedCoupon {
  id: string;
  code: string;
  name: string;
  percentOff: number | null;
  amountOff: number | null;
}

/**
 * A payment provider. Every call is made by the command side after the decider has said yes, and
 * before the events are recorded; a provider call that fails leaves nothing recorded.
 */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  config(): BillingConfigView;
  /** The provider's customer for this user, made on first use. */
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  startCheckout(input: {
    subscriptionId: string;
    userId: string;
    customerId: string;
    tierName: PaidTierName;
    cycle: BillingCycle;
    /** The app's origin, for the return addresses. */
    origin: string;
  }): Promise<CheckoutStarted>;
  /** Looks the code up; undefined when it is unknown, inactive or expired. */
  findCoupon(code: string): Promise<AppliedCoupon | undefined>;
  /** Puts the coupon on the unpaid subscription; answers the provider's subscription id (it may be a new one). */
  applyCoupon(input: {
    subscriptionId: string;
    providerSubscriptionId: string;
    customerId: string;
    coupon: AppliedCoupon;
    tierName: PaidTierName;
    cycle: BillingCycle;
  }): Promise<{ providerSubscriptionId: string }>;
  /** The open payment of an unpaid subscription: its client secret and amount. */
  openPayment(providerSubscriptionId: string): Promise<{ clientSecret: string; amount: number }>;
  portalUrl(input: { customerId: string; origin: string }): Promise<string>;
  setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void>;
  /** Refunds one payment (idempotent per subscription), then ends the subscription at once. */
  refundAndCancel(input: {
    subscriptionId: string;
    providerSubscriptionId: string;
    paymentId: string;
    amount: number;
  }): Promise<{ refundId: string; amount: number }>;
  /** Ends an unpaid subscription that was abandoned or replaced (nothing is charged). */
  cancelNow(providerSubscriptionId: string): Promise<void>;
}

/** Thrown by a provider when it refuses a call for a reason the user can act on (a bad coupon, a declined card). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly code: 'card_declined' | 'authentication_failed' | 'invalid_coupon' | 'invalid_request' | 'unavailable',
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
