import type { Stripe } from '@stripe/stripe-js';

const loading = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for the publishable key, or null when there is no usable provider: a key that does
 * not start with `pk_` is logged and not loaded (doc 2 §5), and a script that fails to load (no
 * network, blocked) is logged and treated as absent (doc 2 §8). `@stripe/stripe-js/pure` adds the
 * script only when called, so the test mode never loads it.
 */
export function loadStripeProvider(publishableKey: string | null | undefined): Promise<Stripe | null> {
  if (!publishableKey || !publishableKey.startsWith('pk_')) {
    console.error('The payment provider key must start with pk_; payments are unavailable.');
    return Promise.resolve(null);
  }
  let promise = loading.get(publishableKey);
  if (!promise) {
    promise = import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .catch((error: unknown) => {
        console.error('Stripe.js could not be loaded; payments are unavailable.', error);
        loading.delete(publishableKey);
        return null;
      });
    loading.set(publishableKey, promise);
  }
  return promise;
}
