/// <reference types="jest" />
import { plainText, questionsLeftText, sessionDateLabel, truncateMessage } from './format';

describe('chat formatting', () => {
  const now = new Date('2026-01-15T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

  it('labels sessions Today, Yesterday, by weekday within a week, then by short month and day', () => {
    expect(sessionDateLabel(hoursAgo(1), now)).toBe('Today');
    expect(sessionDateLabel(hoursAgo(23.9), now)).toBe('Today');
    expect(sessionDateLabel(hoursAgo(24), now)).toBe('Yesterday');
    expect(sessionDateLabel(hoursAgo(47.9), now)).toBe('Yesterday');
    expect(sessionDateLabel('2026-01-12T12:00:00Z', now)).toBe('Monday');
    expect(sessionDateLabel(hoursAgo(167.9), now)).toBe(new Date(hoursAgo(167.9)).toLocaleDateString('en-US', { weekday: 'long' }));
    expect(sessionDateLabel('2026-01-05T12:00:00Z', now)).toBe('Jan 5');
  });

  it('cuts widget messages at 150 characters with an ellipsis', () => {
    expect(truncateMessage('short')).toBe('short');
    expect(truncateMessage('x'.repeat(150))).toBe('x'.repeat(150));
    expect(truncateMessage('x'.repeat(151))).toBe(`${'x'.repeat(150)}...`);
  });

  it('shows an answer in the widget as plain words, without its sources', () => {
    const answer =
      '**Intent to File**\n\nIt holds your date.\n- [VA Form 21-0966](https://www.va.gov/x) — the form\n\n**Sources**\n- [38 CFR 3.155(b)](https://www.ecfr.gov/x)';
    expect(plainText(answer)).toBe('Intent to File It holds your date. VA Form 21-0966 — the form');
  });

  it('says how many questions are left', () => {
    expect(questionsLeftText({ limit: 10, remaining: 7 })).toBe('7 of 10 questions left this month');
    expect(questionsLeftText({ limit: 0, remaining: null })).toBe('Unlimited AI questions on your plan');
  });
});
