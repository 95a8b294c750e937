import type { Deadline } from '../deadlines';
import type { EvidenceElementName, EvidenceState, NextStep } from '../evidence';

/**
 * A claim's strategy (Pro): what to do next, built from the evidence map and the legal rules, never
 * from free text. Every judgment names the rule it follows (DOMAIN.md or a regulation).
 */

/** An open claim: one element to strengthen, with the readiness it would add and the tools that do it. */
export interface StrengthenStep {
  element: EvidenceElementName;
  /** "Nexus (the link between them)". */
  title: string;
  state: EvidenceState;
  /** Why it needs work: the evidence map's own reason. */
  reason: string;
  /** Readiness points gained if this element were proven (the evidence map's readiness formula). */
  gain: number;
  readinessAfter: number;
  /** Links into the app that do it: the DBQ, the nexus letter, the upload, the lay statement form. */
  actions: NextStep[];
}

export const REVIEW_LANES = ['supplemental_claim', 'higher_level_review', 'board_appeal'] as const;
export type ReviewLaneKind = (typeof REVIEW_LANES)[number];

/** How well a lane fits what the veteran's record shows; never a promise of the outcome. */
export type LaneFit = 'fits' | 'possible' | 'unavailable';

export const BOARD_DOCKETS = ['direct_review', 'evidence_submission', 'hearing'] as const;
export type BoardDocket = (typeof BOARD_DOCKETS)[number];

export interface ReviewLane {
  kind: ReviewLaneKind;
  title: string;
  form: string;
  fit: LaneFit;
  /** Why it fits (or does not), in plain words, with the rule. */
  why: string;
  citations: string[];
  /** From the one deadline function (contracts/deadlines.ts); null without a decision date or for a legacy decision. */
  deadline: Deadline | null;
  deadlinePassed: boolean;
  /** For the Board: the docket that fits and why (38 CFR 20.202, 20.302, 20.303). */
  docket?: { docket: BoardDocket; title: string; why: string };
}

/** A decided claim: which decision-review lane fits (DOMAIN.md §2.3). */
export interface ReviewPlan {
  lanes: ReviewLane[];
  /** What holds for every lane (one lane per issue at a time; legacy decisions). */
  notes: string[];
  /** The documents added after the decision date: what makes evidence "new" (38 CFR 3.2501). */
  newEvidence: { documentId: string; fileName: string; addedOn: string }[];
}

/** A secondary condition worth claiming, from an analysis finding whose primary is service connected or claimed. */
export interface SecondarySuggestion {
  secondary: string;
  primary: string;
  /** The veteran's claim of the primary: granted (service connected) or pending (claimed). */
  primaryClaim: { claimId: string; claimNumber: string; status: 'service-connected' | 'claimed' };
  /** The row of DOMAIN.md §6 this pair matches, with its mechanism or legal hook; null when the pair is not one of them. */
  domainPair: { row: number; mechanism: string; regulation: string | null } | null;
  /** What the law needs for it (38 CFR 3.310). */
  why: string;
  evidenceNeeded: string[];
  source: { documentId: string; fileName: string; quote: string };
}

/** A figure VA publishes about how long it takes to decide, with where it comes from. */
export interface PublishedProcessingTime {
  days: number;
  /** What the figure is, e.g. "VA's goal for a Supplemental Claim is about 125 days". */
  label: string;
  source: string;
  /** The day the figure was published or last checked (YYYY-MM-DD), when known. */
  asOf: string | null;
}

export interface DecisionWindow {
  claimId: string;
  daysPending: number;
  /** False when no published figure applies: then nothing is estimated. */
  estimable: boolean;
  /** The day the figure would put the decision at (filing day + the figure's days). */
  expectedBy: string | null;
  /** Days pending beyond the figure (0 while within it). */
  daysBeyond: number;
  sentence: string;
  basedOn: string;
  disclaimer: string;
}

export type AssumptionBasis = 'entered' | 'lowest-compensable' | 'unknown';

export interface PendingAssumption {
  claimId: string;
  claimNumber: string;
  condition: string;
  /** The rating assumed if granted; null when nothing can be assumed (then the claim is left out). */
  rating: number | null;
  basis: AssumptionBasis;
  basisText: string;
}

export interface RatingPoint {
  /** The combined degree of disability (38 CFR 4.25). */
  rating: number;
  /** The combined value before rounding. */
  value: number;
  /** Dollars a month, veteran alone (DOMAIN.md §8). */
  monthly: number;
}

/** The combined rating and monthly amount now, and if the pending claims were granted as assumed. */
export interface IfGrantedPrediction {
  current: RatingPoint;
  ifGranted: RatingPoint;
  assumptions: PendingAssumption[];
  basedOn: string[];
  disclaimer: string;
}

export interface ClaimStrategy {
  claimId: string;
  claimNumber: string;
  condition: string;
  stage: 'open' | 'decided';
  summary: string;
  /** Open claims: what to strengthen first, biggest effect on readiness first. */
  steps: StrengthenStep[];
  /** Decided claims: the decision-review lanes. */
  review: ReviewPlan | null;
  secondaries: SecondarySuggestion[];
  decisionWindow: DecisionWindow | null;
  /** This claim granted on its own (open claims). */
  prediction: IfGrantedPrediction | null;
  disclaimer: string;
}

/** `GET /api/strategy/predictions`: every pending claim granted as assumed, and each open claim's decision window. */
export interface PredictionsOverview {
  prediction: IfGrantedPrediction;
  windows: (DecisionWindow & { claimNumber: string; condition: string })[];
}
