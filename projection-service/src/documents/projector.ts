import { ACCOUNT_ERASED } from '../account/erasedRows';
import { DOCUMENT_EVENT_TYPES, type AnalysisResult, type DocumentDigest } from '@cc/contracts';
import type { PersonalDataVault } from '@cc/platform';
import { setBasedProjector, type SetBasedProjector } from '../runner/setBasedProjector';
import { ERASED, openFileName, preloadOwners } from '../claims/sealed';

export { openFileName } from '../claims/sealed';

/** The file's SHA-256 (sealed since version 2 of `DocumentRegistered`); empty once the key is erased. */
export async function openDigest(vault: PersonalDataVault, userId: string, digest: DocumentDigest): Promise<string> {
  if ('plain' in digest) return digest.plain;
  return (await vault.open<{ sha256: string }>(userId, digest.sealed))?.sha256 ?? '';
}

interface DocumentRow {
  document_id: string;
  user_id: string;
  file_name: string;
  file_type: string;
  detected_type: string;
  file_size: number | string;
  object_path: string;
  sha256: string;
  processing_status: string;
  claim_id: string | null;
  ai_analysis_results: AnalysisResult | null;
  uploaded_at: string | Date;
  analysis_type: string | null;
  analysis_error: string | null;
  analysis_id: string | null;
  analyzed_at: string | Date | null;
}

/** The personal data of a document event, opened. */
interface OpenedDocumentEvent {
  /** DocumentRegistered. */
  fileName?: string;
  sha256?: string;
  /** DocumentAnalysisCompleted: undefined once the owner's key is erased. */
  result?: AnalysisResult;
}

const DOCUMENT_EVENTS_AND_ERASURE = [...DOCUMENT_EVENT_TYPES, ACCOUNT_ERASED] as const;

/** The document repository: one row per document the user keeps (a deleted one is gone from it). */
export function documentsProjector(vault: PersonalDataVault): SetBasedProjector {
  return setBasedProjector<(typeof DOCUMENT_EVENTS_AND_ERASURE)[number], { documents: DocumentRow }, OpenedDocumentEvent>({
    name: 'documents',
    version: 1,
    handles: DOCUMENT_EVENTS_AND_ERASURE,
    tables: {
      documents: {
        key: ['document_id'],
        columns: {
          document_id: 'uuid',
          user_id: 'uuid',
          file_name: 'text',
          file_type: 'text',
          detected_type: 'text',
          file_size: 'bigint',
          object_path: 'text',
          sha256: 'text',
          processing_status: 'text',
          claim_id: 'uuid',
          ai_analysis_results: 'jsonb',
          uploaded_at: 'timestamptz',
          analysis_type: 'text',
          analysis_error: 'text',
          analysis_id: 'uuid',
          analyzed_at: 'timestamptz',
        },
      },
    },
    preload: preloadOwners(vault),
    async open(event) {
      switch (event.type) {
        case 'DocumentRegistered': {
          const d = event.data;
          return { fileName: await openFileName(vault, d.userId, d.name), sha256: await openDigest(vault, d.userId, d.digest) };
        }
        case 'DocumentAnalysisCompleted':
          return { result: await vault.open<AnalysisResult>(event.data.userId, event.data.result) };
        default:
          return {};
      }
    },
    touches: (event) => ({
      documents: [event.type === ACCOUNT_ERASED ? { user_id: event.data.userId } : { document_id: event.data.documentId }],
    }),
    evolve({ documents }, event, opened) {
      if (event.type === ACCOUNT_ERASED) {
        for (const row of documents.where({ user_id: event.data.userId })) documents.delete(row);
        return;
      }
      const document = documents.get({ document_id: event.data.documentId });
      /** Changes the document, when there is one. */
      const update = (changes: Partial<DocumentRow>) => {
        if (document) documents.put({ ...document, ...changes });
      };
      switch (event.type) {
        case 'DocumentRegistered': {
          if (document) return;
          const d = event.data;
          documents.put({
            document_id: d.documentId,
            user_id: d.userId,
            file_name: opened.fileName ?? ERASED,
            file_type: d.fileType,
            detected_type: d.detectedType,
            file_size: d.fileSize,
            object_path: d.objectPath,
            sha256: opened.sha256 ?? '',
            processing_status: 'pending',
            claim_id: d.claimId,
            ai_analysis_results: null,
            uploaded_at: event.metadata.occurredAt,
            analysis_type: null,
            analysis_error: null,
            analysis_id: null,
            analyzed_at: null,
          });
          return;
        }
        case 'DocumentLinkedToClaim':
          update({ claim_id: event.data.claimId });
          return;
        case 'DocumentAnalysisRequested':
          update({ processing_status: 'processing', analysis_type: event.data.analysisType, analysis_error: null });
          return;
        case 'DocumentAnalysisCompleted': {
          const d = event.data;
          // An erased key leaves the document without results rather than with unreadable ones.
          const result = opened.result;
          update({
            processing_status: 'completed',
            analysis_type: d.analysisType,
            analysis_error: null,
            ai_analysis_results: result ?? null,
            analysis_id: result ? d.analysisId : null,
            analyzed_at: result ? event.metadata.occurredAt : null,
          });
          return;
        }
        case 'DocumentAnalysisFailed':
          // Earlier results stay: a failed re-analysis does not take away what the veteran had.
          update({ processing_status: 'failed', analysis_type: event.data.analysisType, analysis_error: event.data.reason });
          return;
        case 'DocumentDeleted':
          if (document) documents.delete(document);
          return;
      }
    },
  });
}
