import { combinedRating, combinedRatingsTableCell } from './rating';

/** Test vectors of DOMAIN.md §1.3 (38 CFR 4.25 and VA.gov examples). */
const VECTORS: [number[], number, number][] = [
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
];

describe('combined rating (38 CFR 4.25)', () => {
  it.each(VECTORS)('%j combine to %i, rated %i %%', (ratings, value, rating) => {
    const result = combinedRating(ratings);
    expect(result.value).toBe(value);
    expect(result.rating).toBe(rating);
  });

  it('does not depend on the order the ratings come in', () => {
    expect(combinedRating([10, 60, 30])).toEqual(combinedRating([60, 30, 10]));
  });

  it('rounds each table cell half up, exactly', () => {
    expect(combinedRatingsTableCell(25, 10)).toBe(33); // 32.5
    expect(combinedRatingsTableCell(19, 50)).toBe(60); // 59.5
    expect(combinedRatingsTableCell(86, 80)).toBe(97); // the VA.gov table's typo cell
  });

  it('lists the steps for the tooltip', () => {
    expect(combinedRating([30, 50, 10])).toEqual({
      value: 69,
      rating: 70,
      ratings: [50, 30, 10],
      steps: [
        { from: 50, add: 30, to: 65 },
        { from: 65, add: 10, to: 69 },
      ],
    });
  });

  it('is 0 with no ratings', () => {
    expect(combinedRating([])).toEqual({ value: 0, rating: 0, ratings: [], steps: [] });
  });
});
