import { changeText, rebuildPercent } from './format';

describe('console formatting', () => {
  it('writes a change as old → new, with a dash for nothing', () => {
    expect(changeText({ field: 'Status', from: 'Submitted', to: 'Initial Review' })).toBe('Status: Submitted → Initial Review');
    expect(changeText({ field: 'Rating', from: null, to: '10%' })).toBe('Rating: — → 10%');
    expect(changeText({ field: 'Important', from: null, to: true })).toBe('Important: — → Yes');
  });

  it('gives a rebuild a percentage that never passes 100 and is 100 once swapped', () => {
    expect(rebuildPercent({ state: 'running', processed: 50, total: 200 })).toBe(25);
    expect(rebuildPercent({ state: 'running', processed: 250, total: 200 })).toBe(100);
    expect(rebuildPercent({ state: 'running', processed: 0, total: 0 })).toBe(0);
    expect(rebuildPercent({ state: 'swapped', processed: 3, total: 9 })).toBe(100);
  });
});
