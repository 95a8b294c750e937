import {
  addDays,
  addYears,
  claimReviewDeadlines,
  DEADLINE_KINDS,
  DEADLINE_RULES,
  daysBetweenDates,
  decisionReviewDeadlines,
  dueDate,
  isCalendarDate,
  longDay,
  opensDate,
  type DeadlineKind,
} from './deadlines';

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
    expect(
      ['2023-02-29', '1900-02-29', '2023-04-31', '2023-13-01', '2023-00-10', '2023-1-1', 'tomorrow', '2023-02-28T00:00'].map(
        isCalendarDate,
      ),
    ).toEqual(Array(8).fill(false));
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

  it('writes a day out for a person', () => {
    expect(['2025-02-28', '2024-02-29', '2026-01-01', '2025-12-31'].map(longDay)).toEqual([
      'February 28, 2025',
      'February 29, 2024',
      'January 1, 2026',
      'December 31, 2025',
    ]);
  });
});

/** The law's periods, written here again as plain numbers (DOMAIN.md §2), to check the table with. */
const LAW: Record<DeadlineKind, { years?: number; days?: number; opensDaysBefore?: number }> = {
  higher_level_review: { years: 1 },
  supplemental_claim: { years: 1 },
  board_appeal: { years: 1 },
  board_appeal_contested: { days: 60 },
  court_appeal: { days: 120 },
  intent_to_file: { years: 1 },
  board_evidence_submission: { days: 90 },
  board_hearing_evidence: { days: 90 },
  bdd_claim: { days: -90, opensDaysBefore: 180 },
  claim_after_separation: { years: 1 },
};

/** An independent year: the same month and day, or February 28 when the next year has no February 29. */
const sameDayNextYear = (day: string) => {
  const next = `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;
  return isCalendarDate(next) ? next : `${next.slice(0, 4)}-02-28`;
};

const stepBack = (from: string, days: number) => {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d, 12);
  for (let i = 0; i < days; i++) date.setDate(date.getDate() - 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

describe('the one table of deadline rules', () => {
  it('has every rule of DOMAIN.md §2, each with its law and the section that states it', () => {
    expect(Object.keys(DEADLINE_RULES).sort()).toEqual([...DEADLINE_KINDS].sort());
    for (const kind of DEADLINE_KINDS) {
      expect(DEADLINE_RULES[kind].basis).toMatch(/^(38 CFR |38 U\.S\.C\. |VA\.gov)/);
      expect(DEADLINE_RULES[kind].domain).toMatch(/^DOMAIN\.md §2\.[123]$/);
    }
  });

  it('counts every rule from every day of 2023–2025 as the law says', () => {
    const wrong: unknown[] = [];
    let counted = 0;
    for (let day = '2023-01-01'; day < '2026-01-01'; day = stepDays(day, 1)) {
      for (const kind of DEADLINE_KINDS) {
        const law = LAW[kind];
        const due = law.years ? sameDayNextYear(day) : law.days! > 0 ? stepDays(day, law.days!) : stepBack(day, -law.days!);
        const opens = law.opensDaysBefore ? stepBack(day, law.opensDaysBefore) : undefined;
        if (dueDate(kind, day) !== due || opensDate(kind, day) !== opens)
          wrong.push({ kind, day, due, opens, got: [dueDate(kind, day), opensDate(kind, day)] });
        counted += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(counted).toBe(1096 * DEADLINE_KINDS.length);
  });

  it('a contested Board Appeal is due in 60 days; the BDD window runs from 180 to 90 days before separation', () => {
    expect(dueDate('board_appeal_contested', '2024-01-01')).toBe('2024-03-01');
    expect(dueDate('board_appeal_contested', '2023-01-01')).toBe('2023-03-02');
    expect([opensDate('bdd_claim', '2026-09-30'), dueDate('bdd_claim', '2026-09-30')]).toEqual(['2026-04-03', '2026-07-02']);
    expect(dueDate('claim_after_separation', '2024-02-29')).toBe('2025-02-28');
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
    expect(due(decisionReviewDeadlines({ decisionDate: '2025-06-30', decisionKind: 'supplemental' }))).toHaveProperty(
      'higher_level_review',
      '2026-06-30',
    );
  });

  it('after a Board decision: the Court within 120 days (leap year and not), or a Supplemental Claim within a year', () => {
    expect(due(decisionReviewDeadlines({ decisionDate: '2024-01-15', decisionKind: 'board' }))).toEqual({
      court_appeal: '2024-05-14',
      supplemental_claim: '2025-01-15',
    });
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

  it('a separation date: the BDD window, then the year that keeps the day after separation as the effective date', () => {
    const result = decisionReviewDeadlines({ separationDate: '2024-02-29' });
    expect(result.deadlines.map((d) => [d.kind, d.opensDate, d.dueDate, d.basis])).toEqual([
      ['bdd_claim', '2023-09-02', '2023-12-01', 'VA.gov, Benefits Delivery at Discharge'],
      ['claim_after_separation', undefined, '2025-02-28', '38 CFR 3.400(b)(2)'],
    ]);
    expect(result.deadlines[0]).toMatchObject({ form: '21-526EZ', countedFrom: '2024-02-29' });
  });
});

describe("a claim's review deadlines", () => {
  it('count from the date on its decision letter, once it is decided', () => {
    const kinds = (deadlines: ReturnType<typeof claimReviewDeadlines>) => deadlines.map((d) => [d.kind, d.dueDate]);
    expect(kinds(claimReviewDeadlines({ decisionDate: '2024-02-29', conditionType: 'primary', status: 'denied' }))).toEqual([
      ['higher_level_review', '2025-02-28'],
      ['supplemental_claim', '2025-02-28'],
      ['board_appeal', '2025-02-28'],
    ]);
    expect(kinds(claimReviewDeadlines({ decisionDate: '2024-02-29', conditionType: 'reopened', status: 'approved' }))).toHaveLength(3);
    expect(claimReviewDeadlines({ decisionDate: null, conditionType: 'primary', status: 'denied' })).toEqual([]);
    expect(claimReviewDeadlines({ decisionDate: '2024-02-29', conditionType: 'primary', status: 'evidence_review' })).toEqual([]);
    expect(claimReviewDeadlines({ decisionDate: '2018-06-01', conditionType: 'primary', status: 'denied' })).toEqual([]);
  });
});
