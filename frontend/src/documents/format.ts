import type { Document, DocumentFilters, ProcessingStatus, StatusFilter } from './types';

/**
 * Pure helpers of the document repository (no React, no DOM), unit tested in format.test.ts.
 */

/** Bytes as megabytes with two decimals: 1_572_864 → "1.50 MB". */
export function formatFileSize(bytes: number): string {
  const size = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  return `${(size / (1024 * 1024)).toFixed(2)} MB`;
}

export const STATUS_LABELS: Record<ProcessingStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Processed',
  failed: 'Failed',
};

/** The status filter's choices, in the spec's order. */
export const STATUS_FILTER_OPTIONS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'completed', label: STATUS_LABELS.completed },
  { value: 'processing', label: STATUS_LABELS.processing },
  { value: 'pending', label: STATUS_LABELS.pending },
  { value: 'failed', label: STATUS_LABELS.failed },
];

export function isStatusFilter(value: string): value is StatusFilter {
  return STATUS_FILTER_OPTIONS.some((option) => option.value === value);
}

export function statusLabel(status: string): string {
  return (STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/** There are analysis results: anything but null, undefined or an empty object. */
export function hasAnalysis(document: Pick<Document, 'aiAnalysisResults'>): boolean {
  const results = document.aiAnalysisResults;
  if (results === null || results === undefined) return false;
  if (typeof results === 'object' && !Array.isArray(results)) return Object.keys(results).length > 0;
  return true;
}

/** The hint next to the status badge (spec doc 1 §2 "Status hints"). */
export function statusHint(document: Pick<Document, 'processingStatus' | 'aiAnalysisResults'>): string {
  switch (document.processingStatus) {
    case 'pending':
      return hasAnalysis(document) ? 'Can analyze again' : 'Ready for analysis';
    case 'processing':
      return 'AI analysis in progress';
    case 'completed':
      return 'Analysis available';
    case 'failed':
      return 'Analysis failed, try again';
    default:
      return '';
  }
}

export type DocumentKind = 'pdf' | 'word' | 'excel' | 'powerpoint' | 'image' | 'text' | 'other';

export const KIND_LABELS: Record<DocumentKind, string> = {
  pdf: 'PDF',
  word: 'Word document',
  excel: 'Excel spreadsheet',
  powerpoint: 'PowerPoint presentation',
  image: 'Image',
  text: 'Text file',
  other: 'File',
};

/** The kind of file, from its MIME type, else its extension; picks the card's icon. */
export function documentKind(document: Pick<Document, 'fileType' | 'fileName'>): DocumentKind {
  const type = (document.fileType ?? '').toLowerCase();
  const name = (document.fileName ?? '').toLowerCase();
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : '';
  if (type === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (type.startsWith('image/') || ['jpg', 'jpeg', 'png', 'gif', 'webp'].includes(ext)) return 'image';
  if (type.includes('wordprocessing') || type === 'application/msword' || ['doc', 'docx'].includes(ext)) return 'word';
  if (type.includes('spreadsheet') || type === 'application/vnd.ms-excel' || ['xls', 'xlsx', 'csv'].includes(ext)) return 'excel';
  if (type.includes('presentation') || type === 'application/vnd.ms-powerpoint' || ['ppt', 'pptx'].includes(ext)) return 'powerpoint';
  if (type.startsWith('text/') || ext === 'txt') return 'text';
  return 'other';
}

export function hasActiveFilters(filters: DocumentFilters): boolean {
  return filters.search.trim() !== '' || filters.status !== 'all';
}

/** File name contains the search text (case-insensitive) and the status matches the filter. */
export function filterDocuments<D extends Pick<Document, 'fileName' | 'processingStatus'>>(
  documents: readonly D[],
  filters: DocumentFilters,
): D[] {
  const needle = filters.search.trim().toLocaleLowerCase();
  return documents.filter(
    (document) =>
      (filters.status === 'all' || document.processingStatus === filters.status) &&
      (needle === '' || document.fileName.toLocaleLowerCase().includes(needle)),
  );
}

/**
 * Where View opens the file: its fileUrl, else the owner-only file route when the object exists; null
 * when there is no file (the contracts say both are always set; older or partial rows may lack them).
 */
export function documentFileUrl(document: { id: string; fileUrl: string | null; objectPath: string | null }): string | null {
  if (document.fileUrl) return document.fileUrl;
  if (document.objectPath) return `/api/documents/${encodeURIComponent(document.id)}/file`;
  return null;
}

/** The same address asking for an attachment download (`download=1`). */
export function downloadUrl(fileUrl: string): string {
  return `${fileUrl}${fileUrl.includes('?') ? '&' : '?'}download=1`;
}

/** The total of a "Content-Range: documents 0-9/42" header; null when absent or unknown ("*"). */
export function contentRangeTotal(header: string | null): number | null {
  if (!header) return null;
  const match = /\/(\d+)\s*$/.exec(header);
  return match ? Number(match[1]) : null;
}
