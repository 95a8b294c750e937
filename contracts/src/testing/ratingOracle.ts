import type { Limb, RatingInput } from '../bilateral';

/**
 * An independent reading of 38 CFR 4.25 and 4.26, written from DOMAIN.md §1 the other way round:
 * in BigInt hundredths of "efficiency" (what is left of the whole person), not with the table-cell
 * helper under test, and with 4.26(d) tried over every subset of the bilateral ratings.
 */
export const oracle = {
  /** Table I: the remaining efficiency loses b % of itself; the disability is rounded half up. */
  cell(a: number, b: number): number {
    const efficiency = BigInt(100 - a);
    const disabilityHundredths = BigInt(a) * 100n + efficiency * BigInt(b);
    const whole = disabilityHundredths / 100n;
    return Number(disabilityHundredths % 100n >= 50n ? whole + 1n : whole);
  },
  combine(values: number[]): number {
    const sorted = values.filter((v) => v > 0).sort((x, y) => y - x);
    if (sorted.length === 0) return 0;
    if (sorted[0]! >= 100) return 100;
    return sorted.slice(1).reduce((acc, v) => oracle.cell(acc, v), sorted[0]!);
  },
  degree(value: number): number {
    const tens = Math.trunc(value / 10);
    return Math.min(100, (value % 10 >= 5 ? tens + 1 : tens) * 10);
  },
  /** One arrangement: `kept` bilateral candidates form the group if both sides of a pair are compensable. */
  arrangement(ratings: RatingInput[], excluded: Set<number>): number {
    const sided = ratings.map((r, i) => ({ ...r, i })).filter((r) => r.side && r.limb && r.percent > 0 && !excluded.has(r.i));
    const pairs = (['arm', 'leg'] as Limb[]).filter(
      (limb) =>
        sided.some((r) => r.limb === limb && r.side === 'left' && r.percent >= 10) &&
        sided.some((r) => r.limb === limb && r.side === 'right' && r.percent >= 10),
    );
    const group = sided.filter((r) => pairs.includes(r.limb!));
    const inGroup = new Set(group.map((r) => r.i));
    const others = ratings.filter((_r, i) => !inGroup.has(i)).map((r) => r.percent);
    if (group.length === 0) return oracle.combine(others);
    const value = oracle.combine(group.map((r) => r.percent));
    // value + value/10, rounded half up to a whole number: in tenths, 11·value.
    const withFactor = Math.min(100, Math.trunc((value * 11) / 10) + ((value * 11) % 10 >= 5 ? 1 : 0));
    return oracle.combine([...others, withFactor]);
  },
  rating(ratings: RatingInput[]): number {
    if (ratings.some((r) => r.percent >= 100)) return 100;
    const candidates = ratings
      .map((r, i) => ({ r, i }))
      .filter(({ r }) => r.side && r.limb)
      .map(({ i }) => i);
    let best = -1;
    for (let mask = 0; mask < 1 << candidates.length; mask++) {
      const excluded = new Set(candidates.filter((_c, bit) => mask & (1 << bit)));
      best = Math.max(best, oracle.degree(oracle.arrangement(ratings, excluded)));
    }
    return best;
  },
};

/** Every multiset of `size` items from `choices` (each once, in choice order). */
export function* multisets<T>(choices: readonly T[], size: number, from = 0): Generator<T[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let i = from; i < choices.length; i++) for (const rest of multisets(choices, size - 1, i)) yield [choices[i]!, ...rest];
}
