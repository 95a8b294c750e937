import { isoWeekOf, previousIsoWeek } from './isoWeek';

describe('ISO weeks', () => {
  it.each([
    // [day, week, monday]
    ['2026-11-26', '2026-W48', '2026-11-23'],
    ['2026-11-23', '2026-W48', '2026-11-23'],
    ['2026-11-29', '2026-W48', '2026-11-23'],
    ['2026-11-30', '2026-W49', '2026-11-30'],
    // January 1, 2027 is a Friday: it belongs to the last week of 2026 (week 53).
    ['2027-01-01', '2026-W53', '2026-12-28'],
    ['2027-01-04', '2027-W01', '2027-01-04'],
    // December 29, 2025 is a Monday in week 1 of 2026 (January 1, 2026 is a Thursday).
    ['2025-12-29', '2026-W01', '2025-12-29'],
    ['2024-02-29', '2024-W09', '2024-02-26'],
  ])('%s is in %s, starting %s', (day, key, monday) => {
    expect(isoWeekOf(day)).toMatchObject({ key, monday });
  });

  it('the previous week ends the day before the week starts', () => {
    expect(previousIsoWeek(isoWeekOf('2027-01-04'))).toEqual({ key: '2026-W53', monday: '2026-12-28', sunday: '2027-01-03' });
  });
});
