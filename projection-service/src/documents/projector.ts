import { erasedUserOf, ACCOUNT_ERASED } from '../account/erasedRows';
import { DOCUMENT_EVENT_TYPES, type AnalysisResult, type DocumentDigest, type EventDataOf } from '@cc/contracts';
import type { PersonalDataVault, RecordedEvent } from '@cc/platform';
import type { Projector } from '../runner/projector';
import { ERASED } from '../claims/sealed';

export async function openFileName(vault: PersonalDataVault, userId: string, sealed: EventDataOf<'DocumentRegistered'>['name']) {
  return (await vault.open<{ fileName: string }>(userId, sealed))?.fileName ?? ERASED;
}

/** The file's SHA-256 (sealed since version 2 of `DocumentRegistered`); empty once the key is erased. */
export async function openDigest(vault: PersonalDataVault, userId: string, digest: DocumentDigest): Promise<string> {
  if ('plain' in digest) return digest.plain;
  return (await vault.open<{ sha256: string }>(userId, digest.sealed))?.sha256 ?? '';
}

/** The document repository: one row per document the user keeps (a deleted one is gone from it). */
export function documentsProjector(vault: PersonalDataVault): Projector {
  return {
    name: 'documents',
    version: 1,
    tables: ['documents'],
    handles: [...DOCUMENT_EVENT_TYPES, ACCOUNT_ERASED],
    async project(event: RecordedEvent, trx) {
      const erased = erasedUserOf(event);
      if (erased) {
        await trx('documents').where({ user_id: erased }).del();
        return;
      }
      switch (event.type) {
        case 'DocumentRegistered': {
          const d = event.data as EventDataOf<'DocumentRegistered'>;
          await trx('documents')
            .insert({
              document_id: d.documentId,
              user_id: d.userId,
              file_name: await openFileName(vault, d.userId, d.name),
              file_type: d.fileType,
              detected_type: d.detectedType,
              file_size: d.fileSize,
              object_path: d.objectPath,
              sha256: await openDigest(vault, d.userId, d.digest),
              claim_id: d.claimId,
              uploaded_at: event.metadata.occurredAt,
            })
            .onConflict('document_id')
            .ignore();
          return;
        }
        case 'DocumentLinkedToClaim': {
          const d = event.data as EventDataOf<'DocumentLinkedToClaim'>;
          await trx('documents').where({ document_id: d.documentId }).update({ claim_id: d.claimId });
          return;
        }
        case 'DocumentAnalysisRequested': {
          const d = event.data as EventDataOf<'DocumentAnalysisRequested'>;
          await trx('documents')
            .where({ document_id: d.documentId })
            .update({ processing_status: 'processing', analysis_type: d.analysisType, analysis_error: null });
          return;
        }
        case 'DocumentAnalysisCompleted': {
          const d = event.data as EventDataOf<'DocumentAnalysisCompleted'>;
          // An erased key leaves the document without results rather than with unreadable ones.
          const result = await vault.open<AnalysisResult>(d.userId, d.result);
          await trx('documents')
            .where({ document_id: d.documentId })
            .update({
              processing_status: 'completed',
              analysis_type: d.analysisType,
              analysis_error: null,
              ai_analysis_results: result ? JSON.stringify(result) : null,
              analysis_id: result ? d.analysisId : null,
              analyzed_at: result ? event.metadata.occurredAt : null,
            });
          return;
        }
        case 'DocumentAnalysisFailed': {
          const d = event.data as EventDataOf<'DocumentAnalysisFailed'>;
          // Earlier results stay: a failed re-analysis does not take away what the veteran had.
          await trx('documents')
            .where({ document_id: d.documentId })
            .update({ processing_status: 'failed', analysis_type: d.analysisType, analysis_error: d.reason });
          return;
        }
        case 'DocumentDeleted': {
          const d = event.data as EventDataOf<'DocumentDeleted'>;
          await trx('documents').where({ document_id: d.documentId }).del();
          return;
        }
      }
    },
  };
}
