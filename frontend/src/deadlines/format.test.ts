import { daysLeftText, localDay, urgencyOf } from './format';

describe('deadline texts', () => {
  it('counts the days from the veteran’s own day', () => {
    expect(daysLeftText('2026-03-01', '2026-03-01')).toBe('Due today');
    expect(daysLeftText('2026-03-02', '2026-03-01')).toBe('Due tomorrow');
    expect(daysLeftText('2024-03-01', '2024-02-28')).toBe('Due in 2 days');
    expect(daysLeftText('2025-03-01', '2025-02-28')).toBe('Due tomorrow');
    expect(daysLeftText('2026-02-28', '2026-03-01')).toBe('Passed yesterday');
    expect(daysLeftText('2025-12-31', '2026-01-10')).toBe('Passed 10 days ago');
  });

  it('counts a window (BDD) to its opening first, then to its last day', () => {
    expect(daysLeftText('2026-07-02', '2026-03-01', '2026-04-03')).toBe('Opens in 33 days');
    expect(daysLeftText('2026-07-02', '2026-04-02', '2026-04-03')).toBe('Opens tomorrow');
    expect(daysLeftText('2026-07-02', '2026-04-03', '2026-04-03')).toBe('Due in 90 days');
    expect(daysLeftText('2026-07-02', '2026-07-03', '2026-04-03')).toBe('Passed yesterday');
    expect(urgencyOf('2026-07-02', '2026-03-01', '2026-04-03')).toBe('later');
    expect(urgencyOf('2026-07-02', '2026-06-20', '2026-04-03')).toBe('soon');
  });

  it('calls a deadline within 30 days soon', () => {
    expect(urgencyOf('2026-03-31', '2026-03-01')).toBe('soon');
    expect(urgencyOf('2026-04-01', '2026-03-01')).toBe('later');
    expect(urgencyOf('2026-02-28', '2026-03-01')).toBe('passed');
  });

  it('reads the device’s calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
