import { z } from 'zod';
import {
  claimReviewDeadlines,
  daysBetweenDates,
  decisionReviewDeadlines,
  deadlineFor,
  isCalendarDate,
  isDecided,
  LEGACY_APPEALS_NOTE,
  longDay,
  ruleApplies,
  utcDay,
  type Citation,
  type DeadlineKind as RuleKind,
  type VeteranFile,
} from '@cc/contracts';
import { cfr, form, usc } from '../citations';
import { claimCitation, type ChatTool, type ToolContext, type ToolResult } from './types';

/** The deadline questions the chat answers: each is a rule of the deadline table in contracts (DOMAIN.md §2). */
export const DEADLINE_KINDS = [
  'higher-level-review',
  'board-appeal',
  'board-appeal-contested',
  'supplemental-claim',
  'intent-to-file',
  'court-appeal',
  'board-evidence',
  'bdd',
  'effective-date',
  /** The three reviews that follow a decision, together: "I was denied on …, what are my deadlines?" */
  'decision-review',
] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

/** How the chat words a rule; its dates come from the rule of the table in contracts. */
interface Rule {
  /** The rule of the deadline table it counts with. */
  rule: RuleKind;
  name: string;
  /** What the date given is. */
  from: string;
  text: string;
  citations: Citation[];
}

const BOARD_APPEAL_FORM = form('10182', 'Decision Review Request: Board Appeal (Notice of Disagreement)');

const RULES: Record<Exclude<DeadlineKind, 'decision-review'>, Rule> = {
  'higher-level-review': {
    rule: 'higher_level_review',
    name: 'Higher-Level Review',
    from: 'the date on your decision letter',
    text: 'Request a Higher-Level Review (VA Form 20-0996) within 1 year from the date on your decision letter. No new evidence is allowed.',
    citations: [form('20-0996', 'Decision Review Request: Higher-Level Review'), cfr('3.2601')],
  },
  'board-appeal': {
    rule: 'board_appeal',
    name: 'Board Appeal',
    from: 'the decision date',
    text: 'File a Board Appeal (VA Form 10182) within 1 year of the decision date (60 days for a contested, multiple-party claim).',
    citations: [BOARD_APPEAL_FORM],
  },
  'board-appeal-contested': {
    rule: 'board_appeal_contested',
    name: 'Board Appeal of a contested claim',
    from: 'the decision date',
    text: 'A contested (multiple-party) claim must be appealed to the Board within 60 days of the decision date.',
    citations: [BOARD_APPEAL_FORM, usc('7105A(a)', 'Simultaneously contested claims')],
  },
  'supplemental-claim': {
    rule: 'supplemental_claim',
    name: 'Supplemental Claim (to keep your effective date)',
    from: 'the decision date',
    text: 'A Supplemental Claim (VA Form 20-0995) with new and relevant evidence can be filed any time; filed within 1 year of the decision it keeps your earliest effective date.',
    citations: [form('20-0995', 'Decision Review Request: Supplemental Claim'), cfr('3.2500(h)', 'Continuous pursuit')],
  },
  'intent-to-file': {
    rule: 'intent_to_file',
    name: 'Complete claim after an Intent to File',
    from: 'the day VA received your Intent to File',
    text: 'VA must receive your complete claim within 1 year of receiving your Intent to File for the ITF date to count as your claim date.',
    citations: [cfr('3.155(b)'), form('21-0966')],
  },
  'court-appeal': {
    rule: 'court_appeal',
    name: 'Appeal to the Court of Appeals for Veterans Claims',
    from: 'the date of the Board decision',
    text: 'An appeal to the U.S. Court of Appeals for Veterans Claims must be filed within 120 days of the Board decision date.',
    citations: [usc('7266')],
  },
  'board-evidence': {
    // The Evidence Submission and the Hearing dockets share the 90 days (a test holds them equal).
    rule: 'board_evidence_submission',
    name: 'Evidence for the Board (Evidence Submission docket, or after a hearing)',
    from: 'the day the Board received your appeal (or the hearing date)',
    text: 'On the Evidence Submission docket, evidence is due within 90 days after the Board receives your Notice of Disagreement; on the Hearing docket, within 90 days after the hearing.',
    citations: [cfr('20.302'), cfr('20.303')],
  },
  bdd: {
    rule: 'bdd_claim',
    name: 'Benefits Delivery at Discharge window',
    from: 'your separation date',
    text: 'A BDD claim is filed 180 to 90 days before your separation date.',
    citations: [form('21-526EZ')],
  },
  'effective-date': {
    rule: 'claim_after_separation',
    name: 'Claim within a year of separation',
    from: 'your separation date',
    text: 'A claim VA receives within 1 year of separation gets the day after separation as its effective date; later, the date VA received it (or entitlement arose, if later).',
    citations: [cfr('3.400(b)(2)')],
  },
};

const args = z.object({
  kind: z.enum(DEADLINE_KINDS),
  /** YYYY-MM-DD */
  date: z.iso.date().optional(),
});
export type DeadlineArgs = z.infer<typeof args>;

