import { CLAIM_STATUS_LABELS, type AnalyticsClaimRef } from '@cc/contracts';

/** Pure helpers of the analytics page (unit tested in format.test.ts). The figures themselves come from the server. */

/** "Tinnitus (2026-001)": a claim as the charts and tables name it. */
export const claimName = (claim: AnalyticsClaimRef) => `${claim.condition} (${claim.claimNumber})`;

/** "30%", or "none" for a rating that is not part of the combined rating. */
export const percentText = (value: number | null) => (value === null ? 'none' : `${value}%`);

/** What a step of the combined rating did: "added at 30%", "changed from 50% to 30%", "left (was 30%)". */
export function stepText(from: number | null, to: number | null): string {
  if (from === null) return `added at ${percentText(to)}`;
  if (to === null) return `left (was ${percentText(from)})`;
  return `changed from ${percentText(from)} to ${percentText(to)}`;
}

/** Days pending against the national average, from the server's difference: "76.6 days more than the national average". */
export function againstAverage(daysOverAverage: number): string {
  if (daysOverAverage === 0) return 'the same as the national average';
  const days = Math.abs(daysOverAverage);
  return `${days} ${days === 1 ? 'day' : 'days'} ${daysOverAverage > 0 ? 'more' : 'fewer'} than the national average`;
}

export const statusName = (status: keyof typeof CLAIM_STATUS_LABELS) => CLAIM_STATUS_LABELS[status];

/**
 * Several claims' step series on one time axis: every time any of them changed, and each claim's
 * value as it stood then (null before its first point). Only the drawing needs this; the table
 * lists each claim's own points.
 */
export function alignSteps<P extends { at: string }>(
  series: readonly { points: readonly P[] }[],
  value: (point: P) => number,
): { times: string[]; values: (number | null)[][] } {
  const times = [...new Set(series.flatMap((s) => s.points.map((p) => p.at)))].sort();
  const values = series.map((s) => {
    let i = 0;
    let current: number | null = null;
    return times.map((time) => {
      while (i < s.points.length && s.points[i]!.at <= time) current = value(s.points[i++]!);
      return current;
    });
  });
  return { times, values };
}

/** A step chart's times and columns, each held at its last value until `now`, so the last step is drawn up to today. */
export function heldUntil(
  now: string,
  times: readonly string[],
  columns: readonly (readonly (number | null)[])[],
): { times: string[]; columns: (number | null)[][] } {
  if (times.length === 0 || now <= times.at(-1)!) return { times: [...times], columns: columns.map((c) => [...c]) };
  return { times: [...times, now], columns: columns.map((c) => [...c, c.at(-1) ?? null]) };
}

/** A moment as the charts' tooltips give it: "Mar 4, 2026, 3:30 PM". */
export const momentText = (value: Date) => value.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
