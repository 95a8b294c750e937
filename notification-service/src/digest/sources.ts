import {
  CLAIM_STATUS_LABELS,
  DEADLINE_TITLES,
  EVIDENCE_ELEMENT_LABELS,
  EVIDENCE_STATE_LABELS,
  daysBetweenDates,
  longDay,
  type ClaimStatus,
  type DeadlineKind,
  type EvidenceElementName,
  type EvidenceState,
} from '@cc/contracts';
import type { IsoWeek } from './isoWeek';

/** A claim as the digest names it: "claim 2026-001 (Tinnitus)". */
export interface DigestClaim {
  claimId: string;
  claimNumber: string;
  condition: string;
}

export interface DigestStatusChange {
  claimId: string;
  from: ClaimStatus;
  to: ClaimStatus;
  at: string;
}

export interface DigestEvidenceMove {
  claimId: string;
  element: EvidenceElementName;
  from: EvidenceState;
  to: EvidenceState;
}

/** An evidence element of an open claim not yet settled, with what proving it adds (claim strategy). */
export interface DigestStrategyStep {
  claimId: string;
  title: string;
  state: EvidenceState;
  gain: number;
}

export interface DigestDeadline {
  claimId: string;
  kind: DeadlineKind;
  dueDate: string;
}

/** Everything one veteran's digest is made from: the week it reports, and what is due from `today`. */
export interface DigestInput {
  week: IsoWeek;
  today: string;
  claims: readonly DigestClaim[];
  statusChanges: readonly DigestStatusChange[];
  evidenceMoves: readonly DigestEvidenceMove[];
  deadlines: readonly DigestDeadline[];
  /** The claim strategy's steps not done yet (Pro), biggest effect on readiness first per claim. */
  strategySteps: readonly DigestStrategyStep[];
}

export interface DigestSection {
  title: string;
  lines: string[];
}

/**
 * One section of the digest, or nothing when it has nothing to say. A new section (the claim
 * strategy's steps not done yet) is one more source in `DIGEST_SOURCES`.
 */
export type DigestSource = (input: DigestInput) => DigestSection | undefined;

/** Days ahead the digest lists deadlines for. */
export const DIGEST_DEADLINE_DAYS = 60;

const claimName = (input: DigestInput, claimId: string) => {
  const claim = input.claims.find((c) => c.claimId === claimId);
  return claim ? `Claim ${claim.claimNumber} (${claim.condition})` : 'A claim';
};

const section = (title: string, lines: string[]): DigestSection | undefined => (lines.length > 0 ? { title, lines } : undefined);

export const statusChangesSource: DigestSource = (input) =>
  section(
    'Status changes',
    [...input.statusChanges]
      .sort((a, b) => a.at.localeCompare(b.at))
      .map(
        (change) =>
          `${claimName(input, change.claimId)} moved from ${CLAIM_STATUS_LABELS[change.from]} to ${CLAIM_STATUS_LABELS[change.to]} on ${longDay(change.at.slice(0, 10))}.`,
      ),
  );

export const evidenceMovesSource: DigestSource = (input) =>
  section(
    'Evidence that moved',
    input.evidenceMoves.map(
      (move) =>
        `${claimName(input, move.claimId)}: ${EVIDENCE_ELEMENT_LABELS[move.element]} went from ${EVIDENCE_STATE_LABELS[move.from]} to ${EVIDENCE_STATE_LABELS[move.to]}.`,
    ),
  );

export const deadlinesAheadSource: DigestSource = (input) => {
  // The three one-year options of a decision share a day: one line per claim and day.
  const byDay = new Map<string, { claimId: string; dueDate: string; kinds: DeadlineKind[] }>();
  for (const deadline of input.deadlines) {
    const daysLeft = daysBetweenDates(input.today, deadline.dueDate);
    if (daysLeft < 0 || daysLeft > DIGEST_DEADLINE_DAYS) continue;
    const key = `${deadline.claimId}|${deadline.dueDate}`;
    const entry = byDay.get(key) ?? { claimId: deadline.claimId, dueDate: deadline.dueDate, kinds: [] };
    entry.kinds.push(deadline.kind);
    byDay.set(key, entry);
  }
  return section(
    `Deadlines in the next ${DIGEST_DEADLINE_DAYS} days`,
    [...byDay.values()]
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
      .map((entry) => {
        const daysLeft = daysBetweenDates(input.today, entry.dueDate);
        const options = entry.kinds.map((kind) => DEADLINE_TITLES[kind]).join(', ');
        return `${claimName(input, entry.claimId)}: ${options} by ${longDay(entry.dueDate)} (${daysLeft === 1 ? '1 day' : `${daysLeft} days`} left).`;
      }),
  );
};

export const strategyStepsSource: DigestSource = (input) =>
  section(
    'Strategy steps not done',
    input.strategySteps.map(
      (step) =>
        `${claimName(input, step.claimId)}: ${step.title} is ${EVIDENCE_STATE_LABELS[step.state]}; proving it adds ${step.gain} point${step.gain === 1 ? '' : 's'} of readiness.`,
    ),
  );

/** The digest's sections of news (what changed, what is due), in the order they are shown. */
export const DIGEST_SOURCES: readonly DigestSource[] = [statusChangesSource, evidenceMovesSource, deadlinesAheadSource];

/** Sections that follow the news: what is next. They never make a digest on their own. */
export const DIGEST_FOLLOW_UPS: readonly DigestSource[] = [strategyStepsSource];

/**
 * The digest of one veteran's week, or undefined for a week with nothing to tell: nothing changed
 * and nothing is due in the next 60 days. An empty digest teaches people to ignore the next one,
 * and so does the same list of steps not done sent every week with nothing new around it.
 */
export function composeDigest(
  input: DigestInput,
  sources: readonly DigestSource[] = DIGEST_SOURCES,
  followUps: readonly DigestSource[] = DIGEST_FOLLOW_UPS,
): DigestSection[] | undefined {
  const made = (list: readonly DigestSource[]) => list.map((source) => source(input)).filter((s): s is DigestSection => s !== undefined);
  const news = made(sources);
  return news.length > 0 ? [...news, ...made(followUps)] : undefined;
}
