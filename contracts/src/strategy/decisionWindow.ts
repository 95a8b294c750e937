import type { ConditionType } from '../claimVocabulary';
import { addDays, longDay } from '../deadlines';
import { ESTIMATE_DISCLAIMER } from './messages';
import type { DecisionWindow, PublishedProcessingTime } from './types';

/**
 * VA's stated goal for a Supplemental Claim (and a Higher-Level Review): about 125 days (DOMAIN.md
 * §2.3, from VA.gov's decision-review pages, content of about 2019–2021). A reopened claim is
 * decided as a Supplemental Claim. It is a goal, not a measured average, and says so.
 */
export const SUPPLEMENTAL_CLAIM_GOAL: PublishedProcessingTime = {
  days: 125,
  label: "VA's goal for deciding a Supplemental Claim is about 125 days",
  source: 'VA.gov decision reviews pages (content of about 2019–2021), as recorded in DOMAIN.md §2.3',
  asOf: null,
};

export interface WindowClaim {
  id: string;
  conditionType: ConditionType;
  /** The filing day, YYYY-MM-DD. */
  filedOn: string;
  daysPending: number;
}

/**
 * The estimated decision window of an open claim: from a published figure and its days pending.
 * `initialClaimFigure`: VA's published average days to complete a claim, when the reference data
 * has one; without it, nothing is estimated for a new claim and the sentence says why.
 */
export function decisionWindow(claim: WindowClaim, initialClaimFigure: PublishedProcessingTime | null): DecisionWindow {
  const figure = claim.conditionType === 'reopened' ? SUPPLEMENTAL_CLAIM_GOAL : initialClaimFigure;
  const pending = `Your claim has been pending ${claim.daysPending} day${claim.daysPending === 1 ? '' : 's'}.`;
  if (!figure) {
    return {
      claimId: claim.id,
      daysPending: claim.daysPending,
      estimable: false,
      expectedBy: null,
      daysBeyond: 0,
      sentence: `${pending} The decision window cannot be estimated: this app has no dated figure from VA for how long a claim like this takes.`,
      basedOn: 'Your filing date only.',
      disclaimer: ESTIMATE_DISCLAIMER,
    };
  }
  const expectedBy = addDays(claim.filedOn, figure.days);
  const daysBeyond = Math.max(0, claim.daysPending - figure.days);
  const sentence = daysBeyond
    ? `${pending} That is ${daysBeyond} day${daysBeyond === 1 ? '' : 's'} longer than the figure (${figure.label}); VA does not say how much longer it will take.`
    : `${pending} ${figure.label}, which would put a decision around ${longDay(expectedBy)}.`;
  return {
    claimId: claim.id,
    daysPending: claim.daysPending,
    estimable: true,
    expectedBy,
    daysBeyond,
    sentence,
    basedOn: `${figure.label} (${figure.source}${figure.asOf ? `, ${figure.asOf}` : ''}) and your filing date.`,
    disclaimer: ESTIMATE_DISCLAIMER,
  };
}
