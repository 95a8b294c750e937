import type { DashboardPayload } from '@cc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiJson } from '../api/http';
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

/** One claim, read again when the change stream says the user's claims or documents changed. */
export function useClaim(id: string | null) {
  return useQuery({
    queryKey: queryKeys.claim(id ?? ''),
    queryFn: ({ signal }) => fetchClaim(id!, signal),
    enabled: id !== null,
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
