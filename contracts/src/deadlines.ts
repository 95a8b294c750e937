import { isDecided, type ClaimStatus, type ConditionType } from './claimVocabulary';

/**
 * Every deadline the product tells a veteran, in one table (DOMAIN.md §2), counted by one function
 * (`dueDate`), pure and exact to the day. The calculator, a claim's review deadlines, the dashboard,
 * the reminders and the chat all count with it. Dates are calendar days written YYYY-MM-DD, with no
 * time zone: a decision letter is dated a day, and so is its deadline.
 *
 * - Higher-Level Review, Supplemental Claim (to keep the effective date) and Board Appeal: one year
 *   from the date of the decision; a Board Appeal of a contested (multiple-party) claim, 60 days.
 *   One year from February 29 is February 28 of the next year: the earlier of the two readings, so
 *   nobody is told a day that may be too late.
 * - After a Board decision: the Court of Appeals for Veterans Claims within 120 days, or a
 *   Supplemental Claim within one year. No Higher-Level Review of an HLR or a Board decision, and no
 *   Board Appeal of a Board decision.
 * - An intent to file holds the effective date for one year.
 * - Board evidence: 90 days after the Board receives the Notice of Disagreement (Evidence Submission
 *   docket), or 90 days after the hearing (Hearing docket).
 * - Benefits Delivery at Discharge: a claim filed 180 to 90 days before separation; a claim VA
 *   receives within one year of separation gets the day after separation as its effective date.
 * - Decisions dated before February 19, 2019 follow the legacy appeals process.
 */

