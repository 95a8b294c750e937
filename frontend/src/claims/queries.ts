import type { ClaimDetail, DashboardPayload } from '@cc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiJson } from '../api/http';
import { ANALYSIS_POLL_MS } from '../documents/analysisFlow';
import { fetchAiProfile, fetchClaim, fetchClaimHistory, fetchClaims } from './api';

/**
 * Query keys of the claims screens. Everything about claims starts with "claims", which also covers
 * react-admin's own `useGetList('claims')` keys, so one invalidation refreshes them all.
 */
export const queryKeys = {
  claims: ['claims'] as const,
  claimList: ['claims', 'list'] as const,
  claim: (id: string) => ['claims', 'detail', id] as const,
  claimHistory: (id: string) => ['claims', 'history', id] as const,
  dashboard: ['dashboard'] as const,
  aiProfile: ['ai-analysis', 'profile'] as const,
};

export function useClaims() {
  return useQuery({ queryKey: queryKeys.claimList, queryFn: ({ signal }) => fetchClaims(signal) });
}

/** `following`: read again on the documents list's cadence (a linked document is being analysed). */
/** `following` says, from the claim as last read, whether to keep reading it on the analysis cadence. */
export function useClaim(id: string | null, options: { following?: (claim: ClaimDetail | undefined) => boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.claim(id ?? ''),
    queryFn: ({ signal }) => fetchClaim(id!, signal),
    enabled: id !== null,
    refetchInterval: (q) => (options.following?.(q.state.data) && q.state.status !== 'error' ? ANALYSIS_POLL_MS : false),
  });
}

export function useClaimHistory(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.claimHistory(id),
    queryFn: ({ signal }) => fetchClaimHistory(id, signal),
    enabled,
  });
}

/** GET /api/dashboard: the dashboard, and the claim usage (`usage.claims`) of the claims page. */
export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => apiJson<DashboardPayload>('/api/dashboard', { signal }),
  });
}

export function useAiProfile() {
  return useQuery({ queryKey: queryKeys.aiProfile, queryFn: ({ signal }) => fetchAiProfile(signal) });
}

/**
 * Queries never go stale on their own (doc 1 §7): after any claim change, refresh the claim list,
 * every claim detail and history, and the dashboard.
 */
export function useRefreshClaims() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.claims }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]).then(() => undefined),
    [queryClient],
  );
}
