import type { AnalysisResult, AnalysisType, ClaimStatus, ConditionType, EvidenceElement, EvidenceItem } from '@cc/contracts';

/** What the evidence rules read: a claim, the latest analysis of each of its documents, and the owner's other claims. */

export interface EvidenceClaim {
  claimId: string;
  claimNumber: string;
  condition: string;
  conditionType: ConditionType;
  status: ClaimStatus;
  /** The date on the decision letter of an approved or denied claim, when the veteran gave it. */
  decisionDate?: string | null;
}

export interface EvidenceAnalysis {
  documentId: string;
  fileName: string;
  analysisId: string;
  analysisType: AnalysisType;
  result: AnalysisResult;
}

export interface EvidenceInput {
  claim: EvidenceClaim;
  /** The latest analyses of the documents linked to the claim (one per document and analysis type). */
  analyses: readonly EvidenceAnalysis[];
  /** The owner's other claims: an approved one of the named condition is a service-connected primary (38 CFR 3.310(a)). */
  otherClaims: readonly EvidenceClaim[];
}

/** One element as a rule decides it, next steps included. */
export type ElementRuling = EvidenceElement;

/** A finding's evidence item, before the element it proves is known. */
export type Item = EvidenceItem;
