/**
 * Combined disability rating, 38 CFR 4.25 (DOMAIN.md §1): ratings combine highest first, each step
 * a cell of VA's Combined Ratings Table (`round half up of a + b × (100 − a) / 100`, an integer),
 * and only the final value is rounded to the nearest 10 (5 rounds up). 0 % ratings never change it.
 */
export interface CombinedRatingStep {
  /** The value so far (left column of the table). */
  from: number;
  /** The next rating (top row). */
  add: number;
  /** The table cell. */
  to: number;
}

export interface CombinedRating {
  /** The combined value before the final rounding, e.g. 65. */
  value: number;
  /** The combined degree of disability, e.g. 70. */
  rating: number;
  /** The ratings used, highest first (0 % dropped). */
  ratings: number[];
  steps: CombinedRatingStep[];
}

const roundHalfUp = (x: number) => Math.floor(x + 0.5);

/** One cell of the Combined Ratings Table, computed in integers so .5 cases are exact. */
export function combinedRatingsTableCell(a: number, b: number): number {
  // a + b(100 − a)/100 = (100a + b(100 − a)) / 100; round half up in integer arithmetic.
  const hundredths = 100 * a + b * (100 - a);
  return Math.floor((hundredths + 50) / 100);
}

export function combinedRating(input: readonly number[]): CombinedRating {
  const ratings = input
    .filter((r) => Number.isFinite(r) && r > 0)
    .map((r) => Math.min(100, r))
    .sort((x, y) => y - x);
  if (ratings.length === 0) return { value: 0, rating: 0, ratings, steps: [] };
  if (ratings[0]! >= 100) return { value: 100, rating: 100, ratings, steps: [] };
  let value = ratings[0]!;
  const steps: CombinedRatingStep[] = [];
  for (const add of ratings.slice(1)) {
    const to = combinedRatingsTableCell(value, add);
    steps.push({ from: value, add, to });
    value = to;
  }
  return { value, rating: Math.min(100, roundHalfUp(value / 10) * 10), ratings, steps };
}
