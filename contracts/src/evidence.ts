/**
 * The evidence map (issue 20): for one claim, what proves each element of service connection
 * (DOMAIN §3.1: a current diagnosis, an in-service event, a nexus), what is missing, and the next step.
 */

export const EVIDENCE_ELEMENTS = ['diagnosis', 'in-service', 'nexus'] as const;
export type EvidenceElementName = (typeof EVIDENCE_ELEMENTS)[number];

export const EVIDENCE_STATES = ['proven', 'weak', 'missing', 'not-needed'] as const;
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
  'not-needed': 'Not needed',
};

/** A finding behind an element: the document, the analysis that read it and the sentence it came from. */
export interface EvidenceItem {
  documentId: string;
  fileName: string;
  analysisId: string;
  analysisType: string;
  quote: string;
}

export const NEXT_STEP_KINDS = ['dbq', 'nexus-letter', 'upload', 'lay-statement'] as const;
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
  /** 0–100, from the three states only (README: "Readiness"). */
  readiness: number;
  /** One sentence: what the claim still needs most. */
  readinessReason: string;
  elements: EvidenceElement[];
  updatedAt: string;
}

/** Points per state; readiness = round(100 × sum / 3). README documents the formula. */
export const READINESS_POINTS: Record<EvidenceState, number> = { proven: 1, 'not-needed': 1, weak: 0.5, missing: 0 };

export function readinessOf(states: readonly EvidenceState[]): number {
  if (states.length === 0) return 0;
  return Math.round((100 * states.reduce((sum, s) => sum + READINESS_POINTS[s], 0)) / states.length);
}

/** `GET /api/evidence/readiness`: one row per claim for the dashboard card, worst first. */
export interface ClaimReadiness {
  id: string;
  claimNumber: string;
  condition: string;
  readiness: number;
  readinessReason: string;
  updatedAt: string;
}
