import { addDays, addYears, daysBetweenDates, decisionReviewDeadlines, isCalendarDate, type DeadlineKind } from './deadlines';

const due = (result: ReturnType<typeof decisionReviewDeadlines>) =>
  Object.fromEntries(result.deadlines.map((d) => [d.kind, d.dueDate])) as Partial<Record<DeadlineKind, string>>;

/** An independent day count: the local calendar of JavaScript's Date, stepped one day at a time. */
function stepDays(from: string, days: number): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d, 12);
  for (let i = 0; i < days; i++) date.setDate(date.getDate() + 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

describe('calendar days', () => {
  it('knows which days exist', () => {
    expect(['2024-02-29', '2000-02-29', '2023-04-30', '2023-12-31'].map(isCalendarDate)).toEqual([true, true, true, true]);
    expect(['2023-02-29', '1900-02-29', '2023-04-31', '2023-13-01', '2023-00-10', '2023-1-1', 'tomorrow', '2023-02-28T00:00'].map(isCalendarDate)).toEqual(
      Array(8).fill(false),
    );
  });

  it('counts days exactly across month ends and leap days, for every day of 2019–2032', () => {
    for (let day = '2019-01-01'; day < '2033-01-01'; day = stepDays(day, 1)) {
      for (const n of [1, 90, 120]) expect([day, n, addDays(day, n)]).toEqual([day, n, stepDays(day, n)]);
      expect(daysBetweenDates(day, addDays(day, 120))).toBe(120);
    }
  });

  it('adds a year to the same day, and February 29 to February 28', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2023-02-28', 1)).toBe('2024-02-28');
    expect(addYears('2023-03-01', 1)).toBe('2024-03-01');
    expect(addYears('2023-12-31', 1)).toBe('2024-12-31');
    expect(addYears('2024-01-31', 1)).toBe('2025-01-31');
  });
});

describe('decision-review deadlines (DOMAIN.md §2)', () => {
  it('a claim decision: Higher-Level Review, Supplemental Claim and Board Appeal one year on', () => {
    const result = decisionReviewDeadlines({ decisionDate: '2025-03-15' });
    expect(due(result)).toEqual({ higher_level_review: '2026-03-15', supplemental_claim: '2026-03-15', board_appeal: '2026-03-15' });
    expect(result.deadlines.map((d) => d.kind)).toEqual(['higher_level_review', 'supplemental_claim', 'board_appeal']);
    expect(result.deadlines[0]).toMatchObject({
      title: 'Higher-Level Review',
      form: '20-0996',
      formUrl: 'https://www.va.gov/find-forms/about-form-20-0996/',
      basis: '38 CFR 3.2601',
      countedFrom: '2025-03-15',
    });
  });

  it('a decision dated February 29 is due February 28 of the next year', () => {
    expect(due(decisionReviewDeadlines({ decisionDate: '2024-02-29', decisionKind: 'rating' })).higher_level_review).toBe('2025-02-28');
    expect(due(decisionReviewDeadlines({ decisionDate: '2023-02-28' })).board_appeal).toBe('2024-02-28');
  });

  it('after a Higher-Level Review: no second review, a Supplemental Claim or the Board', () => {
    expect(due(decisionReviewDeadlines({ decisionDate: '2025-06-30', decisionKind: 'hlr' }))).toEqual({
      supplemental_claim: '2026-06-30',
      board_appeal: '2026-06-30',
    });
    expect(due(decisionReviewDeadlines({ decisionDate: '2025-06-30', decisionKind: 'supplemental' }))).toHaveProperty('higher_level_review', '2026-06-30');
  });

  it('after a Board decision: the Court within 120 days (leap year and not), or a Supplemental Claim within a year', () => {
    expect(due(decisionReviewDeadlines({ decisionDate: '2024-01-15', decisionKind: 'board' }))).toEqual({ court_appeal: '2024-05-14', supplemental_claim: '2025-01-15' });
    expect(due(decisionReviewDeadlines({ decisionDate: '2023-01-15', decisionKind: 'board' })).court_appeal).toBe('2023-05-15');
    // Month ends: from November 1, day 120 is February 29 in a leap year and March 1 otherwise.
    expect(due(decisionReviewDeadlines({ decisionDate: '2023-11-01', decisionKind: 'board' })).court_appeal).toBe('2024-02-29');
    expect(due(decisionReviewDeadlines({ decisionDate: '2022-11-01', decisionKind: 'board' })).court_appeal).toBe('2023-03-01');
    expect(due(decisionReviewDeadlines({ decisionDate: '2023-10-31', decisionKind: 'board' })).court_appeal).toBe('2024-02-28');
    expect(decisionReviewDeadlines({ decisionDate: '2024-01-15', decisionKind: 'board' }).deadlines[0]!.kind).toBe('court_appeal');
  });

  it('an intent to file holds for a year; the Board evidence windows are 90 days', () => {
    expect(due(decisionReviewDeadlines({ intentToFileDate: '2024-02-29' }))).toEqual({ intent_to_file: '2025-02-28' });
    expect(due(decisionReviewDeadlines({ intentToFileDate: '2023-12-31' }))).toEqual({ intent_to_file: '2024-12-31' });
    expect(due(decisionReviewDeadlines({ boardAppealReceivedDate: '2024-12-31', boardHearingDate: '2023-12-01' }))).toEqual({
      board_evidence_submission: '2025-03-31',
      board_hearing_evidence: '2024-02-29',
    });
  });

  it('lists every deadline soonest first', () => {
    const result = decisionReviewDeadlines({ decisionDate: '2025-01-10', decisionKind: 'board', intentToFileDate: '2024-06-01' });
    expect(result.deadlines.map((d) => [d.kind, d.dueDate])).toEqual([
      ['court_appeal', '2025-05-10'],
      ['intent_to_file', '2025-06-01'],
      ['supplemental_claim', '2026-01-10'],
    ]);
  });

  it('decisions before February 19, 2019 follow the legacy process', () => {
    const legacy = decisionReviewDeadlines({ decisionDate: '2019-02-18' });
    expect(legacy.deadlines).toEqual([]);
    expect(legacy.notes[0]).toMatch(/legacy appeals process/);
    expect(due(decisionReviewDeadlines({ decisionDate: '2019-02-19' })).higher_level_review).toBe('2020-02-19');
  });
});
