import { isDecided, type ClaimStatus } from '../claimVocabulary';
import { monthlyCompensation } from '../compensation';
import { longDay } from '../deadlines';
import { combinedRating } from '../rating';
import { lowestCompensableLevel } from './lowestCompensable';
import { ESTIMATE_DISCLAIMER } from './messages';
import type { IfGrantedPrediction, PendingAssumption, RatingPoint } from './types';

/**
 * The combined rating and monthly amount if the pending claims were granted: each at the rating the
 * veteran enters, or else at the lowest compensable level of its diagnostic code where DOMAIN.md §7
 * gives one; a claim with neither is left out and says so. Combined with VA's table (38 CFR 4.25,
 * `combinedRating`) and priced with the rate table in effect today (DOMAIN.md §8).
 */

export interface PredictionClaim {
  id: string;
  claimNumber: string;
  condition: string;
  status: ClaimStatus;
  /** A granted claim's rating. */
  ratingPercentage: number | null;
  /** The diagnostic codes the claim's documents name for its condition. */
  codes: readonly string[];
}

/** A rating the veteran may enter: 0 to 100 in steps of 10 (VA assigns ratings in tens, 38 CFR 4.25). */
export const isAssumableRating = (rating: number) => Number.isInteger(rating) && rating >= 0 && rating <= 100 && rating % 10 === 0;

function point(ratings: number[], today: string): RatingPoint {
  const combined = combinedRating(ratings);
  return { rating: combined.rating, value: combined.value, monthly: monthlyCompensation(combined.rating, today).amount };
}

export function assumptionFor(claim: PredictionClaim, entered: number | undefined): PendingAssumption {
  const base = { claimId: claim.id, claimNumber: claim.claimNumber, condition: claim.condition };
  if (entered !== undefined) return { ...base, rating: entered, basis: 'entered', basisText: `${entered}%, the rating you entered` };
  const lowest = lowestCompensableLevel(claim.codes);
  if (lowest)
    return {
      ...base,
      rating: lowest.level,
      basis: 'lowest-compensable',
      basisText: `${lowest.level}%, the lowest compensable level of diagnostic code ${lowest.code} (38 CFR Part 4; ${lowest.section})`,
    };
  return {
    ...base,
    rating: null,
    basis: 'unknown',
    basisText: claim.codes.length
      ? `Unknown: the rating schedule level of diagnostic code ${claim.codes.join(', ')} is not one this app holds, so enter the rating you expect`
      : 'Unknown: no diagnostic code is known for this condition yet, so enter the rating you expect',
  };
}

/**
 * `entered`: ratings the veteran typed, by claim id (only pending claims count). `onlyClaimId`:
 * the prediction for one pending claim granted alone (its Strategy tab).
 */
export function ifGrantedPrediction(
  claims: readonly PredictionClaim[],
  entered: Readonly<Record<string, number>>,
  today: string,
  onlyClaimId?: string,
): IfGrantedPrediction {
  const granted = claims.filter((c) => c.status === 'approved' && c.ratingPercentage !== null).map((c) => c.ratingPercentage!);
  const pending = claims.filter((c) => !isDecided(c.status) && (onlyClaimId === undefined || c.id === onlyClaimId));
  const assumptions = pending.map((c) => assumptionFor(c, entered[c.id]));
  const assumed = assumptions.flatMap((a) => (a.rating === null ? [] : [a.rating]));
  const current = point(granted, today);
  const ifGranted = point([...granted, ...assumed], today);
  const rates = monthlyCompensation(ifGranted.rating, today);
  const leftOut = assumptions.filter((a) => a.rating === null).length;
  const basedOn = [
    granted.length
      ? `Your current combined rating comes from the ${granted.length} granted claim${granted.length > 1 ? 's' : ''} with a rating you recorded.`
      : 'You have no granted claim with a rating recorded, so your current combined rating is 0%.',
    pending.length
      ? `Each pending claim is counted at the rating listed with it${leftOut ? `; ${leftOut} with no rating to assume ${leftOut > 1 ? 'are' : 'is'} left out` : ''}.`
      : 'You have no pending claim to count.',
    "Ratings combine with VA's Combined Ratings Table (38 CFR 4.25); the bilateral factor (38 CFR 4.26) is not applied because claims do not record the side of the body.",
    `Monthly amounts are VA's ${rates.rateYear} rates for a veteran alone with no dependents (effective ${longDay(rates.effectiveFrom)}; ${rates.source}).`,
  ];
  return { current, ifGranted, assumptions, basedOn, disclaimer: ESTIMATE_DISCLAIMER };
}
