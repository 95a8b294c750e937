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
  const ratings = input.filter((r) => Number.isFinite(r) && r > 0).map((r) => Math.min(100, r)).sort((x, y) => y - x);
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

/**
 * Bilateral factor, 38 CFR 4.26 (DOMAIN.md §1.4). A compensable (≥ 10 %) disability on both sides
 * of a pair of extremities (both arms, or both legs; all four in one group when both pairs qualify)
 * combines as a group with Table I; 10 % of that value is *added*, the sum rounded to a whole number
 * (half up, as the regulation's 19 + 1.9 → 21), and the result is one disability that combines with
 * the rest. Paragraph (d): when leaving bilateral disabilities out of the group gives a higher
 * evaluation, that arrangement is used (the factor still applies to what qualifies).
 */
export type Limb = 'arm' | 'leg';
export type Side = 'left' | 'right';

export interface ExtremityRating {
  rating: number;
  limb: Limb;
  side: Side;
}

export interface BilateralFactorResult {
  /** The group's ratings, highest first (empty when no pair qualifies). */
  group: number[];
  /** The group combined with Table I, before the factor. */
  groupValue: number;
  /** 10 % of the group value, e.g. 1.9. */
  factor: number;
  /** Group value plus the factor, rounded to a whole number; counts as one disability. */
  bilateralValue: number;
  /** Ratings combined separately: every other disability, and extremity ratings outside the group. */
  others: number[];
  /** Bilateral ratings left out of the group under 38 CFR 4.26(d) because that rates higher. */
  excluded: ExtremityRating[];
  /** The final combination: the bilateral value with the others. */
  combined: CombinedRating;
  /** What the same ratings combine to without any bilateral factor. */
  withoutFactor: CombinedRating;
}

const compensable = (r: ExtremityRating) => Number.isFinite(r.rating) && r.rating >= 10;

/** Half-up rounding of value × 1.1 in integers, so 19 → 21 and 28 → 31 exactly. */
const withTenPercent = (value: number) => Math.floor((value * 11 + 5) / 10);

/** The group and the rest for one arrangement of extremity ratings (no exclusions). */
function arrange(extremities: readonly ExtremityRating[], others: readonly number[]) {
  const qualifies = (limb: Limb) =>
    extremities.some((r) => r.limb === limb && r.side === 'left' && compensable(r)) &&
    extremities.some((r) => r.limb === limb && r.side === 'right' && compensable(r));
  const limbs = (['arm', 'leg'] as const).filter(qualifies);
  const inGroup = (r: ExtremityRating) => limbs.includes(r.limb) && compensable(r);
  const group = extremities.filter(inGroup).map((r) => r.rating).sort((a, b) => b - a);
  const rest = [...others, ...extremities.filter((r) => !inGroup(r)).map((r) => r.rating)];
  if (group.length === 0) return { group, groupValue: 0, factor: 0, bilateralValue: 0, others: rest, combined: combinedRating(rest) };
  const groupValue = combinedRating(group).value;
  const bilateralValue = Math.min(100, withTenPercent(groupValue));
  return { group, groupValue, factor: groupValue / 10, bilateralValue, others: rest, combined: combinedRating([bilateralValue, ...rest]) };
}

export function bilateralFactor(extremities: readonly ExtremityRating[], others: readonly number[] = []): BilateralFactorResult {
  const withoutFactor = combinedRating([...others, ...extremities.map((r) => r.rating)]);
  let best = { ...arrange(extremities, others), excluded: [] as ExtremityRating[] };
  // 4.26(d): try leaving out each set of extremity ratings; at most a handful, so every subset is cheap.
  const n = Math.min(extremities.length, 12);
  for (let mask = 1; mask < 1 << n; mask++) {
    const excluded = extremities.filter((_, i) => i < n && mask & (1 << i));
    const kept = extremities.filter((_, i) => !(i < n && mask & (1 << i)));
    const candidate = arrange(kept, [...others, ...excluded.map((r) => r.rating)]);
    // Only a higher evaluation justifies a different arrangement; ties keep the fewest exclusions.
    if (candidate.combined.rating > best.combined.rating) best = { ...candidate, excluded };
  }
  return { ...best, withoutFactor };
}
