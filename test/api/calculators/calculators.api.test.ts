import { multisets, oracle } from '@cc/contracts/testing/ratingOracle';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

/** DOMAIN.md §8, veteran alone, in dollars, by rate year. */
const RATES: Record<number, Record<number, number>> = {
  2025: {
    0: 0,
    10: 175.51,
    20: 346.95,
    30: 537.42,
    40: 774.16,
    50: 1102.04,
    60: 1395.93,
    70: 1759.19,
    80: 2044.89,
    90: 2297.96,
    100: 3831.3,
  },
  2026: {
    0: 0,
    10: 180.42,
    20: 356.66,
    30: 552.47,
    40: 795.84,
    50: 1132.9,
    60: 1435.02,
    70: 1808.45,
    80: 2102.15,
    90: 2362.3,
    100: 3938.58,
  },
};

describe('calculators', () => {
  let app: TestApp;
  let vet: TestClient;

  beforeAll(async () => {
    app = await startTestApp();
    vet = app.client();
    await vet.register('calculator.vet@example.org');
  });
  afterAll(async () => app.close());

  const combine = (ratings: unknown) => vet.post('/api/calculators/combined-rating', { ratings });

  describe('POST /api/calculators/combined-rating', () => {
    it('agrees with an independent Table I for every multiset of up to four ratings', async () => {
      const all = [1, 2, 3, 4].flatMap((size) => [...multisets([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100], size)]);
      expect(all).toHaveLength(1364);
      for (let i = 0; i < all.length; i += 25) {
        const batch = all.slice(i, i + 25);
        const answers = await Promise.all(batch.map((percents) => combine(percents.map((percent) => ({ percent })))));
        batch.forEach((percents, j) => {
          const value = oracle.combine(percents);
          expect({
            percents,
            status: answers[j]!.status,
            value: answers[j]!.data.exactValue,
            rating: answers[j]!.data.combinedRating,
          }).toEqual({
            percents,
            status: 200,
            value,
            rating: oracle.degree(value),
          });
        });
      }
    }, 120_000);

    it('answers the combined rating, every step, the bilateral factor and the monthly amount', async () => {
      const res = await combine([{ percent: 20, side: 'left', limb: 'leg' }, { percent: 20, side: 'right', limb: 'leg' }, { percent: 10 }]);
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({
        combinedRating: 50,
        exactValue: 46,
        bilateralFactorApplied: true,
        bilateral: { combinedValue: 36, factor: 3.6, value: 40 },
      });
      expect(res.data.steps.map((s: { kind: string }) => s.kind)).toEqual([
        'bilateral-group',
        'combine',
        'bilateral-factor',
        'combine',
        'round',
      ]);
      expect(res.data.monthlyCompensation).toBe(RATES[res.data.compensation.rateYear]![50]);
      expect(res.data.compensation).toMatchObject({
        basis: 'Veteran alone, no dependents',
        source: 'https://www.va.gov/disability/compensation-rates/veteran-rates/',
      });
      expect([2025, 2026]).toContain(res.data.compensation.rateYear);

      const none = await combine([]);
      expect(none.data).toMatchObject({ combinedRating: 0, monthlyCompensation: 0 });
      const full = await combine([{ percent: 100 }]);
      expect(full.data.monthlyCompensation).toBe(RATES[full.data.compensation.rateYear]![100]);
    });

    it('applies 38 CFR 4.26(d) when leaving a bilateral rating out gives more', async () => {
      const res = await combine([
        { percent: 10, side: 'left', limb: 'leg' },
        { percent: 10, side: 'left', limb: 'leg' },
        { percent: 30, side: 'right', limb: 'leg' },
        { percent: 40 },
        { percent: 20 },
      ]);
      expect(res.data).toMatchObject({ combinedRating: 80, exactValue: 75 });
      expect(res.data.steps.some((s: { kind: string }) => s.kind === 'most-favorable')).toBe(true);
    });

    it('refuses a percent that is not 0–100 in steps of 10, naming the field', async () => {
      for (const percent of [15, 110, -10, 10.5, '30', null]) {
        const res = await combine([{ percent: 10 }, { percent }]);
        expect({ percent, status: res.status, errors: res.data.errors }).toEqual({
          percent,
          status: 400,
          errors: [{ field: 'ratings.1.percent', message: 'percent must be a whole number from 0 to 100 in steps of 10' }],
        });
      }
      const noLimb = await combine([{ percent: 10, side: 'left' }]);
      expect(noLimb.data.errors).toEqual([{ field: 'ratings.0.limb', message: 'Give the limb (arm or leg) with the side' }]);
      const badSide = await combine([{ percent: 10, side: 'up', limb: 'arm' }]);
      expect(badSide.data.errors).toEqual([{ field: 'ratings.0.side', message: 'side must be left or right' }]);
      expect((await combine(Array.from({ length: 31 }, () => ({ percent: 10 })))).data.errors).toEqual([
        { field: 'ratings', message: 'At most 30 ratings' },
      ]);
      const tooManyLimbs = Array.from({ length: 13 }, (_v, i) => ({ percent: 10, side: i % 2 ? 'left' : 'right', limb: 'arm' }));
      expect((await combine(tooManyLimbs)).data.errors).toEqual([{ field: 'ratings', message: 'At most 12 ratings of an arm or a leg' }]);
      expect((await vet.post('/api/calculators/combined-rating', {})).status).toBe(400);
    });
  });

  describe('POST /api/calculators/deadlines', () => {
    const deadlines = (body: unknown) => vet.post('/api/calculators/deadlines', body);
    const dueDates = (data: { deadlines: { kind: string; dueDate: string }[] }) =>
      Object.fromEntries(data.deadlines.map((d) => [d.kind, d.dueDate]));

    it('answers each deadline with its due date, basis and description', async () => {
      const res = await deadlines({ decisionDate: '2024-02-29', decisionKind: 'rating', intentToFileDate: '2024-01-31' });
      expect(res.status).toBe(200);
      expect(dueDates(res.data)).toEqual({
        intent_to_file: '2025-01-31',
        higher_level_review: '2025-02-28',
        supplemental_claim: '2025-02-28',
        board_appeal: '2025-02-28',
      });
      expect(res.data.deadlines[1]).toEqual({
        kind: 'higher_level_review',
        title: 'Higher-Level Review',
        dueDate: '2025-02-28',
        basis: '38 CFR 3.2601',
        description: expect.stringContaining('senior reviewer'),
        form: '20-0996',
        formUrl: 'https://www.va.gov/find-forms/about-form-20-0996/',
        countedFrom: '2024-02-29',
      });
      const board = await deadlines({ decisionDate: '2023-11-01', decisionKind: 'board', boardAppealReceivedDate: '2023-12-01' });
      expect(dueDates(board.data)).toEqual({
        court_appeal: '2024-02-29',
        board_evidence_submission: '2024-02-29',
        supplemental_claim: '2024-11-01',
      });
    });

    it('counts the BDD window and the effective-date year from a separation date', async () => {
      const res = await deadlines({ separationDate: '2026-09-30' });
      expect(res.status).toBe(200);
      expect(res.data.deadlines.map((d: any) => [d.kind, d.opensDate, d.dueDate, d.basis])).toEqual([
        ['bdd_claim', '2026-04-03', '2026-07-02', 'VA.gov, Benefits Delivery at Discharge'],
        ['claim_after_separation', undefined, '2027-09-30', '38 CFR 3.400(b)(2)'],
      ]);
    });

    it('refuses dates that do not exist and requests with nothing to count', async () => {
      const bad = await deadlines({ decisionDate: '2023-02-29' });
      expect(bad.status).toBe(400);
      expect(bad.data.errors).toEqual([{ field: 'decisionDate', message: 'decisionDate must be a date (YYYY-MM-DD)' }]);
      expect((await deadlines({ decisionKind: 'board' })).data.errors).toEqual([
        { field: 'decisionDate', message: 'decisionKind needs a decisionDate' },
      ]);
      expect((await deadlines({})).data.errors).toEqual([
        { field: 'decisionDate', message: 'Give a decision date, an intent-to-file date, a Board date or a separation date' },
      ]);
      expect((await deadlines({ separationDate: '2025-02-29' })).data.errors).toEqual([
        { field: 'separationDate', message: 'separationDate must be a date (YYYY-MM-DD)' },
      ]);
      expect((await deadlines({ decisionDate: '2024-01-01', decisionKind: 'appeal' })).data.errors[0].field).toBe('decisionKind');
    });
  });

  it('needs a signed-in user', async () => {
    const anonymous = app.client();
    expect((await anonymous.post('/api/calculators/combined-rating', { ratings: [] })).status).toBe(401);
    expect((await anonymous.post('/api/calculators/deadlines', { decisionDate: '2024-01-01' })).status).toBe(401);
  });
});
