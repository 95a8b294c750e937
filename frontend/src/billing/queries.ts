import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent } from 'react';
import { useCurrentUser } from '../auth/useCurrentUser';
import { fetchBillingConfig, fetchCheckoutSubscription, fetchPlans, fetchSubscription } from './api';

export const billingKeys = {
  all: ['billing'] as const,
  plans: ['billing', 'plans'] as const,
  config: ['billing', 'config'] as const,
  subscription: ['billing', 'subscription'] as const,
  checkout: (subscriptionId: string) => ['billing', 'checkout', subscriptionId] as const,
};

export const usePlans = () => useQuery({ queryKey: billingKeys.plans, queryFn: ({ signal }) => fetchPlans(signal) });
export const useBillingConfig = () => useQuery({ queryKey: billingKeys.config, queryFn: ({ signal }) => fetchBillingConfig(signal) });
export const useSubscription = () => useQuery({ queryKey: billingKeys.subscription, queryFn: ({ signal }) => fetchSubscription(signal) });

/** The checkout page's subscription query: it runs only when subscription_id is present (doc 2 §2.6). */
export const useCheckoutSubscription = (subscriptionId: string | null) =>
  useQuery({
    queryKey: billingKeys.checkout(subscriptionId ?? ''),
    queryFn: ({ signal }) => fetchCheckoutSubscription(subscriptionId!, signal),
    enabled: Boolean(subscriptionId),
  });

/** The user (their tier, so every limit on every page) and the subscription, fetched again. */
export function useRefreshBilling() {
  const queryClient = useQueryClient();
  const { refetch: refetchUser } = useCurrentUser();
  return useCallback(() => {
    refetchUser();
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]).then(() => undefined);
  }, [queryClient, refetchUser]);
}

const TIER_FOLLOW_TRIES = 15;
const TIER_FOLLOW_INTERVAL_MS = 1000;

/**
 * An activated subscription changes the user's tier through a worker, a moment after the payment's
 * own answer, so the user read at the payment may still show the old tier. While an active
 * subscription's tier and the user's differ, the user is read again (a second apart, a bounded
 * number of times), so the plans and every limit follow without a reload.
 */
export function useTierFollowsSubscription() {
  const { data } = useSubscription();
  const { user, refetch } = useCurrentUser();
  const refetchLatest = useEffectEvent(() => refetch());
  const subscription = data?.subscription;
  const behind = Boolean(subscription && user && subscription.status === 'active' && user.memberTier !== subscription.tierName);
  useEffect(() => {
    if (!behind) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      refetchLatest();
      if (tries >= TIER_FOLLOW_TRIES) window.clearInterval(timer);
    }, TIER_FOLLOW_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [behind]);
}
