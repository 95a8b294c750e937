import type {
  BillingConfigView,
  BillingCycle,
  CheckoutSubscriptionView,
  CouponView,
  PaidTierName,
  PaymentIntentRefresh,
  SubscriptionPlan,
  SubscriptionView,
  User,
} from '@cc/contracts';
import { apiJson } from '../api/http';

/** The billing calls of spec doc 2 §7, and the test-mode payment form's. */

export const fetchPlans = (signal?: AbortSignal) => apiJson<SubscriptionPlan[]>('/api/subscription-plans', { signal });
export const fetchBillingConfig = (signal?: AbortSignal) => apiJson<BillingConfigView>('/api/billing/config', { signal });
export const fetchSubscription = (signal?: AbortSignal) =>
  apiJson<{ subscription: SubscriptionView | null; user: User | null }>('/api/billing/subscription', { signal });
export const fetchCheckoutSubscription = (subscriptionId: string, signal?: AbortSignal) =>
  apiJson<CheckoutSubscriptionView>(`/api/billing/subscription?subscription_id=${encodeURIComponent(subscriptionId)}`, { signal });

export const startCheckout = (tierName: PaidTierName, cycle: BillingCycle) =>
  apiJson<{ url: string; subscriptionId: string }>('/api/billing/checkout', { method: 'POST', body: { tierName, cycle } });
export const openPortal = () => apiJson<{ url: string }>('/api/billing/portal', { method: 'POST', body: {} });

type SubscriptionAnswer = { subscription: SubscriptionView | null; amountRefunded?: number };
export const cancelSubscription = () => apiJson<SubscriptionAnswer>('/api/billing/cancel', { method: 'POST', body: {} });
export const resumeSubscription = () => apiJson<SubscriptionAnswer>('/api/billing/resume', { method: 'POST', body: {} });
export const refundSubscription = () => apiJson<SubscriptionAnswer>('/api/billing/refund', { method: 'POST', body: {} });

export const applyCoupon = (subscriptionId: string, couponCode: string) =>
  apiJson<{ coupon: CouponView; amount: number }>('/api/billing/apply-coupon', {
    method: 'POST',
    body: { subscriptionId, couponCode: couponCode.trim() },
  });
export const refreshPaymentIntent = (subscriptionId: string) =>
  apiJson<PaymentIntentRefresh>('/api/billing/refresh-payment-intent', { method: 'POST', body: { subscriptionId } });

export type TestModeOutcome = { status: 'succeeded' | 'requires_action'; subscriptionId: string };
export const testModePay = (body: { clientSecret: string; cardNumber: string; expiry: string; cvc: string }) =>
  apiJson<TestModeOutcome>('/api/billing/test-mode/pay', { method: 'POST', body });
export const testModeAuthenticate = (clientSecret: string, outcome: 'approve' | 'fail') =>
  apiJson<TestModeOutcome>('/api/billing/test-mode/authenticate', { method: 'POST', body: { clientSecret, outcome } });
