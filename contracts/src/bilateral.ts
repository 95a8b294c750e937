import { combinedRatingsTableCell } from './rating';

/**
 * The combined rating with the bilateral factor, 38 CFR 4.25 and 4.26 (DOMAIN.md §1.2–§1.4).
 *
 * - Ratings combine with Table I, highest first; every step is an integer cell of the table, and
 *   only the final value is rounded to a tens value (5 rounds up). 0 % ratings change nothing.
 * - When both arms, or both legs, each have a compensable (10 % or more) rating, those ratings form
 *   the bilateral group (all four extremities together when both pairs qualify, 4.26(b)). The
 *   group is combined first, 10 % of that value is added (not combined), the sum is rounded to a
 *   whole number (half up: DOMAIN flags the exact-.5 case as unstated) and the result counts as one
 *   disability, sorted in with the others.
 * - 4.26(d): when leaving one or more bilateral ratings out of the group (they are then combined
 *   like any other) gives a higher combined evaluation, that arrangement is the one used; the
 *   factor still applies to what remains of the group when it still qualifies.
 */

export const SIDES = ['left', 'right'] as const;
export type Side = (typeof SIDES)[number];
export const LIMBS = ['arm', 'leg'] as const;
export type Limb = (typeof LIMBS)[number];

export interface RatingInput {
  percent: number;
  side?: Side;
  limb?: Limb;
}

export type CalculatorStepKind = 'bilateral-group' | 'combine' | 'bilateral-factor' | 'most-favorable' | 'total' | 'round';

export interface CalculatorStep {
  kind: CalculatorStepKind;
  /** The value so far (Table I's left column), when the step has one. */
  from?: number;
  /** What is combined or added: the next rating, or the bilateral factor in tenths (3.6). */
  add?: number;
  /** The value after the step. */
  to: number;
  /** The step in words, e.g. "60% combined with 21% gives 68 (Table I)". */
  description: string;
  /** Steps inside the bilateral group say so. */
  group?: 'bilateral';
}

export interface BilateralFactorDetail {
  /** The ratings in the group, highest first, by the index they had in the request. */
  members: { index: number; percent: number; side: Side; limb: Limb }[];
  /** The group's value from Table I. */
  combinedValue: number;
  /** 10 % of that value, unrounded (e.g. 3.6). */
  factor: number;
  /** The group's value with the factor, rounded to a whole number: it counts as one disability. */
  value: number;
  /** Requested ratings left out of the group under 38 CFR 4.26(d), by index. */
  excluded: number[];
}

export interface CombinedRatingResult {
  /** The combined degree of disability, a multiple of 10. */
  combinedRating: number;
  /** The combined value before the final rounding. */
  exactValue: number;
  bilateralFactorApplied: boolean;
  bilateral: BilateralFactorDetail | null;
  /** The values combined with Table I in the end, highest first (the bilateral value is one of them). */
  sequence: number[];
  steps: CalculatorStep[];
}

interface Entry {
  index: number;
  percent: number;
  side?: Side;
  limb?: Limb;
}

/** Integer tenths keep the factor exact: 10 % of 36 is 3.6, and 36 + 3.6 = 39.6 → 40. */
export function bilateralValue(combinedValue: number): number {
  return Math.min(100, Math.floor((combinedValue * 11 + 5) / 10));
}

/** The degree of disability of a combined value: the nearest multiple of 10, 5 rounding up. */
export function toDegree(value: number): number {
  return Math.min(100, Math.floor((value + 5) / 10) * 10);
}

const label = (e: Entry) => (e.side && e.limb ? `${e.percent}% (${e.side} ${e.limb})` : `${e.percent}%`);

/** Limbs with a compensable rating on both sides. */
function qualifyingLimbs(entries: readonly Entry[]): Set<Limb> {
  const limbs = new Set<Limb>();
  for (const limb of LIMBS) {
    const sides = new Set(entries.filter((e) => e.limb === limb && e.side && e.percent >= 10).map((e) => e.side));
    if (sides.size === 2) limbs.add(limb);
  }
  return limbs;
}

/** The bilateral group of these ratings: every rating of a limb pair that qualifies. */
function groupOf(entries: readonly Entry[]): Entry[] {
  const limbs = qualifyingLimbs(entries);
  return entries.filter((e) => e.limb !== undefined && e.side !== undefined && e.percent > 0 && limbs.has(e.limb));
}

const byPercentDesc = (a: Entry, b: Entry) => b.percent - a.percent || a.index - b.index;

/** Table I over values, highest first, recording each cell. */
function combineValues(values: readonly number[], steps: CalculatorStep[], group?: 'bilateral'): number {
  const sorted = [...values].sort((a, b) => b - a);
  let value = sorted[0] ?? 0;
  for (const add of sorted.slice(1)) {
    const to = combinedRatingsTableCell(value, add);
    steps.push({
      kind: 'combine',
      from: value,
      add,
      to,
      description: `${value}% combined with ${add}% gives ${to} (Table I)`,
      ...(group ? { group } : {}),
    });
    value = to;
  }
  return value;
}

interface Arrangement {
  value: number;
  rating: number;
  bilateral: BilateralFactorDetail | null;
  sequence: number[];
  steps: CalculatorStep[];
  /** Ratings left out of the group (4.26(d)), by index. */
  excluded: number[];
}

