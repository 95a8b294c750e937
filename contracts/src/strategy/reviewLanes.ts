import type { ClaimStatus, ConditionType } from '../claimVocabulary';
import {
  LEGACY_APPEALS_NOTE,
  claimDecisionKind,
  decisionReviewDeadlines,
  isLegacyDecision,
  longDay,
  type Deadline,
  type DeadlineKind,
} from '../deadlines';
import type { ReviewLane, ReviewLaneKind, ReviewPlan } from './types';

/**
 * Which decision-review lane fits a decided claim (DOMAIN.md §2.3; 38 CFR 3.2500, 3.2501, 3.2601;
 * 38 CFR 20.202, 20.302, 20.303). The only facts read are the decision date and the documents the
 * veteran added after it: evidence VA did not have when it decided is what makes evidence "new"
 * (38 CFR 3.2501). Whether it is also relevant (tends to prove or disprove a matter at issue) depends
 * on what it shows, so a lane "fits" or is "possible", never certain. Deadlines come from the one
 * deadline function.
 */

export interface DecidedClaim {
  status: ClaimStatus;
  conditionType: ConditionType;
  decisionDate: string | null;
}

export interface AddedDocument {
  documentId: string;
  fileName: string;
  /** The calendar day (UTC) it was added, YYYY-MM-DD. */
  addedOn: string;
}

const FORMS: Record<ReviewLaneKind, { title: string; form: string }> = {
  supplemental_claim: { title: 'Supplemental Claim', form: '20-0995' },
  higher_level_review: { title: 'Higher-Level Review', form: '20-0996' },
  board_appeal: { title: 'Board Appeal', form: '10182' },
};

const ONE_LANE_AT_A_TIME = 'You can pursue an issue in only one review lane at a time (38 CFR 3.2500(b)).';

const names = (docs: readonly AddedDocument[]) => {
  const quoted = docs.slice(0, 3).map((d) => `"${d.fileName}"`);
  const more = docs.length > 3 ? ` and ${docs.length - 3} more` : '';
  return `${quoted.join(', ')}${more}`;
};

/** The documents added after the decision date (the same day is not after: VA may have had it). */
export function documentsAfterDecision(decisionDate: string | null, documents: readonly AddedDocument[]): AddedDocument[] {
  if (!decisionDate) return [];
  return documents
    .filter((d) => d.addedOn > decisionDate)
    .sort((a, b) => a.addedOn.localeCompare(b.addedOn) || a.fileName.localeCompare(b.fileName));
}

