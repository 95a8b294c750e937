import { CLAIM_EVENT_TYPES, DOCUMENT_EVENT_TYPES, pickEventTypes, type AnalysisResult } from '@cc/contracts';
import type { PersonalDataVault } from '@cc/platform';
import { ACCOUNT_ERASED } from '../account/erasedRows';
import { openClaimText, preloadOwners } from '../claims/sealed';
import { openFileName } from '../documents/projector';
import { setBasedProjector, type ProjectedEvent, type Rows, type SetBasedProjector, type TableRows } from '../runner/setBasedProjector';
import { EvidenceBatch, historyTable, recordReadiness, type HistoryRow } from './readinessHistory';
import { mapRow, markDue, type ClaimRow, type DocumentRow, type DueMaps, type MapRow } from './rows';

interface EvidenceTables {
  evidence_claims: ClaimRow;
  evidence_documents: DocumentRow;
  evidence_maps: MapRow;
  analytics_readiness_history: HistoryRow;
}

/** The document's claim, if the document is there. */
const claimOf = (documents: TableRows<DocumentRow>, documentId: string) => documents.get({ document_id: documentId })?.claim_id ?? null;

const EVIDENCE_EVENTS = [
  ...pickEventTypes(CLAIM_EVENT_TYPES, ['ClaimFiled', 'ClaimStatusChanged', 'ClaimDecisionDateSet']),
  ...pickEventTypes(DOCUMENT_EVENT_TYPES, ['DocumentRegistered', 'DocumentLinkedToClaim', 'DocumentAnalysisCompleted', 'DocumentDeleted']),
  ACCOUNT_ERASED,
] as const;
type EvidenceEvent = (typeof EVIDENCE_EVENTS)[number];

/** The sealed personal data an event carries, opened: the claim's condition, the file name, the analysis (null once the key is erased). */
interface Opened {
  condition?: string;
  fileName?: string;
  result?: AnalysisResult | null;
}

/** Changes the evidence rows as the event says, marking due (in `due`) every map it changes. */
function applyEvent(rows: Rows<EvidenceTables>, event: ProjectedEvent<EvidenceEvent>, opened: Opened, due: DueMaps): void {
  const { evidence_claims: claims, evidence_documents: documents, evidence_maps: maps } = rows;
  const userId = event.data.userId;
  const at = event.metadata.occurredAt;

  switch (event.type) {
    case ACCOUNT_ERASED: {
      for (const row of maps.where({ user_id: userId })) maps.delete(row);
      for (const row of documents.where({ user_id: userId })) documents.delete(row);
      for (const row of claims.where({ user_id: userId })) claims.delete(row);
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
}

/**
 * The `evidence` read model: per claim, the evidence map (rules.ts) over the documents linked to
 * it and each document's latest analysis. A document deleted or unlinked takes its evidence away;
 * a newer analysis of a document replaces the older one (as the documents read model does).
 *
 * Every event reads all of its owner's rows (a map reads the claim, its documents and the owner's
 * other claims). An event that changes a map takes the rules' input as it leaves it and is ruled on
 * at once (a batch rules on the same input only once), so that `analytics_readiness_history` gets a
 * row whenever the event changes a claim's readiness or stage; the map table gets each claim's last
 * ruling when the batch settles. The history is part of this read model, not a projector of its
 * own, because it is this fold: run twice, it cost a rebuild and every claim event a second copy
 * of the evidence tables and a second fold over them.
 */
export function evidenceProjector(vault: PersonalDataVault): SetBasedProjector {
  return setBasedProjector<EvidenceEvent, EvidenceTables, Opened, EvidenceBatch>({
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
      analytics_readiness_history: historyTable,
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
      // The history rows it may record are keyed by the event; an erasure removes the owner's.
      const owner = { user_id: event.data.userId };
      const recorded = [{ event_id: event.id }];
      switch (event.type) {
        case ACCOUNT_ERASED:
          return { evidence_claims: [owner], evidence_documents: [owner], evidence_maps: [owner], analytics_readiness_history: [owner] };
        case 'DocumentRegistered':
        case 'DocumentLinkedToClaim':
        case 'DocumentAnalysisCompleted':
        case 'DocumentDeleted':
          return {
            evidence_claims: [owner],
            evidence_documents: [owner, { document_id: event.data.documentId }],
            evidence_maps: [owner],
            analytics_readiness_history: recorded,
          };
        default: {
          const claim = { claim_id: event.data.claimId };
          return {
            evidence_claims: [owner, claim],
            evidence_documents: [owner],
            evidence_maps: [owner, claim],
            analytics_readiness_history: recorded,
          };
        }
      }
    },
    startBatch: () => new EvidenceBatch(),
    evolve(rows, event, opened, batch) {
      const history = rows.analytics_readiness_history;
      if (event.type === ACCOUNT_ERASED) {
        for (const row of history.where({ user_id: event.data.userId })) history.delete(row);
        batch.forgetOwner(event.data.userId);
      }
      const madeDue: DueMaps = new Map();
      applyEvent(rows, event, opened, madeDue);
      recordReadiness(event, madeDue, batch, rows.evidence_maps, history);
    },
    settle({ evidence_maps: maps }, batch) {
      for (const { map, ruling } of batch.due.values()) maps.put(mapRow(map, ruling));
    },
  });
}
