import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memberTier } from '@cc/contracts';
import { useCurrentUser } from '../auth/useCurrentUser';
import { fetchPredictions, fetchStrategy } from './api';

/** Under "claims", so a claim change, an upload or an analysis refreshes the plan with the rest. */
export const strategyKeys = {
  claim: (claimId: string) => ['claims', 'strategy', claimId] as const,
  predictions: (assume: Readonly<Record<string, number>>) => ['claims', 'predictions', assume] as const,
};

/** Whether the signed-in user's plan carries strategy and predictions (the server holds the same line). */
export function useHasClaimInsights(): boolean | undefined {
  const { user } = useCurrentUser();
  return user ? memberTier(user.memberTier).hasClaimInsights : undefined;
}

export function useClaimStrategy(claimId: string, enabled: boolean) {
  return useQuery({ queryKey: strategyKeys.claim(claimId), queryFn: ({ signal }) => fetchStrategy(claimId, signal), enabled });
}

export function usePredictions(assume: Readonly<Record<string, number>>, enabled: boolean) {
  return useQuery({
    queryKey: strategyKeys.predictions(assume),
    queryFn: ({ signal }) => fetchPredictions(assume, signal),
    enabled,
    // A changed expected rating keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
