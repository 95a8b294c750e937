import type { Knex } from 'knex';
import { countList, pageList, type ListQuery, type SortColumns } from '@cc/platform';
import type { AnalysisResult, AnalysisType, Document, ProcessingStatus } from '@cc/contracts';

export const documentFileUrl = (id: string) => `/api/documents/${id}/file`;

interface DocumentRow {
  document_id: string;
  file_name: string;
  file_type: string;
  detected_type: string;
  file_size: string;
  object_path: string;
  sha256: string;
  processing_status: ProcessingStatus;
  claim_id: string | null;
  claim_condition: string | null;
  ai_analysis_results: AnalysisResult | null;
  analysis_id: string | null;
  analysis_type: AnalysisType | null;
  analysis_error: string | null;
  analyzed_at: Date | null;
  uploaded_at: Date;
}

function toDocument(row: DocumentRow): Document {
  return {
    id: row.document_id,
    fileName: row.file_name,
    fileType: row.file_type,
    detectedType: row.detected_type,
    fileSize: Number(row.file_size),
    processingStatus: row.processing_status,
    uploadedAt: row.uploaded_at.toISOString(),
    claimId: row.claim_id,
    claimCondition: row.claim_condition,
    objectPath: row.object_path,
    fileUrl: documentFileUrl(row.document_id),
    sha256: row.sha256,
    aiAnalysisResults: row.ai_analysis_results,
    analysisId: row.analysis_id,
    analysisType: row.analysis_type,
    analysisError: row.analysis_error,
    analyzedAt: row.analyzed_at?.toISOString() ?? null,
  };
}

const withClaim = (knex: Knex, userId: string) =>
  knex('documents as d')
    .leftJoin('claims as c', 'c.claim_id', 'd.claim_id')
    .where('d.user_id', userId)
    .select('d.*', 'c.condition as claim_condition');

/** Every field of a listed document can be sorted on; `fileUrl` is derived from the id and sorts with it. */
export const DOCUMENT_SORT_COLUMNS: SortColumns<Document> = {
  id: 'd.document_id',
  fileName: 'd.file_name',
  fileType: 'd.file_type',
  detectedType: 'd.detected_type',
  fileSize: 'd.file_size',
  processingStatus: 'd.processing_status',
  uploadedAt: 'd.uploaded_at',
  claimId: 'd.claim_id',
  claimCondition: 'c.condition',
  objectPath: 'd.object_path',
  fileUrl: 'd.document_id',
  sha256: 'd.sha256',
  aiAnalysisResults: 'd.ai_analysis_results',
  analysisId: 'd.analysis_id',
  analysisType: 'd.analysis_type',
  analysisError: 'd.analysis_error',
  analyzedAt: 'd.analyzed_at',
};

export type DocumentListQuery = ListQuery<keyof Document, { q?: string; processingStatus?: ProcessingStatus; claimId?: string }>;

export async function listDocuments(knex: Knex, userId: string, query: DocumentListQuery) {
  const base = withClaim(knex, userId).modify((q) => {
    if (query.filter.q) q.whereILike('d.file_name', `%${query.filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (query.filter.processingStatus) q.where('d.processing_status', query.filter.processingStatus);
    if (query.filter.claimId) q.where('d.claim_id', query.filter.claimId);
  });
  const total = await countList(base, DOCUMENT_SORT_COLUMNS, query);
  const rows: DocumentRow[] = await pageList(base.clone(), DOCUMENT_SORT_COLUMNS, query, 'd.document_id');
  return { rows: rows.map(toDocument), total };
}

export async function findDocument(knex: Knex, userId: string, documentId: string): Promise<Document | undefined> {
  const row: DocumentRow | undefined = await withClaim(knex, userId).andWhere('d.document_id', documentId).first();
  return row ? toDocument(row) : undefined;
}

export async function recentDocuments(knex: Knex, userId: string, limit = 5) {
  const rows = await knex('documents').where({ user_id: userId }).orderBy('uploaded_at', 'desc').limit(limit);
  return rows.map((r) => ({
    id: r.document_id as string,
    fileName: r.file_name as string,
    uploadedAt: (r.uploaded_at as Date).toISOString(),
    processingStatus: r.processing_status as string,
    fileUrl: documentFileUrl(r.document_id),
  }));
}
