import type { Deadline } from './deadlines';

/**
 * The evidence map: for one claim, what proves each element of service connection (DOMAIN §3.1: a
 * current diagnosis, an in-service event, a nexus), what is missing, and the next step. The legal
 * rules behind each state are listed with their citations in docs/legal-rules.md.
 */

export const EVIDENCE_ELEMENTS = ['diagnosis', 'in-service', 'nexus'] as const;
export type EvidenceElementName = (typeof EVIDENCE_ELEMENTS)[number];

/**
 * - proven: a document shows it, with the sentence it came from.
 * - weak: something shows it, but not enough (speculative or unexplained opinion, a presumption only
 *   assumed, a lay account where the law needs more).
 * - missing: nothing shows it (or only a non-opinion, which carries no weight).
 * - against: the evidence speaks against it (a medical opinion against the claim, an audiogram within limits).
 * - unverified: a finding came without the sentence it was read from, so it cannot be checked.
 * - not-needed: the law supplies it (a presumption, an increase of a service-connected condition).
 * - established: VA's decision granting service connection established it.
 */
export const EVIDENCE_STATES = ['proven', 'weak', 'missing', 'against', 'unverified', 'not-needed', 'established'] as const;
export type EvidenceState = (typeof EVIDENCE_STATES)[number];

export const EVIDENCE_ELEMENT_LABELS: Record<EvidenceElementName, string> = {
  diagnosis: 'Current diagnosis',
  'in-service': 'In-service event, injury or exposure',
  nexus: 'Nexus (the link between them)',
};

export const EVIDENCE_STATE_LABELS: Record<EvidenceState, string> = {
  proven: 'Proven',
  weak: 'Weak',
  missing: 'Missing',
  against: 'Against your claim',
  unverified: 'Unverified',
  'not-needed': 'Not needed',
  established: 'Established by VA',
};

/**
 * Where the claim stands: still being built (the map tells what VA will need), granted (the
 * decision established the elements) or denied (the map tells what new and relevant evidence a
 * Supplemental Claim needs, 38 CFR 3.2501).
 */
export const EVIDENCE_STAGES = ['building', 'granted', 'denied'] as const;
export type EvidenceStage = (typeof EVIDENCE_STAGES)[number];

/** A finding behind an element: the document, the analysis that read it and the sentence it came from. */
export interface EvidenceItem {
  documentId: string;
  fileName: string;
  analysisId: string;
  analysisType: string;
  quote: string;
}

export const NEXT_STEP_KINDS = ['dbq', 'nexus-letter', 'upload', 'lay-statement', 'va-form'] as const;
export type NextStepKind = (typeof NEXT_STEP_KINDS)[number];

export interface NextStep {
  kind: NextStepKind;
  label: string;
  /** An app path that does it (the DBQ, the prefilled template, the upload dialog, the form). */
  href: string;
}

export interface EvidenceElement {
  element: EvidenceElementName;
  state: EvidenceState;
  /** Why the element has this state, in plain words (a weak element always says why). */
  reason: string;
  items: EvidenceItem[];
  nextSteps: NextStep[];
}

export interface EvidenceMap {
  claimId: string;
  stage: EvidenceStage;
  /** 0–100, from the three states only (README: "Evidence readiness"). */
  readiness: number;
  /** One sentence: what holds the claim back (or, decided, what the decision means). */
  readinessReason: string;
  elements: EvidenceElement[];
  /** A denied claim: the Supplemental Claim deadline that keeps the effective date (contracts/deadlines.ts). */
  reviewDeadline: Deadline | null;
  updatedAt: string;
}

/**
 * Points per state; readiness = round(100 × sum / 3). Against and unverified score nothing: an
 * opinion against the claim is not half of one for it. README documents the formula.
 */
export const READINESS_POINTS: Record<EvidenceState, number> = {
  proven: 1,
  'not-needed': 1,
  established: 1,
  weak: 0.5,
  missing: 0,
  against: 0,
  unverified: 0,
};

export function readinessOf(states: readonly EvidenceState[]): number {
  if (states.length === 0) return 0;
  return Math.round((100 * states.reduce((sum, s) => sum + READINESS_POINTS[s], 0)) / states.length);
}

/** `GET /api/evidence/readiness`: one row per claim for the dashboard card, worst first. */
export interface ClaimReadiness {
  id: string;
  claimNumber: string;
  condition: string;
  stage: EvidenceStage;
  readiness: number;
  readinessReason: string;
  updatedAt: string;
}
