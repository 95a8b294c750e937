/// <reference types="jest" />
import { combinedRating } from '@cc/contracts';
import {
  combinedRatingExplanation,
  conditionTypeLabel,
  countClaims,
  formatClaimUsage,
  formatDate,
  formatDateTime,
  formatHistoryChange,
  newestFirst,
  parseDate,
  progressTone,
  titleCase,
} from './format';
import { normaliseRatingInput } from './ratingInput';

describe('claim date formats', () => {
  it('formats dates as MMM dd, yyyy with a zero-padded day', () => {
    expect(formatDate(new Date(2025, 2, 5, 14, 7))).toBe('Mar 05, 2025');
    expect(formatDate(new Date(2024, 11, 31, 23, 59))).toBe('Dec 31, 2024');
  });

  it('formats timestamps as MMM dd, yyyy HH:mm on a 24-hour clock', () => {
    expect(formatDateTime(new Date(2025, 0, 9, 8, 4))).toBe('Jan 09, 2025 08:04');
    expect(formatDateTime(new Date(2025, 6, 14, 21, 30).toISOString())).toBe('Jul 14, 2025 21:30');
  });

  it('reads a date-only value as that calendar day, whatever the time zone', () => {
    expect(formatDate('2025-03-05')).toBe('Mar 05, 2025');
    expect(parseDate('2025-03-05')?.getHours()).toBe(0);
  });

  it('gives an empty text for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('claim labels', () => {
  it('title-cases underscored words', () => {
    expect(titleCase('initial_review')).toBe('Initial Review');
    expect(titleCase('status_change')).toBe('Status Change');
  });

  it('labels condition types, falling back to title case', () => {
    expect(conditionTypeLabel('primary')).toBe('Primary, Service-Connected');
    expect(conditionTypeLabel('increase')).toBe('Rating Increase');
    expect(conditionTypeLabel('new_kind')).toBe('New Kind');
  });

  it('picks the progress colour at 50 and 80', () => {
    expect(progressTone(10)).toBe('blue');
    expect(progressTone(49)).toBe('blue');
    expect(progressTone(50)).toBe('yellow');
    expect(progressTone(79)).toBe('yellow');
    expect(progressTone(80)).toBe('green');
    expect(progressTone(100)).toBe('green');
  });

  it('writes the usage line, with ∞ for an unlimited plan', () => {
    expect(formatClaimUsage({ used: 2, limit: 3 })).toBe('Claims: 2 / 3');
    expect(formatClaimUsage({ used: 7, limit: 0 })).toBe('Claims: 7 / ∞');
  });
});

describe('claim counters', () => {
  const claim = (status: string, isApproved: boolean, ratingPercentage: number | null) =>
    ({ status, isApproved, ratingPercentage }) as Parameters<typeof countClaims>[0][number];

  it('counts active, approved and denied claims and combines approved ratings', () => {
    const counters = countClaims([
      claim('submitted', false, null),
      claim('evidence_review', false, null),
      claim('approved', true, 50),
      claim('approved', true, 30),
      claim('approved', true, null),
      claim('denied', false, 40),
    ]);
    expect(counters.active).toBe(2);
    expect(counters.approved).toBe(3);
    expect(counters.denied).toBe(1);
    expect(counters.totalRating.rating).toBe(70);
  });

  it('explains the combined rating step by step', () => {
    expect(combinedRatingExplanation(combinedRating([50, 30]))).toBe('50% and 30% → 65 → rounds to 70%');
    expect(combinedRatingExplanation(combinedRating([10, 30, 50]))).toBe('50%, 30% and 10% → 65 → 69 → rounds to 70%');
    expect(combinedRatingExplanation(combinedRating([40]))).toBe('40% → rounds to 40%');
    expect(combinedRatingExplanation(combinedRating([100, 30]))).toBe('100% and 30% → 100 → rounds to 100%');
    expect(combinedRatingExplanation(combinedRating([]))).toBe('No approved claims with a rating yet');
  });
});

describe('rating input', () => {
  it('accepts empty or a whole number from 0 to 100', () => {
    expect(normaliseRatingInput('')).toBe('');
    expect(normaliseRatingInput('  ')).toBe('');
    expect(normaliseRatingInput('0')).toBe('0');
    expect(normaliseRatingInput(' 70 ')).toBe('70');
    expect(normaliseRatingInput('100')).toBe('100');
  });

  it('refuses anything else', () => {
    for (const text of ['101', '-5', '7.5', 'abc', '1000', '50%']) expect(normaliseRatingInput(text)).toBeNull();
  });
});

describe('claim history', () => {
  it('writes a change as "Field: from → to", and a first value alone', () => {
    expect(formatHistoryChange({ field: 'Status', from: 'Submitted', to: 'Initial Review' })).toBe('Status: Submitted → Initial Review');
    expect(formatHistoryChange({ field: 'Rating', from: null, to: '70%' })).toBe('Rating: 70%');
    expect(formatHistoryChange({ field: 'Rating', from: '70%', to: null })).toBe('Rating: 70% → none');
    expect(formatHistoryChange({ field: 'Important', from: false, to: true })).toBe('Important: no → yes');
  });

  it('orders entries newest first, keeping reverse order on equal times', () => {
    const entries = [
      { id: 'a', at: '2025-01-01T10:00:00Z' },
      { id: 'b', at: '2025-01-02T10:00:00Z' },
      { id: 'c', at: '2025-01-02T10:00:00Z' },
    ];
    expect(newestFirst(entries).map((entry) => entry.id)).toEqual(['c', 'b', 'a']);
  });
});
