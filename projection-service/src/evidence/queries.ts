import type { AnalysisResult, ClaimReadiness, Deadline, EventDataOf, EvidenceElement, EvidenceMap, EvidenceStage } from '@cc/contracts';
import type { EventStore, PersonalDataVault } from '@cc/platform';
import type { Knex } from 'knex';
import { loadTimeline } from '../staff/timeline';
import { toClaim, type ClaimRow } from './rows';
import { evidenceRuling, type EvidenceAnalysis, type EvidenceClaim } from './rules';

interface MapRow {
  claim_id: string;
  stage: EvidenceStage;
  review_deadline: Deadline | null;
  readiness: number;
  readiness_reason: string;
  elements: EvidenceElement[];
  updated_at: Date;
}

export async function ownsClaim(knex: Knex, userId: string, claimId: string): Promise<boolean> {
  return Boolean(await knex('evidence_claims').where({ claim_id: claimId, user_id: userId }).first('claim_id'));
}

export async function findEvidenceMap(knex: Knex, claimId: string): Promise<EvidenceMap | undefined> {
  const row = await knex<MapRow>('evidence_maps').where({ claim_id: claimId }).first();
  if (!row) return undefined;
  return {
    claimId: row.claim_id,
    stage: row.stage,
    readiness: row.readiness,
    readinessReason: row.readiness_reason,
    elements: row.elements,
    reviewDeadline: row.review_deadline,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The owner's claims with their readiness, worst first (ties: the oldest claim number first). */
export async function claimReadiness(knex: Knex, userId: string): Promise<ClaimReadiness[]> {
  const rows = await knex('evidence_maps as m')
    .join('evidence_claims as c', 'c.claim_id', 'm.claim_id')
    .where('m.user_id', userId)
    .orderBy([
      { column: 'm.readiness', order: 'asc' },
      { column: 'c.claim_number', order: 'asc' },
    ])
    .select<
      {
        claim_id: string;
        claim_number: string;
        condition: string;
        stage: EvidenceStage;
        readiness: number;
        readiness_reason: string;
        updated_at: Date;
      }[]
    >('m.claim_id', 'c.claim_number', 'c.condition', 'm.stage', 'm.readiness', 'm.readiness_reason', 'm.updated_at');
  return rows.map((r) => ({
    id: r.claim_id,
    claimNumber: r.claim_number,
    condition: r.condition,
    stage: r.stage,
    readiness: r.readiness,
    readinessReason: r.readiness_reason,
    updatedAt: r.updated_at.toISOString(),
  }));
}

/**
 * The map as it stood after the first `version` entries of the claim's history (the numbering of
 * the staff history: the claim's events and its documents', in recorded order), folded from the
 * event store as the projector folds them. The owner's other claims (a secondary claim's primary)
 * are taken as they are now.
 */
export async function evidenceMapAt(
  deps: { knex: Knex; store: EventStore; vault: PersonalDataVault },
  claimId: string,
  version: number,
): Promise<{ map: EvidenceMap; versions: number } | { versions: number } | undefined> {
  const timeline = await loadTimeline(deps.store, deps.vault, claimId);
  if (!timeline) return undefined;
  if (version > timeline.items.length) return { versions: timeline.items.length };
  let claim: EvidenceClaim | undefined;
  const documents = new Map<string, { claimId: string | null; fileName: string; analysis?: EvidenceAnalysis }>();
  for (const { event, texts } of timeline.items.slice(0, version)) {
    switch (event.type) {
      case 'ClaimFiled': {
        const d = event.data as EventDataOf<'ClaimFiled'>;
        claim ??= {
          claimId,
          claimNumber: d.claimNumber,
          condition: texts.condition ?? '',
          conditionType: d.conditionType,
          status: 'submitted',
          decisionDate: null,
        };
        break;
      }
      case 'ClaimStatusChanged':
        if (claim) claim = { ...claim, status: (event.data as EventDataOf<'ClaimStatusChanged'>).to };
        break;
      case 'ClaimDecisionDateSet':
        if (claim) claim = { ...claim, decisionDate: (event.data as EventDataOf<'ClaimDecisionDateSet'>).to };
        break;
      case 'DocumentRegistered': {
        const d = event.data as EventDataOf<'DocumentRegistered'>;
        if (!documents.has(d.documentId)) documents.set(d.documentId, { claimId: d.claimId, fileName: texts.fileName ?? '' });
        break;
      }
      case 'DocumentLinkedToClaim': {
        const d = event.data as EventDataOf<'DocumentLinkedToClaim'>;
        const doc = documents.get(d.documentId);
        if (doc) doc.claimId = d.claimId;
        break;
      }
      case 'DocumentAnalysisCompleted': {
        const d = event.data as EventDataOf<'DocumentAnalysisCompleted'>;
        const doc = documents.get(d.documentId);
        const result = await deps.vault.open<AnalysisResult>(d.userId, d.result);
        if (doc && result)
          doc.analysis = {
            documentId: d.documentId,
            fileName: doc.fileName,
            analysisId: d.analysisId,
            analysisType: d.analysisType,
            result,
          };
        break;
      }
      case 'DocumentDeleted':
        documents.delete((event.data as EventDataOf<'DocumentDeleted'>).documentId);
        break;
    }
  }
  if (!claim) return { versions: timeline.items.length };
  const analyses = [...documents.entries()]
    .filter(([, d]) => d.claimId === claimId && d.analysis)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, d]) => d.analysis!);
  const others = await deps
    .knex<ClaimRow>('evidence_claims')
    .where({ user_id: timeline.ownerId })
    .whereNot({ claim_id: claimId })
    .orderBy('claim_id');
  const ruling = evidenceRuling({ claim, analyses, otherClaims: others.map(toClaim) });
  const asOf = timeline.items[version - 1]!.event.metadata.occurredAt;
  return {
    versions: timeline.items.length,
    map: {
      claimId,
      stage: ruling.stage,
      readiness: ruling.readiness,
      readinessReason: ruling.readinessReason,
      elements: ruling.elements,
      reviewDeadline: ruling.reviewDeadline,
      updatedAt: asOf,
    },
  };
}
