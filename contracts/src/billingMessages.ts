// Zod-free on purpose: the frontend's first load imports this (via specProblems or directly), and
// a module with schemas would bring zod along (docs/decisions/performance.md).

export const MONEY_BACK_GUARANTEE_DAYS = 30;

/** The spec's billing texts (doc 2 §2.5, §2.6, §4, §8), verbatim. */
export const BILLING_MESSAGES = {
  testMode: 'Test mode — no real charge',
  saveYearly: 'Save 20%',
  mostPopular: 'Most Popular',
  upgradeFailed: 'Unable to process upgrade. Please contact support.',
  plansFailed: 'Unable to load subscription plans. Please try again later.',
  noPlans: 'No subscription plans are currently available. Please contact support.',
  noSubscription: 'No Active Subscription',
  invalidCouponTitle: 'Invalid Coupon',
  invalidCoupon: 'This coupon is not valid or has expired.',
  couponNetwork: 'Failed to apply coupon. Please try again.',
  paymentFailedTitle: 'Payment Failed',
  paymentFailed: 'An error occurred during payment processing.',
  walletFailed: 'Payment failed.',
  paymentSucceededTitle: 'Payment Successful',
  paymentSucceeded: 'Your subscription has been activated!',
  checkoutCancelled: 'Checkout Cancelled',
  loadingCheckout: 'Loading checkout session...',
  invalidCheckoutTitle: 'Invalid Checkout Session',
  invalidCheckout: 'This checkout session is invalid or has expired. Please try again.',
  checkoutHeading: 'Complete Your Subscription',
  paymentFormText: 'Enter your payment details to activate your subscription.',
  walletDivider: 'or pay with card',
  completePayment: 'Complete Payment',
  processing: 'Processing...',
  paymentSuccessHeading: 'Payment Successful!',
  /** Stripe's own text for a declined test card, which the test-mode provider gives too. */
  cardDeclined: 'Your card was declined.',
  authenticationFailed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  noSubscriptionToChange: 'You have no active subscription.',
  refundRefusedWindow: `The money-back guarantee covers the first ${MONEY_BACK_GUARANTEE_DAYS} days of a first Basic subscription; this subscription is past that.`,
  refundRefusedNotFirst: 'The money-back guarantee covers only a first Basic subscription.',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
} as const;