export const DECISION_KINDS = ['rating', 'hlr', 'supplemental', 'board'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export const DECISION_KIND_LABELS: Record<DecisionKind, string> = {
  rating: 'Claim decision (rating decision)',
  hlr: 'Higher-Level Review decision',
  supplemental: 'Supplemental Claim decision',
  board: "Board of Veterans' Appeals decision",
};

/** Every rule of the table; a list of deadlines on the same day keeps this order. */
export const DEADLINE_KINDS = [
  'higher_level_review',
  'supplemental_claim',
  'board_appeal',
  'board_appeal_contested',
  'court_appeal',
  'intent_to_file',
  'bdd_claim',
  'claim_after_separation',
  'board_evidence_submission',
  'board_hearing_evidence',
] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

/** The Appeals Modernization Act applies to decisions dated on or after this day. */
export const AMA_EFFECTIVE_DATE = '2019-02-19';

export const LEGACY_APPEALS_NOTE =
  'Decisions dated before February 19, 2019 follow the legacy appeals process, so the Higher-Level Review, Supplemental Claim and Board Appeal deadlines do not apply to them.';

export interface Deadline {
  kind: DeadlineKind;
  title: string;
  /** The last day (YYYY-MM-DD). */
  dueDate: string;
  /** For a window (BDD), its first day; the due date is its last. */
  opensDate?: string;
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
  /** The day the veteran leaves (or left) active duty: the BDD window and the effective-date year. */
  separationDate?: string;
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

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A calendar day written out for a person, e.g. "February 28, 2025" (answers and e-mails). */
export function longDay(value: string): string {
  const [y, m, d] = parts(value);
  return `${MONTH_NAMES[m - 1]} ${d}, ${y}`;
}

/** A period of the law: whole years (the same day; see `addYears`) or days; negative counts back. */
export type DeadlinePeriod = { readonly years: number } | { readonly days: number };

/** The day a period after (negative: before) `from` ends. */
export function periodEnd(from: string, period: DeadlinePeriod): string {
  return 'years' in period ? addYears(from, period.years) : addDays(from, period.days);
}

const FORM_URL = (form: string) => `https://www.va.gov/find-forms/about-form-${form.toLowerCase()}/`;

export interface DeadlineRule {
  title: string;
  /** The law it comes from. */
  basis: string;
  /** Where DOMAIN.md states it. */
  domain: string;
  description: string;
  form: string | null;
  /** From the day it is counted from to the last day. */
  period: DeadlinePeriod;
  /** For a window, from the day it is counted from to the first day. */
  opens?: DeadlinePeriod;
  /** Only for decisions under the Appeals Modernization Act (dated on or after AMA_EFFECTIVE_DATE). */
  amaOnly: boolean;
}

/** The one table of deadline rules (DOMAIN.md §2). */
export const DEADLINE_RULES: Readonly<Record<DeadlineKind, DeadlineRule>> = {
  higher_level_review: {
    title: 'Higher-Level Review',
    basis: '38 CFR 3.2601',
    domain: 'DOMAIN.md §2.3',
    form: '20-0996',
    period: { years: 1 },
    amaOnly: true,
    description:
      'Ask a senior reviewer to look at the same evidence again for a difference of opinion or an error. You cannot add new evidence. Due one year from the date of the decision.',
  },
  supplemental_claim: {
    title: 'Supplemental Claim',
    basis: '38 CFR 3.2500(h), 3.2501',
    domain: 'DOMAIN.md §2.3',
    form: '20-0995',
    period: { years: 1 },
    amaOnly: true,
    description:
      'Send new and relevant evidence. You can file one at any time, but filing by this date keeps your earliest effective date (continuous pursuit).',
  },
  board_appeal: {
    title: 'Board Appeal (Notice of Disagreement)',
    basis: '38 CFR 20.202–20.203',
    domain: 'DOMAIN.md §2.3',
    form: '10182',
    period: { years: 1 },
    amaOnly: true,
    description:
      "Appeal to a Veterans Law Judge at the Board of Veterans' Appeals: Direct Review, Evidence Submission or Hearing docket. Due one year from the date of the decision (60 days for a contested claim).",
  },
  board_appeal_contested: {
    title: 'Board Appeal of a contested claim',
    // DOMAIN.md gives the 60 days without a citation; the statute is 38 U.S.C. 7105A(a).
    basis: '38 U.S.C. 7105A(a)',
    domain: 'DOMAIN.md §2.3',
    form: '10182',
    period: { days: 60 },
    amaOnly: true,
    description:
      'In a contested (multiple-party) claim, the Board Appeal (Notice of Disagreement) is due within 60 days of the date of the decision.',
  },
  court_appeal: {
    title: 'Appeal to the U.S. Court of Appeals for Veterans Claims',
    basis: '38 U.S.C. 7266',
    domain: 'DOMAIN.md §2.3',
    form: null,
    period: { days: 120 },
    amaOnly: false,
    description: "File a Notice of Appeal with the Court within 120 days of the date of the Board's decision.",
  },
  intent_to_file: {
    title: 'Complete claim after an intent to file',
    basis: '38 CFR 3.155(b)',
    domain: 'DOMAIN.md §2.1',
    form: '21-526EZ',
    period: { years: 1 },
    amaOnly: false,
    description:
      'VA must receive your complete claim within one year of your intent to file; then the intent-to-file date can be your effective date.',
  },
  board_evidence_submission: {
    title: 'Board evidence (Evidence Submission docket)',
    basis: '38 CFR 20.303',
    domain: 'DOMAIN.md §2.3',
    form: null,
    period: { days: 90 },
    amaOnly: false,
    description: 'Send your evidence within 90 days after the Board receives your Notice of Disagreement.',
  },
  board_hearing_evidence: {
    title: 'Board evidence after your hearing (Hearing docket)',
    basis: '38 CFR 20.302',
    domain: 'DOMAIN.md §2.3',
    form: null,
    period: { days: 90 },
    amaOnly: false,
    description: 'Send any further evidence within 90 days after your hearing with a Veterans Law Judge.',
  },
  bdd_claim: {
    title: 'Benefits Delivery at Discharge (BDD) claim',
    basis: 'VA.gov, Benefits Delivery at Discharge',
    domain: 'DOMAIN.md §2.2',
    form: '21-526EZ',
    period: { days: -90 },
    opens: { days: -180 },
    amaOnly: false,
    description: 'While you are still serving, file your disability claim 180 to 90 days before your separation date.',
  },
  claim_after_separation: {
    title: 'Claim within a year of separation',
    basis: '38 CFR 3.400(b)(2)',
    domain: 'DOMAIN.md §2.2',
    form: '21-526EZ',
    period: { years: 1 },
    amaOnly: false,
    description:
      'If VA receives your claim within one year of separation, your effective date is the day after you separated; later, it is the date VA received the claim (or the date entitlement arose, if later).',
  },
};

/** The last day of a rule counted from `from`: the one place a deadline's day is worked out. */
export function dueDate(kind: DeadlineKind, from: string): string {
  return periodEnd(from, DEADLINE_RULES[kind].period);
}

/** A window's first day (BDD), or undefined for a rule that is only a last day. */
export function opensDate(kind: DeadlineKind, from: string): string | undefined {
  const { opens } = DEADLINE_RULES[kind];
  return opens ? periodEnd(from, opens) : undefined;
}

/** Decisions dated before the Appeals Modernization Act follow the legacy appeals process. */
export const isLegacyDecision = (decisionDate: string) => decisionDate < AMA_EFFECTIVE_DATE;

/** Whether a rule applies to a decision of that date (the AMA lanes do not apply to legacy decisions). */
export const ruleApplies = (kind: DeadlineKind, decisionDate: string) => !(DEADLINE_RULES[kind].amaOnly && isLegacyDecision(decisionDate));

/** One deadline of the table, counted from `countedFrom`. */
export function deadlineFor(kind: DeadlineKind, countedFrom: string): Deadline {
  const { title, basis, description, form } = DEADLINE_RULES[kind];
  const opens = opensDate(kind, countedFrom);
  return {
    kind,
    title,
    dueDate: dueDate(kind, countedFrom),
    ...(opens ? { opensDate: opens } : {}),
    basis,
    description,
    form,
    formUrl: form ? FORM_URL(form) : null,
    countedFrom,
  };
}

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
    for (const review of REVIEWS[kind]) if (ruleApplies(review, decisionDate)) deadlines.push(deadlineFor(review, decisionDate));
    if (isLegacyDecision(decisionDate)) notes.push(LEGACY_APPEALS_NOTE);
    if (kind === 'board') notes.push('A Board decision cannot go to a Higher-Level Review or another Board Appeal.');
    if (kind === 'hlr') notes.push('A Higher-Level Review decision cannot go to another Higher-Level Review.');
  }
  if (input.intentToFileDate) deadlines.push(deadlineFor('intent_to_file', input.intentToFileDate));
  if (input.boardAppealReceivedDate) deadlines.push(deadlineFor('board_evidence_submission', input.boardAppealReceivedDate));
  if (input.boardHearingDate) deadlines.push(deadlineFor('board_hearing_evidence', input.boardHearingDate));
  if (input.separationDate) {
    deadlines.push(deadlineFor('bdd_claim', input.separationDate), deadlineFor('claim_after_separation', input.separationDate));
  }
  if (deadlines.length > 0) notes.push('VA must receive what you send by the due date: send it early, and keep proof of when you sent it.');
  deadlines.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || ORDER.get(a.kind)! - ORDER.get(b.kind)!);
  return { deadlines, notes };
}

/** The decision a claim's status records: a reopened claim was decided as a Supplemental Claim. */
export const claimDecisionKind = (conditionType: ConditionType): DecisionKind => (conditionType === 'reopened' ? 'supplemental' : 'rating');

/**
 * The decision-review deadlines of a claim (DOMAIN.md §2.3), counted from the date on its decision
 * letter: none while it is pending or has no decision date. The claim detail, the dashboard, the
 * reminders and the chat read a claim's deadlines from here.
 */
export function claimReviewDeadlines(claim: {
  decisionDate: string | null;
  conditionType: ConditionType;
  status: ClaimStatus;
}): Deadline[] {
  if (!claim.decisionDate || !isDecided(claim.status)) return [];
  return decisionReviewDeadlines({ decisionDate: claim.decisionDate, decisionKind: claimDecisionKind(claim.conditionType) }).deadlines;
}

/** Each deadline's short name, e.g. "Higher-Level Review" (reminders name the options with it). */
export const DEADLINE_TITLES = Object.fromEntries(DEADLINE_KINDS.map((kind) => [kind, DEADLINE_RULES[kind].title])) as Readonly<
  Record<DeadlineKind, string>
>;
