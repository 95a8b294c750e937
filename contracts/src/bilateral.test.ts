import { bilateralValue, calculateCombinedRating, toDegree, type RatingInput, type Side } from './bilateral';
import { combinedRatingsTableCell } from './rating';
import { multisets, oracle } from './testing/ratingOracle';

const PERCENTS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

const plain = (...percents: number[]): RatingInput[] => percents.map((percent) => ({ percent }));
const leg = (percent: number, side: Side): RatingInput => ({ percent, side, limb: 'leg' });
const arm = (percent: number, side: Side): RatingInput => ({ percent, side, limb: 'arm' });

describe('combined rating with steps (38 CFR 4.25)', () => {
  it('matches an independent Table I for every cell a VA table could hold', () => {
    for (let a = 0; a <= 99; a++) {
      for (let b = 0; b <= 100; b += 10) expect([a, b, combinedRatingsTableCell(a, b)]).toEqual([a, b, oracle.cell(a, b)]);
    }
  });

  it('agrees with the independent Table I for every multiset of up to four ratings, in any order', () => {
    let checked = 0;
    for (let size = 1; size <= 4; size++) {
      for (const percents of multisets(PERCENTS, size)) {
        const expectedValue = oracle.combine(percents);
        const ascending = calculateCombinedRating(plain(...percents));
        const descending = calculateCombinedRating(plain(...[...percents].reverse()));
        expect({ percents, value: ascending.exactValue, rating: ascending.combinedRating }).toEqual({
          percents,
          value: expectedValue,
          rating: oracle.degree(expectedValue),
        });
        expect(descending.combinedRating).toBe(ascending.combinedRating);
        expect(ascending.bilateralFactorApplied).toBe(false);
        checked++;
      }
    }
    expect(checked).toBe(11 + 66 + 286 + 1001);
  });

  /** DOMAIN.md §1.3. */
  it.each<[number[], number, number]>([
    [[50, 30], 65, 70],
    [[40, 20], 52, 50],
    [[60, 30], 72, 70],
    [[60, 40, 20], 81, 80],
    [[50, 30, 10], 69, 70],
    [[30, 20, 10], 50, 50],
    [[10, 10], 19, 20],
    [[10, 10, 10], 27, 30],
    [[10, 10, 10, 10], 34, 30],
    [[20, 20, 10], 42, 40],
    [[30, 30, 30], 66, 70],
    [[50, 50], 75, 80],
    [[70, 50], 85, 90],
    [[80, 70], 94, 90],
    [[90, 50], 95, 100],
    [[70, 40, 30, 20, 10], 91, 90],
    [[100, 30], 100, 100],
    [[40, 0, 0], 40, 40],
    [[60, 30, 10], 75, 80],
    [[40, 40, 30], 75, 80],
    [[30, 20, 10, 10], 55, 60],
  ])('DOMAIN vector %j: value %i, rating %i', (percents, value, rating) => {
    const result = calculateCombinedRating(plain(...percents));
    expect([result.exactValue, result.combinedRating]).toEqual([value, rating]);
  });

  it('shows every Table I step and the final rounding', () => {
    const result = calculateCombinedRating(plain(30, 50, 10));
    expect(result.steps.map((s) => [s.kind, s.from, s.add, s.to])).toEqual([
      ['combine', 50, 30, 65],
      ['combine', 65, 10, 69],
      ['round', 69, undefined, 70],
    ]);
    expect(result.steps[0]!.description).toBe('50% combined with 30% gives 65 (Table I)');
    expect(result.steps[2]!.description).toBe('69 rounds to 70%');
  });

  it('is 0 with no ratings and 100 with any 100', () => {
    expect(calculateCombinedRating([])).toMatchObject({ combinedRating: 0, exactValue: 0, steps: [{ kind: 'round', to: 0 }] });
    expect(calculateCombinedRating([leg(100, 'left'), leg(10, 'right')])).toMatchObject({
      combinedRating: 100,
      bilateralFactorApplied: false,
    });
  });
});

