import { occupationHelp } from './occupationHelp';

describe('the MOS field helper text', () => {
  it.each([
    ['army', 'e.g. 11B Infantryman. Type a code or title to pick from the list, or write your own.'],
    ['navy', 'e.g. HM Hospital Corpsman. Type a code or title to pick from the list, or write your own.'],
    ['air-force', 'e.g. 1N0X1 All Source Intelligence Analyst. Type a code or title to pick from the list, or write your own.'],
    ['marines', 'e.g. 0311 Rifleman. Type a code or title to pick from the list, or write your own.'],
  ])('gives a listed branch (%s) its own example and the list', (branch, text) => {
    expect(occupationHelp(branch, { optional: false, listed: true })).toBe(text);
  });

  it.each(['coast-guard', 'space-force', ''])('asks a branch without a list (%s) for the code and title', (branch) => {
    expect(occupationHelp(branch, { optional: false, listed: false })).toBe('Your MOS, rating or specialty: its code and title');
  });

  it('keeps the secondary field optional', () => {
    expect(occupationHelp('marines', { optional: true, listed: true })).toBe(
      'Optional. Type a code or title to pick from the list, or write your own.',
    );
    expect(occupationHelp('coast-guard', { optional: true, listed: false })).toBe('Optional');
  });
});
