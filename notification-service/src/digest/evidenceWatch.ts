import type { EvidenceElementName, EvidenceState } from '@cc/contracts';

/** A claim's evidence map as the watch compares it: its readiness and each element's state. */
export interface EvidenceSnapshot {
  claimId: string;
  userId: string;
  readiness: number;
  states: Partial<Record<EvidenceElementName, EvidenceState>>;
  /** When the map last changed (the read model's `updated_at`): the time of any move it shows. */
  updatedAt: string;
}

export interface EvidenceChange {
  claimId: string;
  userId: string;
  readinessFrom: number;
  readinessTo: number;
  moves: { element: EvidenceElementName; from: EvidenceState; to: EvidenceState }[];
  at: string;
}

/**
 * What moved between the map last seen and the map now. A claim seen for the first time is a
 * baseline, not a change; a map that did not change since (same `updatedAt`) is none either.
 */
export function evidenceChange(seen: EvidenceSnapshot | undefined, now: EvidenceSnapshot): EvidenceChange | undefined {
  if (!seen || seen.updatedAt === now.updatedAt) return undefined;
  const moves = (Object.keys(now.states) as EvidenceElementName[]).flatMap((element) => {
    const from = seen.states[element];
    const to = now.states[element]!;
    return from && from !== to ? [{ element, from, to }] : [];
  });
  if (moves.length === 0 && seen.readiness === now.readiness) return undefined;
  return { claimId: now.claimId, userId: now.userId, readinessFrom: seen.readiness, readinessTo: now.readiness, moves, at: now.updatedAt };
}

/** A readiness drop needs the veteran's attention now, not at the end of the week. */
export const isReadinessDrop = (change: EvidenceChange) => change.readinessTo < change.readinessFrom;
