import { useQuery } from '@tanstack/react-query';
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
 * One claim's map, read again when the change stream says the user's evidence maps changed (an
 * analysis finished, here, in another tab, or by the worker later).
 */
export function useEvidence(claimId: string) {
  return useQuery({ queryKey: evidenceKeys.map(claimId), queryFn: ({ signal }) => fetchEvidence(claimId, signal) });
}

export function useReadiness(enabled = true) {
  return useQuery({ queryKey: evidenceKeys.readiness, queryFn: ({ signal }) => fetchReadiness(signal), enabled });
}
