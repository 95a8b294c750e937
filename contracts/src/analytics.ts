import type { ClaimStatus } from './claimVocabulary';
import type { UpcomingDeadline } from './claims';
import type { EvidenceStage } from './evidence';

/**
 * The analytics page's figures (Basic and Pro): how the veteran's case moved over time. Every figure
 * is computed by the server from read models; the screen only draws and tabulates them.
 */

/** A claim as the analytics series name it. */
export interface AnalyticsClaimRef {
  claimId: string;
  claimNumber: string;
  condition: string;
}

/** How many of the veteran's claims were in each status right after a change at `at`. */
export interface StatusCountPoint {
  at: string;
  counts: Record<ClaimStatus, number>;
}

/**
 * The combined rating (38 CFR 4.25) right after a granted claim's rating entered, changed or left
 * it, and the monthly amount that rating pays (veteran alone, the rate table in effect that day).
 */
export interface CombinedRatingPoint {
  at: string;
  /** The claim whose change made this step, its rating before and after (null: not part of the combined rating). */
  step: AnalyticsClaimRef & { from: number | null; to: number | null };
  /** The ratings combined, highest first. */
  ratings: number[];
  /** The combined value before rounding to the nearest 10. */
  combinedValue: number;
  combinedRating: number;
  monthlyAmount: number;
  rateYear: number;
}

export interface ReadinessPoint {
  at: string;
  readiness: number;
  stage: EvidenceStage;
}

/** One claim's evidence readiness each time its evidence map changed it. */
export interface ClaimReadinessSeries extends AnalyticsClaimRef {
  points: ReadinessPoint[];
}

/** An open claim and the days since it was filed. */
export interface DaysPendingEntry extends AnalyticsClaimRef {
  status: ClaimStatus;
  filedAt: string;
  daysPending: number;
  /** Days pending minus the national average days to complete, to a tenth of a day (negative: fewer). */
  daysOverAverage: number;
}

/** VA's published national average days to complete disability-related claims, with its month and source. */
export interface NationalAverageDaysToComplete {
  averageDays: number;
  /** The month it measures, YYYY-MM. */
  period: string;
  periodLabel: string;
  measure: string;
  sourceUrl: string;
  /** Where the dated figure was read (the page's published source). */
  sourceText: string;
}

export interface AnalyticsReport {
  /** The server's day the figures were computed on (YYYY-MM-DD). */
  generatedOn: string;
  claimCount: number;
  statusOverTime: StatusCountPoint[];
  combinedRatingOverTime: CombinedRatingPoint[];
  /** What the monthly amounts assume, and VA's page with the amounts with dependents. */
  compensationBasis: string;
  compensationSource: string;
  readinessOverTime: ClaimReadinessSeries[];
  daysPending: DaysPendingEntry[];
  nationalAverage: NationalAverageDaysToComplete;
  deadlines: UpcomingDeadline[];
}

/** The 403 detail when a plan without analytics asks for them. */
export const ANALYTICS_UPGRADE_MESSAGE = 'Analytics are part of the Basic and Pro plans. Upgrade to see how your claims moved over time.';
