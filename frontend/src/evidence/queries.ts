import { useQuery } from '@tanstack/react-query';
import { ANALYSIS_POLL_MS } from '../documents/analysisFlow';
import { fetchEvidence, fetchReadiness } from './api';

/**
 * Under "claims", so the invalidations after a claim change (useRefreshClaims) and after an upload,
 * a deletion or an analysis (useRefreshDocuments) refresh the maps and the readiness with the rest.
 */
export const evidenceKeys = {
  all: ['claims', 'evidence'] as const,
  map: (claimId: string) => ['claims', 'evidence', claimId] as const,
  readiness: ['claims', 'readiness'] as const,
};

/**
 * One claim's map. `following`: one of the claim's documents is being analysed; the map is read
 * on the documents list's cadence until it is done (the app has no push channel, and the analysis
 * may have been started in another tab).
 */
export function useEvidence(claimId: string, options: { following?: boolean } = {}) {
  return useQuery({
    queryKey: evidenceKeys.map(claimId),
    queryFn: ({ signal }) => fetchEvidence(claimId, signal),
    refetchInterval: (q) => (options.following && q.state.status !== 'error' ? ANALYSIS_POLL_MS : false),
  });
}

export function useReadiness(enabled = true) {
  return useQuery({ queryKey: evidenceKeys.readiness, queryFn: ({ signal }) => fetchReadiness(signal), enabled });
}
