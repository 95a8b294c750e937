import { againstAverage, alignSteps, claimName, heldUntil, momentText, percentText, stepText } from './format';

describe('analytics format', () => {
  it.each([
    [null, 30, 'added at 30%'],
    [50, 30, 'changed from 50% to 30%'],
    [30, null, 'left (was 30%)'],
    [null, 0, 'added at 0%'],
  ])('a step from %p to %p is "%s"', (from, to, text) => expect(stepText(from, to)).toBe(text));

  it.each([
    [76.6, '76.6 days more than the national average'],
    [-111.4, '111.4 days fewer than the national average'],
    [1, '1 day more than the national average'],
    [0, 'the same as the national average'],
  ])('%p days over the average is "%s"', (over, text) => expect(againstAverage(over)).toBe(text));

  it('names a claim and a rating', () => {
    expect(claimName({ claimId: 'x', claimNumber: '2026-001', condition: 'Tinnitus' })).toBe('Tinnitus (2026-001)');
    expect(percentText(null)).toBe('none');
    expect(percentText(40)).toBe('40%');
  });
});

describe('alignSteps', () => {
  it('puts every claim on the times any of them changed, carrying each value forward', () => {
    const a = {
      points: [
        { at: '2026-01-01T00:00:00Z', v: 20 },
        { at: '2026-01-03T00:00:00Z', v: 60 },
      ],
    };
    const b = { points: [{ at: '2026-01-02T00:00:00Z', v: 40 }] };
    expect(alignSteps([a, b], (p) => p.v)).toEqual({
      times: ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', '2026-01-03T00:00:00Z'],
      values: [
        [20, 20, 60],
        [null, 40, 40],
      ],
    });
  });
});

describe('heldUntil and momentText', () => {
  it('holds each column at its last value until now, and leaves a series already at now alone', () => {
    expect(heldUntil('2026-01-05T00:00:00Z', ['2026-01-01T00:00:00Z'], [[3], [null]])).toEqual({
      times: ['2026-01-01T00:00:00Z', '2026-01-05T00:00:00Z'],
      columns: [
        [3, 3],
        [null, null],
      ],
    });
    expect(heldUntil('2026-01-01T00:00:00Z', ['2026-01-01T00:00:00Z'], [[3]])).toEqual({ times: ['2026-01-01T00:00:00Z'], columns: [[3]] });
    expect(heldUntil('2026-01-01T00:00:00Z', [], [])).toEqual({ times: [], columns: [] });
  });

  it('gives a moment with its date and time', () => {
    expect(momentText(new Date('2026-03-04T15:30:00Z'))).toMatch(/^Mar \d, 2026, \d{1,2}:30 [AP]M$/);
  });
});
