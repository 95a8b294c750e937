import {
  CLAIM_STATUSES,
  combinedRating,
  monthlyCompensation,
  type AnalyticsClaimRef,
  type ClaimReadinessSeries,
  type ClaimStatus,
  type CombinedRatingPoint,
  type EvidenceStage,
  type StatusCountPoint,
} from '@cc/contracts';

/** A claim change as read from `analytics_claim_changes`, in the log's order. */
export interface ClaimChange {
  claimId: string;
  kind: 'filed' | 'status' | 'rating';
  status: ClaimStatus | null;
  rating: number | null;
  at: string;
}

export interface ReadinessChange {
  claimId: string;
  readiness: number;
  stage: EvidenceStage;
  at: string;
}

const emptyCounts = () => Object.fromEntries(CLAIM_STATUSES.map((s) => [s, 0])) as Record<ClaimStatus, number>;

/** The claims in each status right after every filing and status change. */
export function statusOverTime(changes: readonly ClaimChange[]): StatusCountPoint[] {
  const current = new Map<string, ClaimStatus>();
  const points: StatusCountPoint[] = [];
  for (const change of changes) {
    if (change.kind === 'rating' || !change.status) continue;
    current.set(change.claimId, change.status);
    const counts = emptyCounts();
    for (const status of current.values()) counts[status]++;
    points.push({ at: change.at, counts });
  }
  return points;
}

/**
 * The combined rating each time a granted claim's rating entered it, changed or left it. A claim
 * counts while it is approved and has a rating; the amount is the veteran-alone rate of that day.
 */
export function combinedRatingOverTime(
  changes: readonly ClaimChange[],
  claims: ReadonlyMap<string, AnalyticsClaimRef>,
): CombinedRatingPoint[] {
  const status = new Map<string, ClaimStatus>();
  const rating = new Map<string, number | null>();
  const granted = new Map<string, number>();
  const points: CombinedRatingPoint[] = [];
  for (const change of changes) {
    if (change.kind === 'rating') rating.set(change.claimId, change.rating);
    else if (change.status) status.set(change.claimId, change.status);
    const before = granted.get(change.claimId) ?? null;
    const now = status.get(change.claimId) === 'approved' ? (rating.get(change.claimId) ?? null) : null;
    if (before === now) continue;
    if (now === null) granted.delete(change.claimId);
    else granted.set(change.claimId, now);
    const combined = combinedRating([...granted.values()]);
    const claim = claims.get(change.claimId);
    if (!claim) continue;
    const amount = monthlyCompensation(combined.rating, change.at.slice(0, 10));
    points.push({
      at: change.at,
      step: { ...claim, from: before, to: now },
      ratings: combined.ratings,
      combinedValue: combined.value,
      combinedRating: combined.rating,
      monthlyAmount: amount.amount,
      rateYear: amount.rateYear,
    });
  }
  return points;
}

/** Each claim's readiness points, claims in the order given. */
export function readinessOverTime(
  changes: readonly ReadinessChange[],
  claims: ReadonlyMap<string, AnalyticsClaimRef>,
): ClaimReadinessSeries[] {
  const series = new Map<string, ClaimReadinessSeries>();
  for (const claim of claims.values()) series.set(claim.claimId, { ...claim, points: [] });
  for (const change of changes)
    series.get(change.claimId)?.points.push({ at: change.at, readiness: change.readiness, stage: change.stage });
  return [...series.values()].filter((s) => s.points.length > 0);
}
