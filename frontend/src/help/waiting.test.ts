import { waitingTime } from './waiting';

describe('waitingTime', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it.each([
    ['2026-11-26T11:59:30Z', 'under a minute'],
    ['2026-11-26T11:48:00Z', '12 min'],
    ['2026-11-26T09:55:00Z', '2 h 5 min'],
    ['2026-11-23T08:00:00Z', '3 d 4 h'],
    ['2026-11-26T12:05:00Z', 'under a minute'],
  ])('since %s is %s', (since, text) => expect(waitingTime(since, now)).toBe(text));
});
