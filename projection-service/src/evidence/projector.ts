import {
  CLAIM_EVENT_TYPES,
  DOCUMENT_EVENT_TYPES,
  pickEventTypes,
  type AnalysisResult,
  type AnalysisType,
  type ClaimStatus,
  type ConditionType,
  type EventDataOf,
} from '@cc/contracts';
import type { PersonalDataVault } from '@cc/platform';
import type { Knex } from 'knex';
import { erasedUserOf, ACCOUNT_ERASED } from '../account/erasedRows';
import { openClaimText } from '../claims/sealed';
import { openFileName } from '../documents/projector';
import type { Projector } from '../runner/projector';
import { evidenceRuling, type EvidenceAnalysis, type EvidenceClaim } from './rules';

export interface ClaimRow {
  claim_id: string;
  user_id: string;
  claim_number: string;
  condition: string;
  condition_type: ConditionType;
  status: ClaimStatus;
  decision_date: string | null;
}
interface DocumentRow {
  document_id: string;
  claim_id: string | null;
  file_name: string;
  analysis_id: string | null;
  analysis_type: AnalysisType | null;
  result: AnalysisResult | null;
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

/** Recomputes one claim's map from the rows (the rules are pure; this is the only place they meet SQL). */
async function remap(trx: Knex.Transaction, claimId: string | null | undefined, at: string): Promise<void> {
  if (!claimId) return;
  const claim = await trx<ClaimRow>('evidence_claims').where({ claim_id: claimId }).first();
  if (!claim) return;
  const [documents, others] = await Promise.all([
    trx<DocumentRow>('evidence_documents').where({ claim_id: claimId }).orderBy('document_id'),
    trx<ClaimRow>('evidence_claims').where({ user_id: claim.user_id }).whereNot({ claim_id: claimId }).orderBy('claim_id'),
  ]);
  const ruling = evidenceRuling({ claim: toClaim(claim), analyses: documents.flatMap(toAnalysis), otherClaims: others.map(toClaim) });
  const row = {
    claim_id: claimId,
    user_id: claim.user_id,
    stage: ruling.stage,
    readiness: ruling.readiness,
    readiness_reason: ruling.readinessReason,
    elements: JSON.stringify(ruling.elements),
    review_deadline: ruling.reviewDeadline ? JSON.stringify(ruling.reviewDeadline) : null,
    updated_at: at,
  };
  await trx('evidence_maps').insert(row).onConflict('claim_id').merge();
}

/**
 * The `evidence` read model: per claim, the evidence map (rules.ts) over the documents linked to
 * it and each document's latest analysis. A document deleted or unlinked takes its evidence away;
 * a newer analysis of a document replaces the older one (as the documents read model does).
 */
export function evidenceProjector(vault: PersonalDataVault): Projector {
  return {
    name: 'evidence',
    // 2: the legal rules (negated opinions, presumption windows, stressors, decided claims); a rebuild re-reads every stored analysis.
    version: 2,
    tables: ['evidence_claims', 'evidence_documents', 'evidence_maps'],
    handles: [
      ...pickEventTypes(CLAIM_EVENT_TYPES, ['ClaimFiled', 'ClaimStatusChanged', 'ClaimDecisionDateSet']),
      ...pickEventTypes(DOCUMENT_EVENT_TYPES, [
        'DocumentRegistered',
        'DocumentLinkedToClaim',
        'DocumentAnalysisCompleted',
        'DocumentDeleted',
      ]),
      ACCOUNT_ERASED,
    ],
    async project(event, trx) {
      const at = event.metadata.occurredAt;
      const erased = erasedUserOf(event);
      if (erased) {
        for (const table of ['evidence_claims', 'evidence_documents', 'evidence_maps'])
          await trx(table).where({ user_id: erased }).delete();
        return;
      }
      const claimOf = async (documentId: string) =>
        (await trx<DocumentRow>('evidence_documents').where({ document_id: documentId }).first())?.claim_id ?? null;
      switch (event.type) {
        case 'ClaimFiled': {
          const d = event.data as EventDataOf<'ClaimFiled'>;
          const { condition } = await openClaimText(vault, d.userId, d.text);
          await trx('evidence_claims')
            .insert({
              claim_id: d.claimId,
              user_id: d.userId,
              claim_number: d.claimNumber,
              condition,
              condition_type: d.conditionType,
              status: 'submitted',
              decision_date: null,
            })
            .onConflict('claim_id')
            .ignore();
          await remap(trx, d.claimId, at);
          return;
        }
        case 'ClaimStatusChanged': {
          const d = event.data as EventDataOf<'ClaimStatusChanged'>;
          await trx('evidence_claims').where({ claim_id: d.claimId }).update({ status: d.to });
          // A decision turns the claim's own map (granted, or what a Supplemental Claim needs).
          await remap(trx, d.claimId, at);
          // An approval (or its reversal) changes what the owner's secondary claims can stand on.
          if ((d.from === 'approved') !== (d.to === 'approved')) {
            const secondaries = await trx<ClaimRow>('evidence_claims')
              .where({ user_id: d.userId, condition_type: 'secondary' })
              .whereNot({ claim_id: d.claimId });
            for (const s of secondaries) await remap(trx, s.claim_id, at);
          }
          return;
        }
        case 'ClaimDecisionDateSet': {
          const d = event.data as EventDataOf<'ClaimDecisionDateSet'>;
          await trx('evidence_claims').where({ claim_id: d.claimId }).update({ decision_date: d.to });
          await remap(trx, d.claimId, at);
          return;
        }
        case 'DocumentRegistered': {
          const d = event.data as EventDataOf<'DocumentRegistered'>;
          await trx('evidence_documents')
            .insert({
              document_id: d.documentId,
              user_id: d.userId,
              claim_id: d.claimId,
              file_name: await openFileName(vault, d.userId, d.name),
            })
            .onConflict('document_id')
            .ignore();
          return;
        }
        case 'DocumentLinkedToClaim': {
          const d = event.data as EventDataOf<'DocumentLinkedToClaim'>;
          const before = await claimOf(d.documentId);
          await trx('evidence_documents').where({ document_id: d.documentId }).update({ claim_id: d.claimId });
          if (before !== d.claimId) {
            await remap(trx, before, at);
            await remap(trx, d.claimId, at);
          }
          return;
        }
        case 'DocumentAnalysisCompleted': {
          const d = event.data as EventDataOf<'DocumentAnalysisCompleted'>;
          const result = await vault.open<AnalysisResult>(d.userId, d.result);
          if (!result) return;
          await trx('evidence_documents')
            .where({ document_id: d.documentId })
            .update({ analysis_id: d.analysisId, analysis_type: d.analysisType, result: JSON.stringify(result) });
          await remap(trx, await claimOf(d.documentId), at);
          return;
        }
        case 'DocumentDeleted': {
          const d = event.data as EventDataOf<'DocumentDeleted'>;
          const before = await claimOf(d.documentId);
          await trx('evidence_documents').where({ document_id: d.documentId }).delete();
          await remap(trx, before, at);
          return;
        }
      }
    },
  };
}
