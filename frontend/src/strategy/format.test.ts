import { gainText, monthlyRange, ratingRange } from './format';

describe('prediction wording', () => {
  it.each([
    [{ rating: 50, value: 50, monthly: 1132.9 }, { rating: 60, value: 55, monthly: 1435.02 }, '50% → 60%', '$1,132.90 → $1,435.02 a month'],
    [
      { rating: 70, value: 65, monthly: 1808.45 },
      { rating: 70, value: 69, monthly: 1808.45 },
      '70% (no change)',
      '$1,808.45 a month (no change)',
    ],
    [{ rating: 0, value: 0, monthly: 0 }, { rating: 10, value: 10, monthly: 180.42 }, '0% → 10%', '$0.00 → $180.42 a month'],
  ])('%o to %o', (from, to, rating, monthly) => {
    expect(ratingRange(from, to)).toBe(rating);
    expect(monthlyRange(from, to)).toBe(monthly);
  });

  it('counts readiness points', () => {
    expect([gainText(1), gainText(33)]).toEqual(['+1 point of readiness', '+33 points of readiness']);
  });
});
