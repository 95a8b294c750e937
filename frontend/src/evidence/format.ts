import type { ClaimReadiness, EvidenceStage, EvidenceState } from '@cc/contracts';

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

/**
 * The words next to the number: a claim being built is ready or not; a granted one is service
 * connected (readiness no longer applies); a denied one is measured for a Supplemental Claim.
 */
export function readinessLabel(row: { readiness: number; stage?: EvidenceStage }): string {
  if (row.stage === 'granted') return 'Service connected by VA';
  const band = READINESS_BAND_LABELS[readinessBand(row.readiness)];
  return row.stage === 'denied' ? `Denied · Supplemental Claim: ${band.toLowerCase()}` : band;
}

/** "33 of 100 ready: Needs a current diagnosis and a nexus opinion."; a decided claim says what the decision means. */
export function readinessSentence(row: Pick<ClaimReadiness, 'readiness' | 'readinessReason'> & { stage?: EvidenceStage }): string {
  if (row.stage === 'granted') return row.readinessReason;
  return `${row.readiness} of 100 ready${row.stage === 'denied' ? ' for a Supplemental Claim' : ''}: ${row.readinessReason}`;
}

/** The claims that still need something, worst first (the server's order kept; ready and granted claims left out). */
export function claimsStillNeeding(rows: readonly ClaimReadiness[]): ClaimReadiness[] {
  return rows.filter((row) => row.stage !== 'granted' && (row.readiness < 100 || row.stage === 'denied'));
}

/** States that call for a next step. */
export function needsAction(state: EvidenceState): boolean {
  return state === 'weak' || state === 'missing' || state === 'against' || state === 'unverified';
}

/** How the reason of an element is introduced, by its state. */
export function reasonLead(state: EvidenceState): string | null {
  switch (state) {
    case 'weak':
      return 'Why it is weak: ';
    case 'against':
      return 'Against your claim: ';
    case 'unverified':
      return 'Why it cannot be checked: ';
    default:
      return null;
  }
}
