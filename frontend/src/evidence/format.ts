import type { ClaimReadiness, EvidenceState } from '@cc/contracts';

/** Where a claim's Evidence tab opens: the claims page with the claim's dialog on that tab. */
export function evidenceTabPath(claimId: string): string {
  return `/claims?${new URLSearchParams({ claim: claimId, tab: 'evidence' }).toString()}`;
}

/** The stored file of a document, opened the way the documents page's View does (the read model's fileUrl). */
export function documentFilePath(documentId: string): string {
  return `/api/documents/${encodeURIComponent(documentId)}/file`;
}

/** Readiness in three bands, each named in words next to its number (never colour alone). */
export type ReadinessBand = 'ready' | 'partial' | 'low';

export function readinessBand(readiness: number): ReadinessBand {
  if (readiness >= 100) return 'ready';
  if (readiness >= 50) return 'partial';
  return 'low';
}

export const READINESS_BAND_LABELS: Record<ReadinessBand, string> = { ready: 'Ready', partial: 'Partly ready', low: 'Not ready' };

/** "33 of 100 ready: Needs a current diagnosis and a nexus opinion." */
export function readinessSentence(row: Pick<ClaimReadiness, 'readiness' | 'readinessReason'>): string {
  return `${row.readiness} of 100 ready: ${row.readinessReason}`;
}

/** The claims that still need something, worst first (the server's order kept; ready claims left out). */
export function claimsStillNeeding(rows: readonly ClaimReadiness[]): ClaimReadiness[] {
  return rows.filter((row) => row.readiness < 100);
}

/** States that call for a next step. */
export function needsAction(state: EvidenceState): boolean {
  return state === 'weak' || state === 'missing';
}
