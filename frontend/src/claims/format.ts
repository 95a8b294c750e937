import {
  CLAIM_STATUS_LABELS,
  CONDITION_TYPE_LABELS,
  combinedRating,
  type Claim,
  type ClaimHistoryEntry,
  type CombinedRating,
} from '@cc/contracts';

/**
 * Pure formatting helpers of the claims screens (no React, no DOM), unit tested in format.test.ts.
 * Dates are shown in the user's local time zone.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A Date from an ISO timestamp, or from a date-only value ("2025-03-05") read as that calendar day
 * in local time (`new Date("2025-03-05")` would be UTC midnight, the day before in the US).
 */
export function parseDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const dateOnly = DATE_ONLY.exec(value);
  const date = dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "MMM dd, yyyy", e.g. "Mar 05, 2025"; "" when there is no valid date. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = parseDate(value);
  if (!date) return '';
  return `${MONTHS[date.getMonth()]} ${pad2(date.getDate())}, ${date.getFullYear()}`;
}

/** "MMM dd, yyyy HH:mm" (24-hour clock), e.g. "Mar 05, 2025 14:07"; "" when there is no valid date. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = parseDate(value);
  if (!date) return '';
  return `${formatDate(date)} ${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** "initial_review" → "Initial Review". */
export function titleCase(value: string): string {
  return value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** The condition type's label ("Primary, Service-Connected"), or the raw value title-cased. */
export function conditionTypeLabel(conditionType: string): string {
  return (CONDITION_TYPE_LABELS as Record<string, string>)[conditionType] ?? titleCase(conditionType);
}

export function statusLabel(status: string): string {
  return (CLAIM_STATUS_LABELS as Record<string, string>)[status] ?? titleCase(status);
}

export type ProgressTone = 'green' | 'yellow' | 'blue';

/** Spec doc 1 §9: green at 80 or more, yellow at 50 or more, otherwise blue. */
export function progressTone(percent: number): ProgressTone {
  if (percent >= 80) return 'green';
  if (percent >= 50) return 'yellow';
  return 'blue';
}

/** Still being worked on: not approved and not denied. */
export function isActiveClaim(claim: Pick<Claim, 'isApproved' | 'status'>): boolean {
  return !claim.isApproved && claim.status !== 'denied';
}

export interface ClaimCounters {
  active: number;
  approved: number;
  denied: number;
  /** Combined VA rating of the approved claims' ratings (38 CFR 4.25), not a sum. */
  totalRating: CombinedRating;
}

export function countClaims(claims: readonly Pick<Claim, 'isApproved' | 'status' | 'ratingPercentage'>[]): ClaimCounters {
  const approved = claims.filter((claim) => claim.isApproved);
  return {
    active: claims.filter(isActiveClaim).length,
    approved: approved.length,
    denied: claims.filter((claim) => claim.status === 'denied').length,
    totalRating: combinedRating(
      approved.map((claim) => claim.ratingPercentage).filter((rating): rating is number => typeof rating === 'number'),
    ),
  };
}

/** "50%, 30% and 10%". */
function listPercents(ratings: readonly number[]): string {
  const parts = ratings.map((rating) => `${rating}%`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** How the combined rating came about: "50% and 30% → 65 → rounds to 70%". */
export function combinedRatingExplanation(result: CombinedRating): string {
  if (result.ratings.length === 0) return 'No approved claims with a rating yet';
  const values =
    result.steps.length > 0 ? result.steps.map((step) => String(step.to)) : result.ratings.length > 1 ? [String(result.value)] : [];
  return [listPercents(result.ratings), ...values, `rounds to ${result.rating}%`].join(' → ');
}

/** "Claims: 2 / 3", or "Claims: 2 / ∞" when the plan is unlimited (limit 0). */
export function formatClaimUsage(usage: { used: number; limit: number }): string {
  return `Claims: ${usage.used} / ${usage.limit === 0 ? '∞' : usage.limit}`;
}

type ChangeValue = ClaimHistoryEntry['changes'][number]['from'];

/** The server sends readable field names and values; only empty values and yes/no need words. */
function formatChangeValue(value: ChangeValue): string {
  if (value === null || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** One change of a history entry: "Status: Submitted → Initial Review", or "Type: Secondary" when it is set for the first time. */
export function formatHistoryChange(change: ClaimHistoryEntry['changes'][number]): string {
  if (change.from === null) return `${change.field}: ${formatChangeValue(change.to)}`;
  return `${change.field}: ${formatChangeValue(change.from)} → ${formatChangeValue(change.to)}`;
}

/** History entries arrive oldest first; the timeline shows the newest first. */
export function newestFirst<T extends { at: string }>(entries: readonly T[]): T[] {
  return [...entries].reverse().sort((a, b) => (parseDate(b.at)?.getTime() ?? 0) - (parseDate(a.at)?.getTime() ?? 0));
}
