import type { AnalysisType } from '@cc/contracts';
import { apiFetch, apiJson } from '../api/http';
import { analyzeOutcome, type AnalyzeOutcome } from './analysisFlow';
import { contentRangeTotal } from './format';
import type { Document, ProcessingStatus } from './types';

/** The document and object calls of spec doc 1 §7 (same-origin JSON with the session cookie, see api/http.ts). */

const documentPath = (id: string) => `/api/documents/${encodeURIComponent(id)}`;

/** The list asks for at most this many documents, newest first. */
export const DOCUMENT_PAGE_SIZE = 100;

export interface DocumentListQuery {
  /** Part of the file name (the server filter `q`); "" for none. */
  q: string;
  processingStatus: ProcessingStatus | null;
}

export interface DocumentList {
  documents: Document[];
  /** Every match on the server (Content-Range), at least the number received. */
  total: number;
}

function byNewest(a: Document, b: Document): number {
  return (Date.parse(b.uploadedAt) || 0) - (Date.parse(a.uploadedAt) || 0);
}

/** GET /api/documents as an ra-data-simple-rest list: filter, sort by uploadedAt DESC, range [0, 99]. */
export async function fetchDocuments(query: DocumentListQuery, signal?: AbortSignal): Promise<DocumentList> {
  const filter: Record<string, string> = {};
  if (query.q) filter.q = query.q;
  if (query.processingStatus) filter.processingStatus = query.processingStatus;
  const params = new URLSearchParams({
    filter: JSON.stringify(filter),
    sort: JSON.stringify(['uploadedAt', 'DESC']),
    range: JSON.stringify([0, DOCUMENT_PAGE_SIZE - 1]),
  });
  const response = await apiFetch(`/api/documents?${params.toString()}`, { signal });
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : [];
  const documents = Array.isArray(json) ? (json as Document[]) : [];
  const total = contentRangeTotal(response.headers.get('Content-Range'));
  return { documents: [...documents].sort(byNewest), total: Math.max(total ?? 0, documents.length) };
}

/** GET /api/documents/{id}: one document of the user. */
export function fetchDocument(id: string, signal?: AbortSignal): Promise<Document> {
  return apiJson<Document>(documentPath(id), { signal });
}

/**
 * POST /api/documents/{id}/analyze: 200 with the result when it finished within the server's
 * wait, 202 while it is still processing; errors are problem details (403 Free plan, 409 already
 * running, 422 failed, 429 monthly quota).
 */
export async function analyzeDocument(id: string, analysisType: AnalysisType): Promise<AnalyzeOutcome> {
  const response = await apiFetch(`${documentPath(id)}/analyze`, { method: 'POST', body: { analysisType } });
  const text = await response.text();
  return analyzeOutcome(response.status, text ? JSON.parse(text) : {});
}

export interface AnalysisReportInput {
  documentId: string;
  analysisType: AnalysisType;
  originalFileName: string;
}

/** POST /api/documents/{id}/analysis-pdf: a PDF report of the stored analysis, added to the documents (201). */
export function generateAnalysisReport(input: AnalysisReportInput): Promise<Document> {
  return apiJson<Document>(`${documentPath(input.documentId)}/analysis-pdf`, { method: 'POST', body: input });
}

export function deleteDocument(id: string): Promise<void> {
  return apiJson<void>(documentPath(id), { method: 'DELETE' });
}

/** POST /api/objects/upload: a single-use upload address, valid 15 minutes. */
export async function requestUploadUrl(): Promise<string> {
  const { uploadURL } = await apiJson<{ uploadURL: string }>('/api/objects/upload', { method: 'POST', body: {} });
  if (typeof uploadURL !== 'string' || !uploadURL) throw new Error('The server gave no upload address');
  return uploadURL;
}

/** A failed direct transfer; status 0 when there was no answer. */
export class TransferError extends Error {
  constructor(readonly status: number) {
    super(status === 0 ? 'The upload did not reach the server' : `The upload was refused (${status})`);
    this.name = 'TransferError';
  }
}

/**
 * PUT the raw file to its upload address with XMLHttpRequest (fetch gives no upload progress).
 * `onProgress` gets 0..1. Resolves on 2xx; rejects with a TransferError otherwise.
 */
export function putFile(uploadURL: string, file: Blob, contentType: string, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadURL);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new TransferError(xhr.status));
    };
    xhr.onerror = () => reject(new TransferError(0));
    xhr.onabort = () => reject(new TransferError(0));
    xhr.send(file);
  });
}

export interface RegisterDocumentInput {
  documentURL: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  claimId?: string;
}

/** PUT /api/documents: registers the stored file; 201 with the Document. */
export function registerDocument(input: RegisterDocumentInput): Promise<Document> {
  return apiJson<Document>('/api/documents', { method: 'PUT', body: input });
}