/** The combined value when `excluded` ratings are kept out of the bilateral group. */
function arrange(entries: readonly Entry[], excluded: ReadonlySet<number>): Arrangement {
  const steps: CalculatorStep[] = [];
  const group = groupOf(entries.filter((e) => !excluded.has(e.index))).sort(byPercentDesc);
  const inGroup = new Set(group.map((e) => e.index));
  const others = entries.filter((e) => !inGroup.has(e.index) && e.percent > 0);
  let bilateral: BilateralFactorDetail | null = null;
  const values = others.map((e) => e.percent);
  if (group.length > 0) {
    const limbs = [...new Set(group.map((e) => e.limb))];
    const where = limbs.length === 2 ? 'all four extremities' : limbs[0] === 'arm' ? 'both arms' : 'both legs';
    steps.push({
      kind: 'bilateral-group',
      to: group[0]!.percent,
      group: 'bilateral',
      description: `Bilateral group (${where}): ${group.map(label).join(', ')}`,
    });
    const combinedValue = combineValues(
      group.map((e) => e.percent),
      steps,
      'bilateral',
    );
    const value = bilateralValue(combinedValue);
    const factor = combinedValue / 10;
    steps.push({
      kind: 'bilateral-factor',
      from: combinedValue,
      add: factor,
      to: value,
      group: 'bilateral',
      description: `${combinedValue} plus the 10% bilateral factor (${factor}) is ${(combinedValue * 11) / 10}, counted as ${value} (38 CFR 4.26)`,
    });
    bilateral = {
      members: group.map((e) => ({ index: e.index, percent: e.percent, side: e.side!, limb: e.limb! })),
      combinedValue,
      factor,
      value,
      excluded: [...excluded].sort((a, b) => a - b),
    };
    values.push(value);
  }
  const sequence = [...values].sort((a, b) => b - a);
  const value = combineValues(sequence, steps);
  return { value, rating: toDegree(value), bilateral, sequence, steps, excluded: [...excluded].sort((a, b) => a - b) };
}

/** Every way of leaving bilateral ratings out of the group, once per distinct choice (equal ratings are interchangeable). */
function* exclusions(members: readonly Entry[]): Generator<Set<number>> {
  const kinds = new Map<string, number[]>();
  for (const e of members) {
    const key = `${e.percent}|${e.side}|${e.limb}`;
    kinds.set(key, [...(kinds.get(key) ?? []), e.index]);
  }
  const groups = [...kinds.values()];
  const counts = groups.map(() => 0);
  for (;;) {
    yield new Set(groups.flatMap((indexes, i) => indexes.slice(0, counts[i])));
    let i = 0;
    while (i < groups.length && counts[i] === groups[i]!.length) counts[i++] = 0;
    if (i === groups.length) return;
    counts[i]!++;
  }
}

/** The most bilateral ratings one request may carry: 4.26(d) tries every way of leaving some out. */
export const MAX_BILATERAL_RATINGS = 12;
export const MAX_CALCULATOR_RATINGS = 30;

export function calculateCombinedRating(input: readonly RatingInput[]): CombinedRatingResult {
  const entries: Entry[] = input.map((r, index) => ({ index, percent: r.percent, side: r.side, limb: r.limb }));
  if (entries.some((e) => e.percent >= 100)) {
    return {
      combinedRating: 100,
      exactValue: 100,
      bilateralFactorApplied: false,
      bilateral: null,
      sequence: [100],
      steps: [{ kind: 'total', to: 100, description: 'A 100% rating makes the combined rating 100%' }],
    };
  }
  const standard = arrange(entries, new Set());
  let best = standard;
  let bestExcluded = 0;
  const members = standard.bilateral ? entries.filter((e) => standard.bilateral!.members.some((m) => m.index === e.index)) : [];
  for (const excluded of exclusions(members)) {
    if (excluded.size === 0) continue;
    const candidate = arrange(entries, excluded);
    // Only a higher evaluation replaces the standard arrangement; among those, the highest, then the fewest left out.
    const better =
      candidate.rating > best.rating ||
      (best !== standard &&
        candidate.rating === best.rating &&
        (candidate.value > best.value || (candidate.value === best.value && excluded.size < bestExcluded)));
    if (better) {
      best = candidate;
      bestExcluded = excluded.size;
    }
  }
  const steps = [...best.steps];
  if (best !== standard) {
    const left = best.excluded.map((i) => label(entries[i]!));
    steps.push({
      kind: 'most-favorable',
      from: standard.rating,
      to: best.rating,
      description: `Leaving ${left.join(', ')} out of the bilateral factor gives ${best.rating}% instead of ${standard.rating}% (38 CFR 4.26(d))`,
    });
  }
  steps.push({
    kind: 'round',
    from: best.value,
    to: best.rating,
    description: best.value === best.rating ? `The combined rating is ${best.rating}%` : `${best.value} rounds to ${best.rating}%`,
  });
  return {
    combinedRating: best.rating,
    exactValue: best.value,
    bilateralFactorApplied: best.bilateral !== null,
    bilateral: best.bilateral,
    sequence: best.sequence,
    steps,
  };
}
