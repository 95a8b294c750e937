import { approvedRatingRows, formatDollars, parseRatingsParam, ratingsParam, toRatingInput } from './format';

describe('calculator helpers', () => {
  it('reads ratings from the address and writes them back', () => {
    const rows = parseRatingsParam('50, 20-left-leg,20-right-leg,15,abc,110,0');
    expect(rows).toEqual([
      { percent: 50, bodyPart: 'other' },
      { percent: 20, bodyPart: 'left-leg' },
      { percent: 20, bodyPart: 'right-leg' },
      { percent: 0, bodyPart: 'other' },
    ]);
    expect(ratingsParam(rows)).toBe('50,20-left-leg,20-right-leg,0');
    expect(parseRatingsParam(null)).toEqual([]);
    expect(parseRatingsParam(Array(40).fill('10').join(','))).toHaveLength(30);
  });

  it('turns a body part into the side and limb the server takes', () => {
    expect(toRatingInput({ percent: 30, bodyPart: 'right-arm' })).toEqual({ percent: 30, side: 'right', limb: 'arm' });
    expect(toRatingInput({ percent: 30, bodyPart: 'other' })).toEqual({ percent: 30 });
  });

  it('shows dollars and cents', () => {
    expect(formatDollars(1132.9)).toBe('$1,132.90');
    expect(formatDollars(0)).toBe('$0.00');
  });

  it('takes the ratings of approved claims in steps of 10', () => {
    const claims = [
      { isApproved: true, ratingPercentage: 50 },
      { isApproved: true, ratingPercentage: null },
      { isApproved: false, ratingPercentage: 30 },
      { isApproved: true, ratingPercentage: 35 },
      { isApproved: true, ratingPercentage: 0 },
    ];
    expect(approvedRatingRows(claims)).toEqual([
      { percent: 50, bodyPart: 'other' },
      { percent: 0, bodyPart: 'other' },
    ]);
  });
});
