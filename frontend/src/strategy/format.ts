import type { LaneFit, RatingPoint } from '@cc/contracts';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,808.45". */
export const formatDollars = (amount: number) => dollars.format(amount);

/** "50% → 60%", or "50% (no change)" when a grant would not change the combined rating. */
export function ratingRange(from: RatingPoint, to: RatingPoint): string {
  return from.rating === to.rating ? `${from.rating}% (no change)` : `${from.rating}% → ${to.rating}%`;
}

/** "$1,132.90 → $1,435.02 a month". */
export function monthlyRange(from: RatingPoint, to: RatingPoint): string {
  return from.monthly === to.monthly
    ? `${formatDollars(from.monthly)} a month (no change)`
    : `${formatDollars(from.monthly)} → ${formatDollars(to.monthly)} a month`;
}

/** The word shown with a lane's fit, so its colour is never the only signal. */
export const FIT_LABELS: Record<LaneFit, string> = {
  fits: 'Fits your record',
  possible: 'Possible',
  unavailable: 'Not available',
};

/** "+33 points" of readiness. */
export const gainText = (gain: number) => `+${gain} point${gain === 1 ? '' : 's'} of readiness`;
