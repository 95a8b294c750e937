import { z } from 'zod';
import { BILLING_CYCLES, CANCEL_REASONS, PAID_TIERS, PAYMENT_PROVIDERS } from '../billing';
import { eventTypesOf, type EventOf } from './eventTypes';

/**
 * Billing keeps two streams: `subscription-<subscriptionId>`, one paid plan from checkout to its
 * end, and `billing-customer-<userId>`, the user's customer at the provider and what all of the
 * user's subscriptions entitle them to. Amounts are in cents; times are ISO strings; no personal
 * data (plan names, amounts and provider ids only).
 */
export const billingStreams = {
  subscription: (subscriptionId: string) => `subscription-${subscriptionId}`,
  billingCustomer: (userId: string) => `billing-customer-${userId}`,
} as const;

export const subscriptionEventSchemas = {
  SubscriptionCheckoutStarted: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      provider: z.enum(PAYMENT_PROVIDERS),
      /** The provider's subscription; null until the provider makes one (Stripe's hosted checkout). */
      providerSubscriptionId: z.string().nullable(),
      customerId: z.string(),
      tierName: z.enum(PAID_TIERS),
      cycle: z.enum(BILLING_CYCLES),
      planName: z.string(),
      /** The list price of one cycle. */
      amount: z.number().int(),
      currency: z.string(),
      startedAt: z.string(),
    }),
  },
  CouponApplied: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      couponId: z.string(),
      code: z.string(),
      name: z.string(),
      percentOff: z.number().nullable(),
      amountOff: z.number().int().nullable(),
      /** What the first payment comes to with the coupon. */
      amountDue: z.number().int(),
      providerSubscriptionId: z.string(),
      appliedAt: z.string(),
    }),
  },
  SubscriptionActivated: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      tierName: z.enum(PAID_TIERS),
      cycle: z.enum(BILLING_CYCLES),
      planName: z.string(),
      providerSubscriptionId: z.string(),
      paymentId: z.string(),
      amountPaid: z.number().int(),
      currency: z.string(),
      currentPeriodStart: z.string(),
      currentPeriodEnd: z.string(),
      activatedAt: z.string(),
    }),
  },
  SubscriptionRenewed: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      tierName: z.enum(PAID_TIERS),
      planName: z.string(),
      paymentId: z.string(),
      amountPaid: z.number().int(),
      currency: z.string(),
      currentPeriodStart: z.string(),
      currentPeriodEnd: z.string(),
      renewedAt: z.string(),
    }),
  },
  SubscriptionPaymentFailed: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      planName: z.string(),
      paymentId: z.string(),
      amountDue: z.number().int(),
      currency: z.string(),
      /** The provider's words, e.g. "Your card was declined." */
      reason: z.string(),
      /** incomplete: the first payment failed (nothing changes); past_due: a renewal failed (the grace period runs). */
      status: z.enum(['incomplete', 'past_due']),
      failedAt: z.string(),
    }),
  },
  SubscriptionCancellationScheduled: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      planName: z.string(),
      cancelAt: z.string(),
      requestedAt: z.string(),
    }),
  },
  SubscriptionResumed: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      planName: z.string(),
      currentPeriodEnd: z.string(),
      resumedAt: z.string(),
    }),
  },
  SubscriptionPlanChanged: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      fromTierName: z.enum(PAID_TIERS),
      fromCycle: z.enum(BILLING_CYCLES),
      tierName: z.enum(PAID_TIERS),
      cycle: z.enum(BILLING_CYCLES),
      planName: z.string(),
      amount: z.number().int(),
      changedAt: z.string(),
    }),
  },
  /** A renewal stayed unpaid past the provider's grace period (its retries): the plan's features end. */
  SubscriptionMarkedUnpaid: {
    version: 1,
    schema: z.object({ subscriptionId: z.string(), userId: z.string(), planName: z.string(), markedAt: z.string() }),
  },
  SubscriptionCanceled: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      tierName: z.enum(PAID_TIERS),
      planName: z.string(),
      reason: z.enum(CANCEL_REASONS),
      canceledAt: z.string(),
    }),
  },
  SubscriptionRefunded: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      planName: z.string(),
      refundId: z.string(),
      amountRefunded: z.number().int(),
      currency: z.string(),
      refundedAt: z.string(),
    }),
  },
} as const;

export const SUBSCRIPTION_EVENT_TYPES = eventTypesOf(subscriptionEventSchemas);
export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];
export type SubscriptionEvent = EventOf<typeof subscriptionEventSchemas>;

export const billingCustomerEventSchemas = {
  /** The provider's customer for this user. */
  BillingCustomerCreated: {
    version: 1,
    schema: z.object({ userId: z.string(), provider: z.enum(PAYMENT_PROVIDERS), customerId: z.string() }),
  },
  /**
   * What one subscription entitles the user to now (a paid tier, or nothing), and the tier that
   * follows from all of them; the user's tier is then set to it.
   */
  BillingEntitlementChanged: {
    version: 1,
    schema: z.object({
      userId: z.string(),
      subscriptionId: z.string(),
      tierName: z.enum(PAID_TIERS).nullable(),
      effectiveTier: z.enum(['free', ...PAID_TIERS]),
    }),
  },
} as const;

export const BILLING_CUSTOMER_EVENT_TYPES = eventTypesOf(billingCustomerEventSchemas);
export type BillingCustomerEventType = (typeof BILLING_CUSTOMER_EVENT_TYPES)[number];
export type BillingCustomerEvent = EventOf<typeof billingCustomerEventSchemas>;