function when(due: string, now: Date): string {
  const left = daysBetweenDates(utcDay(now), due);
  if (left > 0) return `**${longDay(due)}** (${left} day${left === 1 ? '' : 's'} from today)`;
  if (left === 0) return `**${longDay(due)}** — that is today`;
  return `**${longDay(due)}**, which has passed (${-left} day${left === -1 ? '' : 's'} ago)`;
}

/** A window (BDD) as of today: not open yet, open now, or passed. */
function windowText(opens: string, closes: string, now: Date): string {
  const today = utcDay(now);
  if (today < opens) return `the BDD window runs from ${when(opens, now)} to **${longDay(closes)}**`;
  if (today <= closes) return `the BDD window is open now: it opened on **${longDay(opens)}** and closes on ${when(closes, now)}`;
  return `the BDD window ran from **${longDay(opens)}** to ${when(closes, now)}`;
}

/** The review deadlines that follow a decision. */
const AFTER_DECISION = ['higher-level-review', 'board-appeal', 'supplemental-claim'] as const;
type AfterDecision = (typeof AFTER_DECISION)[number];
const isAfterDecision = (kind: DeadlineKind): kind is AfterDecision => (AFTER_DECISION as readonly DeadlineKind[]).includes(kind);

type TrackedClaim = VeteranFile['claims'][number];

const decidedClaims = (file: VeteranFile) => file.claims.filter((c) => isDecided(c.status));

const TRACKER_HEADING = 'For the decided claims in your Claims Tracker, counted from the date on each decision letter:';

const claimLabel = (claim: TrackedClaim) =>
  `Claim ${claim.claimNumber}, ${claim.condition} (${claim.status}${claim.decisionDate ? `, decision dated ${longDay(claim.decisionDate)}` : ''})`;

/**
 * A decided claim's review deadline of `kind`, as its claim page shows it, or why there is none:
 * without the date on its decision letter there is no day to count from (the day the tracker
 * recorded the decision can be later than the letter, and a deadline counted from it too late).
 */
function trackedDeadline(claim: TrackedClaim, kind: RuleKind): { due: string } | { missing: string } {
  if (!claim.decisionDate)
    return {
      missing: 'no decision date yet; add the date on your decision letter to this claim in your Claims Tracker and I will count from it',
    };
  const deadline = claimReviewDeadlines(claim).find((d) => d.kind === kind);
  return deadline ? { due: deadline.dueDate } : { missing: LEGACY_APPEALS_NOTE };
}

/** Every review open after a decision, each with its date: from the date given, else from the veteran's decided claims. */
function decisionReviews(date: string | undefined, { file, now }: ToolContext): ToolResult {
  const rules = AFTER_DECISION.map((kind) => RULES[kind]);
  const citations = rules.flatMap((r) => r.citations);
  const lines = ['After a VA decision you can choose one of three reviews for each issue:', ...rules.map((r) => `- ${r.text}`)];
  const data: Record<string, unknown> = { kind: 'decision-review' };
  if (date) {
    lines.push('', `Counted from a decision dated ${longDay(date)}:`);
    const { deadlines, notes } = decisionReviewDeadlines({ decisionDate: date, decisionKind: 'rating' });
    const due = AFTER_DECISION.flatMap((kind) =>
      deadlines.filter((d) => d.kind === RULES[kind].rule).map((d) => [kind, d.dueDate] as const),
    );
    for (const [kind, day] of due) lines.push(`- ${RULES[kind].name}: ${when(day, now)}`);
    if (due.length === 0) lines.push(`- ${notes[0]}`);
    data.due = Object.fromEntries(due);
  } else {
    const decided = decidedClaims(file);
    if (decided.length > 0) {
      lines.push('', TRACKER_HEADING);
      data.claims = decided.map((c) => {
        citations.push(claimCitation(c));
        const hlr = trackedDeadline(c, 'higher_level_review');
        if ('missing' in hlr) {
          lines.push(`- ${claimLabel(c)}: ${hlr.missing}`);
          return { claimNumber: c.claimNumber, due: null };
        }
        lines.push(
          `- ${claimLabel(c)}: Higher-Level Review and Board Appeal by ${when(hlr.due, now)}; a Supplemental Claim filed by then keeps your effective date`,
        );
        return { claimNumber: c.claimNumber, due: hlr.due };
      });
    } else {
      lines.push('', 'Tell me the date on your decision letter and I will work out the exact dates.');
    }
  }
  return { markdown: lines.join('\n'), citations, data };
}