describe('bilateral factor (38 CFR 4.26)', () => {
  it('adds 10 % of the group value, rounded to a whole number', () => {
    expect([19, 28, 36, 37, 48, 43].map(bilateralValue)).toEqual([21, 31, 40, 41, 53, 47]);
    expect([45, 55, 95].map(toDegree)).toEqual([50, 60, 100]);
  });

  /** DOMAIN.md §1.4's worked examples. */
  it('10 L and 10 R with 60 and 20: the regulation example, 21 → 68 → 74 → 70', () => {
    const result = calculateCombinedRating([leg(10, 'left'), leg(10, 'right'), ...plain(60, 20)]);
    expect(result).toMatchObject({ combinedRating: 70, exactValue: 74, bilateralFactorApplied: true, sequence: [60, 21, 20] });
    expect(result.bilateral).toMatchObject({ combinedValue: 19, factor: 1.9, value: 21, excluded: [] });
    expect(result.steps.find((s) => s.kind === 'bilateral-factor')!.description).toBe(
      '19 plus the 10% bilateral factor (1.9) is 20.9, counted as 21 (38 CFR 4.26)',
    );
  });

  it('20 L and 10 R: 28 → 31 → 30 (BVA 1549968)', () => {
    expect(calculateCombinedRating([leg(20, 'left'), leg(10, 'right')])).toMatchObject({
      combinedRating: 30,
      exactValue: 31,
      bilateral: { value: 31 },
    });
  });

  it('both knees at 20 with tinnitus at 10: the factor lifts 40 to 50', () => {
    const result = calculateCombinedRating([leg(20, 'left'), leg(20, 'right'), { percent: 10 }]);
    expect(result).toMatchObject({ combinedRating: 50, exactValue: 46, bilateral: { combinedValue: 36, value: 40 } });
    expect(calculateCombinedRating(plain(20, 20, 10)).combinedRating).toBe(40);
  });

  it('10 L and 10 R alone: 21 → 20', () => {
    expect(calculateCombinedRating([arm(10, 'left'), arm(10, 'right')])).toMatchObject({ combinedRating: 20, exactValue: 21 });
  });

  it('30 L and 10 R with 50: 41, then 71 → 70', () => {
    expect(calculateCombinedRating([leg(30, 'left'), leg(10, 'right'), { percent: 50 }])).toMatchObject({
      combinedRating: 70,
      exactValue: 71,
      sequence: [50, 41],
    });
  });

  it('all four extremities form one group: 20, 20, 10, 10 → 48 → 53 → 50', () => {
    const result = calculateCombinedRating([arm(20, 'left'), arm(20, 'right'), leg(10, 'left'), leg(10, 'right')]);
    expect(result).toMatchObject({ combinedRating: 50, exactValue: 53, bilateral: { combinedValue: 48, value: 53 } });
    expect(result.bilateral!.members).toHaveLength(4);
    expect(result.steps[0]!.description).toMatch(/all four extremities/);
  });

  it('4.26(d): leaving one 10 % left out of the group gives 80 instead of 70', () => {
    const result = calculateCombinedRating([leg(10, 'left'), leg(10, 'left'), leg(30, 'right'), ...plain(40, 20)]);
    expect(result).toMatchObject({
      combinedRating: 80,
      exactValue: 75,
      bilateralFactorApplied: true,
      bilateral: { combinedValue: 37, value: 41 },
    });
    expect(result.bilateral!.excluded).toHaveLength(1);
    expect(result.sequence).toEqual([41, 40, 20, 10]);
    const favourable = result.steps.find((s) => s.kind === 'most-favorable')!;
    expect(favourable).toMatchObject({ from: 70, to: 80 });
    expect(favourable.description).toMatch(/^Leaving 10% \(left leg\) out of the bilateral factor gives 80% instead of 70%/);
  });

  it('applies no factor to one side, a 0 % side, or an unpaired limb', () => {
    expect(calculateCombinedRating([leg(20, 'left'), leg(10, 'left')]).bilateralFactorApplied).toBe(false);
    expect(calculateCombinedRating([leg(20, 'left'), leg(0, 'right')]).bilateralFactorApplied).toBe(false);
    expect(calculateCombinedRating([arm(20, 'left'), leg(20, 'right')]).bilateralFactorApplied).toBe(false);
    // Legs qualify; the one arm is combined like any other rating.
    const mixed = calculateCombinedRating([leg(10, 'left'), leg(10, 'right'), arm(30, 'left')]);
    expect(mixed.bilateral!.members.map((m) => m.limb)).toEqual(['leg', 'leg']);
    expect(mixed.sequence).toEqual([30, 21]);
  });

  it('agrees with the independent reading for every multiset of up to four ratings on either side of either limb', () => {
    const choices: RatingInput[] = [];
    for (const percent of [10, 20, 30, 40, 60]) {
      choices.push({ percent }, leg(percent, 'left'), leg(percent, 'right'), arm(percent, 'left'), arm(percent, 'right'));
    }
    choices.push({ percent: 0 }, leg(0, 'left'), { percent: 100 });
    let checked = 0;
    for (let size = 1; size <= 4; size++) {
      for (const ratings of multisets(choices, size)) {
        const got = calculateCombinedRating(ratings).combinedRating;
        const expected = oracle.rating(ratings);
        if (got !== expected) throw new Error(`${JSON.stringify(ratings)}: calculator ${got}, independent ${expected}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20_000);
  });
});
