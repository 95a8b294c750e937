import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
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
