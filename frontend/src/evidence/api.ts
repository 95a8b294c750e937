import type { ClaimReadiness, EvidenceMap } from '@cc/contracts';
import { apiJson } from '../api/http';

/** The evidence map calls (ARCHITECTURE §23). */

export function fetchEvidence(claimId: string, signal?: AbortSignal): Promise<EvidenceMap> {
  return apiJson<EvidenceMap>(`/api/claims/${encodeURIComponent(claimId)}/evidence`, { signal });
}

/** Every claim of the user with its readiness, worst first (the server's order). */
export function fetchReadiness(signal?: AbortSignal): Promise<ClaimReadiness[]> {
  return apiJson<ClaimReadiness[]>('/api/evidence/readiness', { signal });
}
