import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BILLING_MESSAGES } from '@cc/contracts';
import { useToast } from '../toast/useToast';
import { useRefreshBilling } from './queries';

/** After a successful payment the provider's webhook may still be on its way: fetch again now, after 2 s and after 5 s (doc 2 §4). */
export const RETURN_REFETCH_DELAYS_MS = [0, 2000, 5000] as const;

/**
 * `?checkout=success|cancelled` on return from the provider's checkout: the toast, the refetches
 * (user and subscription), and the query string cleared (the tab stays).
 */
export function useCheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const { toast } = useToast();
  const refresh = useRefreshBilling();
  const outcome = params.get('checkout');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!outcome || handled.current === outcome) return;
    handled.current = outcome;
    // The address as it is now (the page may have set its tab in the same moment).
    const next = new URLSearchParams(window.location.search);
    next.delete('checkout');
    setParams(next, { replace: true });
    if (outcome === 'success') {
      toast({ title: BILLING_MESSAGES.paymentSucceededTitle, description: BILLING_MESSAGES.paymentSucceeded });
      for (const delay of RETURN_REFETCH_DELAYS_MS) window.setTimeout(() => void refresh(), delay);
    } else if (outcome === 'cancelled') {
      toast({ title: BILLING_MESSAGES.checkoutCancelled, description: 'You have not been charged.' });
    }
  }, [outcome, setParams, toast, refresh]);
}