export const deadlineTool: ChatTool<DeadlineArgs> = {
  name: 'deadline',
  description:
    "Computes a VA deadline from a date (YYYY-MM-DD): Higher-Level Review, Board Appeal, Supplemental Claim (effective date), all three reviews after a decision at once (decision-review), Intent to File, Court of Appeals for Veterans Claims, Board evidence, BDD window, effective date after separation. Without a date it states the rule, and for decision reviews the dates for the veteran's decided claims.",
  parameters: {
    type: 'object',
    properties: {
      kind: { type: 'string', enum: [...DEADLINE_KINDS] },
      date: { type: 'string', description: 'The date the period is counted from, YYYY-MM-DD' },
    },
    required: ['kind'],
  },
  parse: (value) => args.parse(value ?? {}),
  run({ kind, date }, { file, now }) {
    if (kind === 'decision-review') return decisionReviews(date, { file, now });
    const rule = RULES[kind];
    const citations = [...rule.citations];
    const lines = [rule.text];
    const data: Record<string, unknown> = { kind, rule: rule.text };
    if (date && !ruleApplies(rule.rule, date)) {
      lines.push(`Your decision is dated ${longDay(date)}. ${LEGACY_APPEALS_NOTE}`);
    } else if (date) {
      const deadline = deadlineFor(rule.rule, date);
      if (deadline.opensDate) {
        lines.push(`With a separation date of ${longDay(date)}, ${windowText(deadline.opensDate, deadline.dueDate, now)}.`);
        Object.assign(data, { opens: deadline.opensDate, closes: deadline.dueDate });
      } else {
        lines.push(`Counted from ${rule.from} (${longDay(date)}), the deadline is ${when(deadline.dueDate, now)}.`);
        data.due = deadline.dueDate;
      }
    } else if (isAfterDecision(kind)) {
      const decided = decidedClaims(file);
      if (decided.length > 0) {
        lines.push('', TRACKER_HEADING);
        data.claims = decided.map((c) => {
          const deadline = trackedDeadline(c, rule.rule);
          lines.push(`- ${claimLabel(c)}: ${'due' in deadline ? when(deadline.due, now) : deadline.missing}`);
          citations.push(claimCitation(c));
          return { claimNumber: c.claimNumber, due: 'due' in deadline ? deadline.due : null };
        });
      } else {
        lines.push(`Tell me the date on your decision letter and I will work out the exact date.`);
      }
    } else {
      lines.push(`Tell me ${rule.from} and I will work out the exact date.`);
    }
    return { markdown: lines.join('\n'), citations, data };
  },
};

/** Which deadline a question is about, from its words. */
export function deadlineKindIn(text: string): DeadlineKind | undefined {
  const t = text.toLowerCase();
  if (/\bhigher[- ]level review\b|\bhlr\b|20-0996/.test(t)) return 'higher-level-review';
  if (/\bcontested\b/.test(t) && /\bboard\b|\bappeal\b/.test(t)) return 'board-appeal-contested';
  if (/\bcourt\b|\bcavc\b/.test(t)) return 'court-appeal';
  if (/\b90 days\b.*\bboard\b|\bevidence submission\b|\bboard\b.*\bevidence\b/.test(t)) return 'board-evidence';
  if (/\bboard\b|\bnotice of disagreement\b|\bnod\b|\b10182\b|\bbva\b/.test(t)) return 'board-appeal';
  if (/\bsupplemental\b|20-0995/.test(t)) return 'supplemental-claim';
  if (/\bintent to file\b|\bitf\b|21-0966/.test(t)) return 'intent-to-file';
  if (/\bbdd\b|\bbenefits delivery\b|\bbefore (?:i )?(?:separat|discharg|get out|leav)/.test(t)) return 'bdd';
  if (/\bseparat\w*|\bdischarg\w*|\bgot out\b/.test(t) && /\beffective\b|\bwithin a year\b|\bback pay\b/.test(t)) return 'effective-date';
  if (/\bappeal\b/.test(t)) return 'board-appeal';
  // A decision already made (not "when will I get a decision?").
  if (
    /\bdenied\b|\bdenial\b|\bdecided\b|\bdisagree\w*|\bdecision (?:letter|date|was|is dated|dated)\b|\b(?:got|received|have) (?:a|my|the) decision\b/.test(
      t,
    )
  )
    return 'decision-review';
  return undefined;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The first date written in a question (2025-03-04, 3/4/2025, March 4, 2025, 4 March 2025), as YYYY-MM-DD. */
export function dateIn(text: string): string | undefined {
  const pad = (n: number) => String(n).padStart(2, '0');
  const valid = (y: number, m: number, d: number) => {
    const day = `${y}-${pad(m)}-${pad(d)}`;
    return isCalendarDate(day) ? day : undefined;
  };
  let m = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(text);
  if (m) return valid(+m[1]!, +m[2]!, +m[3]!);
  m = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(text);
  if (m) return valid(+m[3]!, +m[1]!, +m[2]!);
  const month = `(${MONTHS.join('|')}|${MONTHS.map((x) => x.slice(0, 3)).join('|')})\\.?`;
  m = new RegExp(`\\b${month}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i').exec(text);
  if (m) return valid(+m[3]!, MONTHS.findIndex((x) => x.startsWith(m![1]!.toLowerCase().slice(0, 3))) + 1, +m[2]!);
  m = new RegExp(`\\b(\\d{1,2})\\s+${month}\\s+(\\d{4})\\b`, 'i').exec(text);
  if (m) return valid(+m[3]!, MONTHS.findIndex((x) => x.startsWith(m![2]!.toLowerCase().slice(0, 3))) + 1, +m[1]!);
  return undefined;
}
