import {
  CLAIM_EVENT_TYPES,
  DOCUMENT_EVENT_TYPES,
  pickEventTypes,
  type AnalysisResult,
  type AnalysisType,
  type ClaimStatus,
  type ConditionType,
  type Deadline,
  type EvidenceElement,
  type EvidenceStage,
} from '@cc/contracts';
import type { PersonalDataVault } from '@cc/platform';
import { ACCOUNT_ERASED } from '../account/erasedRows';
import { openClaimText, preloadOwners } from '../claims/sealed';
import { openFileName } from '../documents/projector';
import { setBasedProjector, type Rows, type SetBasedProjector, type TableRows } from '../runner/setBasedProjector';
import { evidenceRuling, type EvidenceAnalysis, type EvidenceClaim, type EvidenceInput, type EvidenceRuling } from './rules';

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
interface EvidenceTables {
  evidence_claims: ClaimRow;
  evidence_documents: DocumentRow;
  evidence_maps: MapRow;
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
 * A map due at the end of the batch: the rows the rules read as they stood at the last event that
 * changed them, and that event's time. Rows are frozen (a change is a new row), so holding them
 * keeps that state. The rules cost far more than the rows, so a claim's map is computed once per
 * batch however many of its events the batch holds, and from what its last event left, so it is
 * the map that event would have written on its own. The rows become the rules' input only then.
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
function markDue(rows: Rows<EvidenceTables>, due: DueMaps, userId: string, claimId: string | null, at: string): void {
  if (!claimId) return;
  const owned = rows.evidence_claims.where({ user_id: userId });
  const claim = owned.find((c) => c.claim_id === claimId);
  if (!claim) return;
  const documents = rows.evidence_documents.where({ user_id: userId }).filter((d) => d.claim_id === claimId);
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

/** The document's claim, if the document is there. */
const claimOf = (documents: TableRows<DocumentRow>, documentId: string) => documents.get({ document_id: documentId })?.claim_id ?? null;

const EVIDENCE_EVENTS = [
  ...pickEventTypes(CLAIM_EVENT_TYPES, ['ClaimFiled', 'ClaimStatusChanged', 'ClaimDecisionDateSet']),
  ...pickEventTypes(DOCUMENT_EVENT_TYPES, ['DocumentRegistered', 'DocumentLinkedToClaim', 'DocumentAnalysisCompleted', 'DocumentDeleted']),
  ACCOUNT_ERASED,
] as const;

/** The sealed personal data an event carries, opened: the claim's condition, the file name, the analysis (null once the key is erased). */
interface Opened {
  condition?: string;
  fileName?: string;
  result?: AnalysisResult | null;
}

/**
 * The `evidence` read model: per claim, the evidence map (rules.ts) over the documents linked to
 * it and each document's latest analysis. A document deleted or unlinked takes its evidence away;
 * a newer analysis of a document replaces the older one (as the documents read model does).
 *
 * Every event reads all of its owner's rows (a map reads the claim, its documents and the owner's
 * other claims). An event that changes a map takes the rules' input as it leaves it; the batch
 * computes each claim's last input once, when it settles.
 */
export function evidenceProjector(vault: PersonalDataVault): SetBasedProjector {
  return setBasedProjector<(typeof EVIDENCE_EVENTS)[number], EvidenceTables, Opened, DueMaps>({
    name: 'evidence',
    // 2: the legal rules (negated opinions, presumption windows, stressors, decided claims); a rebuild re-reads every stored analysis.
    version: 2,
    handles: EVIDENCE_EVENTS,
    tables: {
      evidence_claims: {
        key: ['claim_id'],
        columns: {
          claim_id: 'text',
          user_id: 'text',
          claim_number: 'text',
          condition: 'text',
          condition_type: 'text',
          status: 'text',
          decision_date: 'text',
        },
      },
      evidence_documents: {
        key: ['document_id'],
        columns: {
          document_id: 'text',
          user_id: 'text',
          claim_id: 'text',
          file_name: 'text',
          analysis_id: 'text',
          analysis_type: 'text',
          result: 'jsonb',
        },
      },
      evidence_maps: {
        key: ['claim_id'],
        columns: {
          claim_id: 'text',
          user_id: 'text',
          stage: 'text',
          readiness: 'integer',
          readiness_reason: 'text',
          elements: 'jsonb',
          review_deadline: 'jsonb',
          updated_at: 'timestamptz',
        },
      },
    },
    preload: preloadOwners(vault),
    async open(event) {
      switch (event.type) {
        case 'ClaimFiled':
          return { condition: (await openClaimText(vault, event.data.userId, event.data.text)).condition };
        case 'DocumentRegistered':
          return { fileName: await openFileName(vault, event.data.userId, event.data.name) };
        case 'DocumentAnalysisCompleted':
          return { result: await vault.open<AnalysisResult>(event.data.userId, event.data.result) };
        default:
          return {};
      }
    },
    touches(event) {
      // All of the owner's rows: a map reads its claim, the claim's documents and the owner's other
      // claims. The ids the event names too, so that a row it makes is known not to exist yet.
      const owner = { user_id: event.data.userId };
      switch (event.type) {
        case ACCOUNT_ERASED:
          return { evidence_claims: [owner], evidence_documents: [owner], evidence_maps: [owner] };
        case 'DocumentRegistered':
        case 'DocumentLinkedToClaim':
        case 'DocumentAnalysisCompleted':
        case 'DocumentDeleted':
          return { evidence_claims: [owner], evidence_documents: [owner, { document_id: event.data.documentId }], evidence_maps: [owner] };
        default: {
          const claim = { claim_id: event.data.claimId };
          return { evidence_claims: [owner, claim], evidence_documents: [owner], evidence_maps: [owner, claim] };
        }
      }
    },
    startBatch: () => new Map(),
    evolve(rows, event, opened, due) {
      const { evidence_claims: claims, evidence_documents: documents, evidence_maps: maps } = rows;
      const userId = event.data.userId;
      const at = event.metadata.occurredAt;

      switch (event.type) {
        case ACCOUNT_ERASED: {
          for (const row of maps.where({ user_id: userId })) maps.delete(row);
          for (const row of documents.where({ user_id: userId })) documents.delete(row);
          for (const row of claims.where({ user_id: userId })) claims.delete(row);
          for (const [claimId, map] of due) if (map.claim.user_id === userId) due.delete(claimId);
          return;
        }
        case 'ClaimFiled': {
          const d = event.data;
          if (!claims.get({ claim_id: d.claimId }))
            claims.put({
              claim_id: d.claimId,
              user_id: d.userId,
              claim_number: d.claimNumber,
              condition: opened.condition!,
              condition_type: d.conditionType,
              status: 'submitted',
              decision_date: null,
            });
          markDue(rows, due, userId, d.claimId, at);
          return;
        }
        case 'ClaimStatusChanged': {
          const d = event.data;
          const claim = claims.get({ claim_id: d.claimId });
          if (claim) claims.put({ ...claim, status: d.to });
          // A decision turns the claim's own map (granted, or what a Supplemental Claim needs).
          markDue(rows, due, userId, d.claimId, at);
          // An approval (or its reversal) changes what the owner's secondary claims can stand on.
          if ((d.from === 'approved') !== (d.to === 'approved'))
            for (const other of claims.where({ user_id: d.userId }))
              if (other.condition_type === 'secondary' && other.claim_id !== d.claimId) markDue(rows, due, userId, other.claim_id, at);
          return;
        }
        case 'ClaimDecisionDateSet': {
          const d = event.data;
          const claim = claims.get({ claim_id: d.claimId });
          if (claim) claims.put({ ...claim, decision_date: d.to });
          markDue(rows, due, userId, d.claimId, at);
          return;
        }
        case 'DocumentRegistered': {
          // Without an analysis a document gives no evidence: no map changes yet.
          const d = event.data;
          if (documents.get({ document_id: d.documentId })) return;
          documents.put({
            document_id: d.documentId,
            user_id: d.userId,
            claim_id: d.claimId,
            file_name: opened.fileName!,
            analysis_id: null,
            analysis_type: null,
            result: null,
          });
          return;
        }
        case 'DocumentLinkedToClaim': {
          const d = event.data;
          const document = documents.get({ document_id: d.documentId });
          const before = document?.claim_id ?? null;
          if (document) documents.put({ ...document, claim_id: d.claimId });
          if (before !== d.claimId) {
            markDue(rows, due, userId, before, at);
            markDue(rows, due, userId, d.claimId, at);
          }
          return;
        }
        case 'DocumentAnalysisCompleted': {
          const d = event.data;
          if (!opened.result) return;
          const document = documents.get({ document_id: d.documentId });
          // As read back from the table (jsonb keeps no undefined), so a batch sees what a next batch would.
          const result = JSON.parse(JSON.stringify(opened.result)) as AnalysisResult;
          if (document) documents.put({ ...document, analysis_id: d.analysisId, analysis_type: d.analysisType, result });
          markDue(rows, due, userId, claimOf(documents, d.documentId), at);
          return;
        }
        case 'DocumentDeleted': {
          const d = event.data;
          const before = claimOf(documents, d.documentId);
          documents.delete({ document_id: d.documentId });
          markDue(rows, due, userId, before, at);
          return;
        }
      }
    },
    settle({ evidence_maps: maps }, due) {
      for (const map of due.values()) maps.put(mapRow(map, evidenceRuling(inputOf(map))));
    },
  });
}
