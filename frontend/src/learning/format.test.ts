import { listCountText } from './format';

describe('learning center counts', () => {
  it('says what part of a list is shown', () => {
    expect(listCountText('disabilities', 20, 945, false)).toBe('Showing 20 of 945: search to find the rest');
    expect(listCountText('service-branches', 14, 14, false)).toBe('All 14 items');
    expect(listCountText('disabilities', 50, 120, true)).toBe('120 matches, showing 50');
    expect(listCountText('disabilities', 1, 1, true)).toBe('1 match');
    expect(listCountText('treatment-centers', 20, 1040, false, { page: 2, pages: 52 })).toBe('1,040 centers · page 2 of 52');
    expect(listCountText('disabilities', 0, 0, true)).toBe('No matches');
  });
});
