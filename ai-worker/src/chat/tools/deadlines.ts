import { z } from 'zod';
import type { Citation } from '@cc/contracts';
import { cfr, form, usc } from '../citations';
import { claimCitation, type ChatTool, type ToolContext, type ToolResult } from './types';

/** The deadline rules of DOMAIN.md §2, each counted from the date the rule names. */
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

interface Rule {
  name: string;
  /** What the date given is. */
  from: string;
  /** The period, in whole years or days. */
  years?: number;
  days?: number;
  text: string;
  citations: Citation[];
}

const RULES: Record<Exclude<DeadlineKind, 'decision-review'>, Rule> = {
  'higher-level-review': {
    name: 'Higher-Level Review',
    from: 'the date on your decision letter',
    years: 1,
    text: 'Request a Higher-Level Review (VA Form 20-0996) within 1 year from the date on your decision letter. No new evidence is allowed.',
    citations: [form('20-0996', 'Decision Review Request: Higher-Level Review'), cfr('3.2601')],
  },
  'board-appeal': {
    name: 'Board Appeal',
    from: 'the decision date',
    years: 1,
    text: 'File a Board Appeal (VA Form 10182) within 1 year of the decision date (60 days for a contested, multiple-party claim).',
    citations: [form('10182', 'Decision Review Request: Board Appeal (Notice of Disagreement)')],
  },
  'board-appeal-contested': {
    name: 'Board Appeal of a contested claim',
    from: 'the decision date',
    days: 60,
    text: 'A contested (multiple-party) claim must be appealed to the Board within 60 days of the decision date.',
    citations: [form('10182', 'Decision Review Request: Board Appeal (Notice of Disagreement)')],
  },
  'supplemental-claim': {
    name: 'Supplemental Claim (to keep your effective date)',
    from: 'the decision date',
    years: 1,
    text: 'A Supplemental Claim (VA Form 20-0995) with new and relevant evidence can be filed any time; filed within 1 year of the decision it keeps your earliest effective date.',
    citations: [form('20-0995', 'Decision Review Request: Supplemental Claim'), cfr('3.2500(h)', 'Continuous pursuit')],
  },
  'intent-to-file': {
    name: 'Complete claim after an Intent to File',
    from: 'the day VA received your Intent to File',
    years: 1,
    text: 'VA must receive your complete claim within 1 year of receiving your Intent to File for the ITF date to count as your claim date.',
    citations: [cfr('3.155(b)'), form('21-0966')],
  },
  'court-appeal': {
    name: 'Appeal to the Court of Appeals for Veterans Claims',
    from: 'the date of the Board decision',
    days: 120,
    text: 'An appeal to the U.S. Court of Appeals for Veterans Claims must be filed within 120 days of the Board decision date.',
    citations: [usc('7266')],
  },
  'board-evidence': {
    name: 'Evidence for the Board (Evidence Submission docket, or after a hearing)',
    from: 'the day the Board received your appeal (or the hearing date)',
    days: 90,
    text: 'On the Evidence Submission docket, evidence is due within 90 days after the Board receives your Notice of Disagreement; on the Hearing docket, within 90 days after the hearing.',
    citations: [cfr('20.302'), cfr('20.303')],
  },
  bdd: {
    name: 'Benefits Delivery at Discharge window',
    from: 'your separation date',
    text: 'A BDD claim is filed 180 to 90 days before your separation date.',
    citations: [form('21-526EZ')],
  },
  'effective-date': {
    name: 'Claim within a year of separation',
    from: 'your separation date',
    years: 1,
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

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const longDate = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The date a period after `from` ends (a year later is the same month and day; 29 Feb → 1 Mar). */
export function addPeriod(from: Date, period: { years?: number; days?: number }): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  if (period.years) d.setUTCFullYear(d.getUTCFullYear() + period.years);
  if (period.days) d.setTime(d.getTime() + period.days * DAY);
  return d;
}

const daysUntil = (due: Date, now: Date) => Math.round((due.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) / DAY);

function when(due: Date, now: Date): string {
  const left = daysUntil(due, now);
  if (left > 0) return `**${longDate(due)}** (${left} day${left === 1 ? '' : 's'} from today)`;
  if (left === 0) return `**${longDate(due)}** — that is today`;
  return `**${longDate(due)}**, which has passed (${-left} day${left === -1 ? '' : 's'} ago)`;
}

/** The review deadlines that follow a decision. */
const AFTER_DECISION = ['higher-level-review', 'board-appeal', 'supplemental-claim'] as const;

/** Every review open after a decision, each with its date: from the date given, else from the veteran's decided claims. */
function decisionReviewDeadlines(date: string | undefined, { file, now }: ToolContext): ToolResult {
  const rules = AFTER_DECISION.map((kind) => RULES[kind]);
  const citations = rules.flatMap((r) => r.citations);
  const lines = ['After a VA decision you can choose one of three reviews for each issue:', ...rules.map((r) => `- ${r.text}`)];
  const data: Record<string, unknown> = { kind: 'decision-review' };
  const datesFor = (from: Date) =>
    AFTER_DECISION.map((kind) => {
      const due = addPeriod(from, RULES[kind]);
      return { kind, name: RULES[kind].name, due };
    });
  if (date) {
    const from = new Date(`${date}T00:00:00Z`);
    lines.push('', `Counted from a decision dated ${longDate(from)}:`);
    const dates = datesFor(from);
    for (const d of dates) lines.push(`- ${d.name}: ${when(d.due, now)}`);
    data.due = Object.fromEntries(dates.map((d) => [d.kind, isoDay(d.due)]));
  } else {
    const decided = file.claims.filter((c) => c.decidedAt);
    if (decided.length > 0) {
      lines.push('', "For the decided claims in your Claims Tracker (counted from the day you marked each one decided — your decision letter's date is what counts, so check it):");
      data.claims = decided.map((c) => {
        const due = addPeriod(new Date(c.decidedAt!), { years: 1 });
        lines.push(`- Claim ${c.claimNumber}, ${c.condition} (${c.status}): Higher-Level Review and Board Appeal by ${when(due, now)}; a Supplemental Claim filed by then keeps your effective date`);
        citations.push(claimCitation(c));
        return { claimNumber: c.claimNumber, due: isoDay(due) };
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
    'Computes a VA deadline from a date (YYYY-MM-DD): Higher-Level Review, Board Appeal, Supplemental Claim (effective date), all three reviews after a decision at once (decision-review), Intent to File, Court of Appeals for Veterans Claims, Board evidence, BDD window, effective date after separation. Without a date it states the rule, and for decision reviews the dates for the veteran\'s decided claims.',
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
    if (kind === 'decision-review') return decisionReviewDeadlines(date, { file, now });
    const rule = RULES[kind];
    const citations = [...rule.citations];
    const lines = [rule.text];
    const data: Record<string, unknown> = { kind, rule: rule.text };
    if (date) {
      const from = new Date(`${date}T00:00:00Z`);
      if (kind === 'bdd') {
        const opens = new Date(from.getTime() - 180 * DAY);
        const closes = new Date(from.getTime() - 90 * DAY);
        lines.push(`With a separation date of ${longDate(from)}, the BDD window runs from ${when(opens, now)} to ${when(closes, now)}.`);
        Object.assign(data, { opens: isoDay(opens), closes: isoDay(closes) });
      } else {
        const due = addPeriod(from, rule);
        lines.push(`Counted from ${rule.from} (${longDate(from)}), the deadline is ${when(due, now)}.`);
        data.due = isoDay(due);
      }
    } else if ((AFTER_DECISION as readonly DeadlineKind[]).includes(kind)) {
      const decided = file.claims.filter((c) => c.decidedAt);
      if (decided.length > 0) {
        lines.push('', 'For the decided claims in your Claims Tracker (counted from the day you marked each one decided — your decision letter\'s date is what counts, so check it):');
        data.claims = decided.map((c) => {
          const due = addPeriod(new Date(c.decidedAt!), rule);
          lines.push(`- Claim ${c.claimNumber}, ${c.condition} (${c.status}): ${when(due, now)}`);
          citations.push(claimCitation(c));
          return { claimNumber: c.claimNumber, due: isoDay(due) };
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
  if (/\bdenied\b|\bdenial\b|\bdecided\b|\bdisagree\w*|\bdecision (?:letter|date|was|is dated|dated)\b|\b(?:got|received|have) (?:a|my|the) decision\b/.test(t)) return 'decision-review';
  return undefined;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The first date written in a question (2025-03-04, 3/4/2025, March 4, 2025, 4 March 2025), as YYYY-MM-DD. */
export function dateIn(text: string): string | undefined {
  const pad = (n: number) => String(n).padStart(2, '0');
  const valid = (y: number, m: number, d: number) => {
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? `${y}-${pad(m)}-${pad(d)}` : undefined;
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
