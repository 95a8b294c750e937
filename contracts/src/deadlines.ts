/**
 * Decision-review and filing deadlines (DOMAIN.md §2), pure and exact to the day. Dates are
 * calendar days written YYYY-MM-DD, with no time zone: a decision letter is dated a day, and so is
 * its deadline.
 *
 * - Higher-Level Review, Supplemental Claim (to keep the effective date) and Board Appeal: one year
 *   from the date of the decision. One year from February 29 is February 28 of the next year: the
 *   earlier of the two readings, so nobody is told a day that may be too late.
 * - After a Board decision: the Court of Appeals for Veterans Claims within 120 days, or a
 *   Supplemental Claim within one year. No Higher-Level Review of an HLR or a Board decision, and no
 *   Board Appeal of a Board decision.
 * - An intent to file holds the effective date for one year.
 * - Board evidence: 90 days after the Board receives the Notice of Disagreement (Evidence Submission
 *   docket), or 90 days after the hearing (Hearing docket).
 * - Decisions dated before February 19, 2019 follow the legacy appeals process.
 *
 * Used by the calculators, the claim detail and the dashboard, and by reminder notifications.
 */

export const DECISION_KINDS = ['rating', 'hlr', 'supplemental', 'board'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export const DECISION_KIND_LABELS: Record<DecisionKind, string> = {
  rating: 'Claim decision (rating decision)',
  hlr: 'Higher-Level Review decision',
  supplemental: 'Supplemental Claim decision',
  board: "Board of Veterans' Appeals decision",
};

export const DEADLINE_KINDS = [
  'higher_level_review',
  'supplemental_claim',
  'board_appeal',
  'court_appeal',
  'intent_to_file',
  'board_evidence_submission',
  'board_hearing_evidence',
] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

/** The Appeals Modernization Act applies to decisions dated on or after this day. */
export const AMA_EFFECTIVE_DATE = '2019-02-19';

export interface Deadline {
  kind: DeadlineKind;
  title: string;
  /** The last day (YYYY-MM-DD). */
  dueDate: string;
  /** The rule it comes from. */
  basis: string;
  description: string;
  /** The VA form to use, when there is one. */
  form: string | null;
  formUrl: string | null;
  /** The day it is counted from. */
  countedFrom: string;
}

export interface DeadlineInput {
  decisionDate?: string;
  /** What was decided; a decision date alone is a claim (rating) decision. */
  decisionKind?: DecisionKind;
  intentToFileDate?: string;
  /** When the Board received the Notice of Disagreement (Evidence Submission docket). */
  boardAppealReceivedDate?: string;
  /** When the Board hearing took place (Hearing docket). */
  boardHearingDate?: string;
}

export interface DeadlineResult {
  deadlines: Deadline[];
  /** Things the dates alone cannot say. */
  notes: string[];
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** True for a real calendar day written YYYY-MM-DD (2023-02-29 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

function parts(value: string): [number, number, number] {
  if (!isCalendarDate(value)) throw new RangeError(`Not a calendar date: ${value}`);
  const match = DAY.exec(value)!;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const format = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const utc = (value: string) => {
  const [y, m, d] = parts(value);
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date.getTime();
};

/** The day `days` after `value` (negative: before). */
export function addDays(value: string, days: number): string {
  const date = new Date(utc(value) + days * MS_PER_DAY);
  return format(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** The same day `years` later; February 29 becomes February 28 in a year without one. */
export function addYears(value: string, years: number): string {
  const [y, m, d] = parts(value);
  const year = y + years;
  return format(year, m, m === 2 && d === 29 && !isLeapYear(year) ? 28 : d);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetweenDates(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / MS_PER_DAY);
}

/** Today's calendar day in UTC, for a server that has no user's time zone. */
export function utcDay(now: Date): string {
  return format(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate());
}

const FORM_URL = (form: string) => `https://www.va.gov/find-forms/about-form-${form.toLowerCase()}/`;

type DeadlineText = Omit<Deadline, 'dueDate' | 'countedFrom' | 'formUrl'>;

const TEXT: Record<DeadlineKind, DeadlineText> = {
  higher_level_review: {
    kind: 'higher_level_review',
    title: 'Higher-Level Review',
    basis: '38 CFR 3.2601',
    form: '20-0996',
    description:
      'Ask a senior reviewer to look at the same evidence again for a difference of opinion or an error. You cannot add new evidence. Due one year from the date of the decision.',
  },
  supplemental_claim: {
    kind: 'supplemental_claim',
    title: 'Supplemental Claim',
    basis: '38 CFR 3.2500(h), 3.2501',
    form: '20-0995',
    description:
      'Send new and relevant evidence. You can file one at any time, but filing by this date keeps your earliest effective date (continuous pursuit).',
  },
  board_appeal: {
    kind: 'board_appeal',
    title: 'Board Appeal (Notice of Disagreement)',
    basis: '38 CFR 20.202–20.203',
    form: '10182',
    description:
      "Appeal to a Veterans Law Judge at the Board of Veterans' Appeals: Direct Review, Evidence Submission or Hearing docket. Due one year from the date of the decision (60 days for a contested claim).",
  },
  court_appeal: {
    kind: 'court_appeal',
    title: 'Appeal to the U.S. Court of Appeals for Veterans Claims',
    basis: '38 U.S.C. 7266',
    form: null,
    description: "File a Notice of Appeal with the Court within 120 days of the date of the Board's decision.",
  },
  intent_to_file: {
    kind: 'intent_to_file',
    title: 'Complete claim after an intent to file',
    basis: '38 CFR 3.155(b)',
    form: '21-526EZ',
    description:
      'VA must receive your complete claim within one year of your intent to file; then the intent-to-file date can be your effective date.',
  },
  board_evidence_submission: {
    kind: 'board_evidence_submission',
    title: 'Board evidence (Evidence Submission docket)',
    basis: '38 CFR 20.303',
    form: null,
    description: 'Send your evidence within 90 days after the Board receives your Notice of Disagreement.',
  },
  board_hearing_evidence: {
    kind: 'board_hearing_evidence',
    title: 'Board evidence after your hearing (Hearing docket)',
    basis: '38 CFR 20.302',
    form: null,
    description: 'Send any further evidence within 90 days after your hearing with a Veterans Law Judge.',
  },
};

const deadline = (kind: DeadlineKind, dueDate: string, countedFrom: string): Deadline => {
  const text = TEXT[kind];
  return { ...text, dueDate, countedFrom, formUrl: text.form ? FORM_URL(text.form) : null };
};

/** Which reviews each kind of decision allows (DOMAIN.md §2.3). */
const REVIEWS: Record<DecisionKind, readonly DeadlineKind[]> = {
  rating: ['higher_level_review', 'supplemental_claim', 'board_appeal'],
  supplemental: ['higher_level_review', 'supplemental_claim', 'board_appeal'],
  hlr: ['supplemental_claim', 'board_appeal'],
  board: ['court_appeal', 'supplemental_claim'],
};

const ORDER = new Map(DEADLINE_KINDS.map((kind, i) => [kind, i]));

export function decisionReviewDeadlines(input: DeadlineInput): DeadlineResult {
  const deadlines: Deadline[] = [];
  const notes: string[] = [];
  const { decisionDate } = input;
  if (decisionDate) {
    const kind = input.decisionKind ?? 'rating';
    const legacy = decisionDate < AMA_EFFECTIVE_DATE;
    for (const review of REVIEWS[kind]) {
      if (legacy && review !== 'court_appeal') continue;
      const due = review === 'court_appeal' ? addDays(decisionDate, 120) : addYears(decisionDate, 1);
      deadlines.push(deadline(review, due, decisionDate));
    }
    if (legacy) {
      notes.push(
        'Decisions dated before February 19, 2019 follow the legacy appeals process, so the Higher-Level Review, Supplemental Claim and Board Appeal deadlines do not apply to them.',
      );
    }
    if (kind === 'board') notes.push('A Board decision cannot go to a Higher-Level Review or another Board Appeal.');
    if (kind === 'hlr') notes.push('A Higher-Level Review decision cannot go to another Higher-Level Review.');
  }
  if (input.intentToFileDate) deadlines.push(deadline('intent_to_file', addYears(input.intentToFileDate, 1), input.intentToFileDate));
  if (input.boardAppealReceivedDate) {
    deadlines.push(deadline('board_evidence_submission', addDays(input.boardAppealReceivedDate, 90), input.boardAppealReceivedDate));
  }
  if (input.boardHearingDate) deadlines.push(deadline('board_hearing_evidence', addDays(input.boardHearingDate, 90), input.boardHearingDate));
  if (deadlines.length > 0) notes.push('VA must receive what you send by the due date: send it early, and keep proof of when you sent it.');
  deadlines.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || ORDER.get(a.kind)! - ORDER.get(b.kind)!);
  return { deadlines, notes };
}

/** Each deadline's short name, e.g. "Higher-Level Review" (reminders name the options with it). */
export const DEADLINE_TITLES = Object.fromEntries(DEADLINE_KINDS.map((kind) => [kind, TEXT[kind].title])) as Readonly<Record<DeadlineKind, string>>;