export function reviewPlan(claim: DecidedClaim, documents: readonly AddedDocument[], today: string): ReviewPlan | null {
  if (claim.status !== 'approved' && claim.status !== 'denied') return null;
  const { decisionDate } = claim;
  const newEvidence = documentsAfterDecision(decisionDate, documents);
  const notes = [ONE_LANE_AT_A_TIME];
  if (decisionDate && isLegacyDecision(decisionDate)) {
    return {
      newEvidence,
      notes: [LEGACY_APPEALS_NOTE, ...notes],
      lanes: (Object.keys(FORMS) as ReviewLaneKind[]).map((kind) => ({
        kind,
        ...FORMS[kind],
        fit: 'unavailable',
        why: LEGACY_APPEALS_NOTE,
        citations: ['DOMAIN.md §2.3'],
        deadline: null,
        deadlinePassed: false,
      })),
    };
  }
  const deadlines: Partial<Record<DeadlineKind, Deadline>> = {};
  if (decisionDate) {
    for (const d of decisionReviewDeadlines({ decisionDate, decisionKind: claimDecisionKind(claim.conditionType) }).deadlines)
      deadlines[d.kind] = d;
  } else {
    notes.push('Add the date on the decision letter to see the deadline of each lane: each counts from that date.');
  }
  const passed = (kind: DeadlineKind) => Boolean(deadlines[kind] && deadlines[kind].dueDate < today);
  const question = claim.status === 'approved' ? 'the rating or the effective date VA gave' : 'the denial';
  const hasNew = newEvidence.length > 0;

  const supplemental: ReviewLane = {
    kind: 'supplemental_claim',
    ...FORMS.supplemental_claim,
    fit: hasNew ? 'fits' : 'possible',
    why: hasNew
      ? `You added ${names(newEvidence)} after the decision date, so VA did not have ${newEvidence.length > 1 ? 'them' : 'it'} when it decided: that is new evidence. A Supplemental Claim fits when the new evidence is also relevant, meaning it tends to prove or disprove what VA decided against you (38 CFR 3.2501).`
      : `A Supplemental Claim needs new and relevant evidence (38 CFR 3.2501), and no document has been added to this claim since the decision date. It becomes the lane that fits once you have evidence VA did not have on ${question}.`,
    citations: ['38 CFR 3.2500(h)', '38 CFR 3.2501', 'DOMAIN.md §2.3'],
    deadline: deadlines.supplemental_claim ?? null,
    deadlinePassed: passed('supplemental_claim'),
  };
  if (supplemental.deadline) {
    supplemental.why += passed('supplemental_claim')
      ? ` The one-year date (${longDay(supplemental.deadline.dueDate)}) has passed: you can still file one at any time, but the earliest effective date is no longer kept (38 CFR 3.2500(h)).`
      : ` File by ${longDay(supplemental.deadline.dueDate)} to keep your earliest effective date (38 CFR 3.2500(h)); after that you can still file, with a later effective date.`;
  }

  const hlrPassed = passed('higher_level_review');
  const hlr: ReviewLane = {
    kind: 'higher_level_review',
    ...FORMS.higher_level_review,
    fit: hlrPassed ? 'unavailable' : hasNew ? 'possible' : 'fits',
    why: hlrPassed
      ? `The one-year deadline (${longDay(deadlines.higher_level_review!.dueDate)}) has passed (38 CFR 3.2601).`
      : hasNew
        ? `A senior reviewer looks again at the same record and cannot consider new evidence (DOMAIN.md §2.3), so your new documents would not count. It fits only if you believe VA made an error or should have weighed the evidence it had differently on ${question}.`
        : `No new evidence since the decision: if the question is an error in the decision or how VA weighed the evidence it had on ${question}, a senior reviewer can look at the same record again (DOMAIN.md §2.3). You may ask for an informal conference by phone.`,
    citations: ['38 CFR 3.2601', 'DOMAIN.md §2.3'],
    deadline: deadlines.higher_level_review ?? null,
    deadlinePassed: hlrPassed,
  };

  const boardPassed = passed('board_appeal');
  const board: ReviewLane = {
    kind: 'board_appeal',
    ...FORMS.board_appeal,
    fit: boardPassed ? 'unavailable' : 'possible',
    why: boardPassed
      ? `The one-year deadline (${longDay(deadlines.board_appeal!.dueDate)}) has passed (38 CFR 20.202–20.203).`
      : `A Veterans Law Judge decides the appeal. It usually takes longer than the other lanes (VA's goal for the fastest docket, Direct Review, was about a year), and it is open after a claim, Supplemental Claim or Higher-Level Review decision (DOMAIN.md §2.3).`,
    citations: ['38 CFR 20.202', '38 CFR 20.302', '38 CFR 20.303', 'DOMAIN.md §2.3'],
    deadline: deadlines.board_appeal ?? null,
    deadlinePassed: boardPassed,
    docket: hasNew
      ? {
          docket: 'evidence_submission',
          title: 'Evidence Submission docket',
          why: 'You have new evidence: on this docket you send it within 90 days after the Board receives your Notice of Disagreement (38 CFR 20.303). Choose the Hearing docket instead if you want to testify; evidence is then due within 90 days after the hearing (38 CFR 20.302).',
        }
      : {
          docket: 'direct_review',
          title: 'Direct Review docket',
          why: 'No new evidence and no hearing: the Board decides on the record VA had, the fastest docket (38 CFR 20.202). Choose the Hearing docket if you want to testify before a Veterans Law Judge (38 CFR 20.302).',
        },
  };
  return { newEvidence, notes, lanes: [supplemental, hlr, board] };
}
