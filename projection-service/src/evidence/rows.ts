import type { AnalysisResult, AnalysisType, ClaimStatus, ConditionType, Deadline, EvidenceElement, EvidenceStage } from '@cc/contracts';
import type { TableRows } from '../runner/setBasedProjector';
import type { EvidenceAnalysis, EvidenceClaim, EvidenceInput, EvidenceRuling } from './rules';

/* The evidence read model's rows, and the maps due from them (what the rules read). */

export interface ClaimRow {
  claim_id: string;
  user_id: string;
  claim_number: string;
  condition: string;
  condition_type: ConditionType;
  status: ClaimStatus;
  decision_date: string | null;
}
export interface DocumentRow {
  document_id: string;
  user_id: string;
  claim_id: string | null;
  file_name: string;
  analysis_id: string | null;
  analysis_type: AnalysisType | null;
  result: AnalysisResult | null;
}
export interface MapRow {
  claim_id: string;
  user_id: string;
  stage: EvidenceStage;
  readiness: number;
  readiness_reason: string;
  elements: EvidenceElement[];
  review_deadline: Deadline | null;
  updated_at: string | Date;
}

export const toClaim = (r: ClaimRow): EvidenceClaim => ({
  claimId: r.claim_id,
  claimNumber: r.claim_number,
  condition: r.condition,
  conditionType: r.condition_type,
  status: r.status,
  decisionDate: r.decision_date,
});
export const toAnalysis = (d: DocumentRow): EvidenceAnalysis[] =>
  d.result && d.analysis_id && d.analysis_type
    ? [{ documentId: d.document_id, fileName: d.file_name, analysisId: d.analysis_id, analysisType: d.analysis_type, result: d.result }]
    : [];

const byId =
  <Row>(id: (row: Row) => string) =>
  (a: Row, b: Row) => {
    const [x, y] = [id(a), id(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  };

/**
 * A map made due by an event: the rows the rules read as that event left them, and its time. Rows
 * are frozen (a change is a new row), so holding them keeps that state; the rows become the rules'
 * input only when ruled on (once per distinct input in a batch, `BatchRulings`).
 */
export interface DueMap {
  claim: Readonly<ClaimRow>;
  /** The documents linked to the claim, in no particular order. */
  documents: readonly Readonly<DocumentRow>[];
  /** Every claim of the owner, the due one included. */
  owned: readonly Readonly<ClaimRow>[];
  at: string;
}
export type DueMaps = Map<string, DueMap>;

/**
 * The claim's map is due as the event leaves its rows (when the claim is there: a map needs its
 * claim). Only the owner's rows: a document is linked only to its owner's claims.
 */
export function markDue(
  tables: { evidence_claims: TableRows<ClaimRow>; evidence_documents: TableRows<DocumentRow> },
  due: DueMaps,
  userId: string,
  claimId: string | null,
  at: string,
): void {
  if (!claimId) return;
  const owned = tables.evidence_claims.where({ user_id: userId });
  const claim = owned.find((c) => c.claim_id === claimId);
  if (!claim) return;
  const documents = tables.evidence_documents.where({ user_id: userId }).filter((d) => d.claim_id === claimId);
  due.set(claimId, { claim, documents, owned, at });
}

/** The rules' input for a due map: the claim, the latest analysis of each of its documents, and the owner's other claims, each in id order. */
export function inputOf({ claim, documents, owned }: DueMap): EvidenceInput {
  return {
    claim: toClaim(claim),
    analyses: [...documents].sort(byId((d) => d.document_id)).flatMap(toAnalysis),
    otherClaims: owned
      .filter((c) => c.claim_id !== claim.claim_id)
      .sort(byId((c) => c.claim_id))
      .map(toClaim),
  };
}

/** The claim's map row: the ruling over its input. */
export function mapRow(due: DueMap, ruling: EvidenceRuling): MapRow {
  return {
    claim_id: due.claim.claim_id,
    user_id: due.claim.user_id,
    stage: ruling.stage,
    readiness: ruling.readiness,
    readiness_reason: ruling.readinessReason,
    elements: ruling.elements,
    review_deadline: ruling.reviewDeadline,
    updated_at: due.at,
  };
}
