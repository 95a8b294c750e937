/// <reference types="jest" />
import {
  contentRangeTotal,
  documentFileUrl,
  documentKind,
  downloadUrl,
  filterDocuments,
  formatFileSize,
  hasActiveFilters,
  hasAnalysis,
  isStatusFilter,
  STATUS_FILTER_OPTIONS,
  statusHint,
} from './format';
import type { Document, ProcessingStatus } from './types';

/** Stored results as the server may hold them (older or partial shapes included). */
const results = (value: unknown) => ({ aiAnalysisResults: value as Document['aiAnalysisResults'] });

describe('document size', () => {
  it('shows megabytes with two decimals', () => {
    expect(formatFileSize(1_572_864)).toBe('1.50 MB');
    expect(formatFileSize(52_428_800)).toBe('50.00 MB');
    expect(formatFileSize(1024)).toBe('0.00 MB');
    expect(formatFileSize(123_456)).toBe('0.12 MB');
    expect(formatFileSize(0)).toBe('0.00 MB');
    expect(formatFileSize(Number.NaN)).toBe('0.00 MB');
  });
});

describe('status hint', () => {
  const doc = (processingStatus: ProcessingStatus, aiAnalysisResults: unknown = null) => ({
    processingStatus,
    ...results(aiAnalysisResults),
  });

  it('gives the spec hint for each status', () => {
    expect(statusHint(doc('pending'))).toBe('Ready for analysis');
    expect(statusHint(doc('pending', { documentType: 'Nexus letter' }))).toBe('Can analyze again');
    expect(statusHint(doc('processing'))).toBe('AI analysis in progress');
    expect(statusHint(doc('completed', { documentType: 'x' }))).toBe('Analysis available');
    expect(statusHint(doc('failed'))).toBe('Analysis failed, try again');
  });

  it('counts null, undefined and an empty object as no analysis', () => {
    expect(hasAnalysis(results(null))).toBe(false);
    expect(hasAnalysis(results(undefined))).toBe(false);
    expect(hasAnalysis(results({}))).toBe(false);
    expect(hasAnalysis(results({ keyFindings: [] }))).toBe(true);
    expect(hasAnalysis(results('text result'))).toBe(true);
  });
});

describe('status filter', () => {
  it('offers the five choices in order, Processed meaning completed', () => {
    expect(STATUS_FILTER_OPTIONS.map((o) => o.label)).toEqual(['All Status', 'Processed', 'Processing', 'Pending', 'Failed']);
    expect(STATUS_FILTER_OPTIONS.map((o) => o.value)).toEqual(['all', 'completed', 'processing', 'pending', 'failed']);
    expect(isStatusFilter('completed')).toBe(true);
    expect(isStatusFilter('processed')).toBe(false);
  });
});

describe('filtering', () => {
  const docs = [
    { fileName: 'DD214.pdf', processingStatus: 'completed' as const },
    { fileName: 'Nexus Letter - Knee.docx', processingStatus: 'pending' as const },
    { fileName: 'knee x-ray.PNG', processingStatus: 'failed' as const },
  ];

  it('matches the file name case-insensitively, ignoring surrounding spaces', () => {
    expect(filterDocuments(docs, { search: '  KNEE ', status: 'all' }).map((d) => d.fileName)).toEqual([
      'Nexus Letter - Knee.docx',
      'knee x-ray.PNG',
    ]);
    expect(filterDocuments(docs, { search: 'dd214', status: 'all' })).toHaveLength(1);
    expect(filterDocuments(docs, { search: '', status: 'all' })).toHaveLength(3);
  });

  it('combines search and status', () => {
    expect(filterDocuments(docs, { search: 'knee', status: 'failed' }).map((d) => d.fileName)).toEqual(['knee x-ray.PNG']);
    expect(filterDocuments(docs, { search: '', status: 'completed' }).map((d) => d.fileName)).toEqual(['DD214.pdf']);
    expect(filterDocuments(docs, { search: '', status: 'processing' })).toEqual([]);
  });

  it('knows when filters are active (for No Documents Found vs No Documents Yet)', () => {
    expect(hasActiveFilters({ search: '', status: 'all' })).toBe(false);
    expect(hasActiveFilters({ search: '   ', status: 'all' })).toBe(false);
    expect(hasActiveFilters({ search: 'a', status: 'all' })).toBe(true);
    expect(hasActiveFilters({ search: '', status: 'pending' })).toBe(true);
  });
});

describe('file type', () => {
  it('picks the kind from the MIME type, else the extension', () => {
    expect(documentKind({ fileType: 'application/pdf', fileName: 'a' })).toBe('pdf');
    expect(documentKind({ fileType: '', fileName: 'scan.PDF' })).toBe('pdf');
    expect(documentKind({ fileType: 'image/png', fileName: 'a.png' })).toBe('image');
    expect(documentKind({ fileType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', fileName: 'a' })).toBe(
      'word',
    );
    expect(documentKind({ fileType: 'application/msword', fileName: 'a.doc' })).toBe('word');
    expect(documentKind({ fileType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: 'a' })).toBe('excel');
    expect(documentKind({ fileType: 'application/vnd.ms-powerpoint', fileName: 'a' })).toBe('powerpoint');
    expect(documentKind({ fileType: 'text/plain', fileName: 'notes.txt' })).toBe('text');
    expect(documentKind({ fileType: 'application/zip', fileName: 'a.zip' })).toBe('other');
  });
});

describe('file addresses', () => {
  it('views the fileUrl, else the owner file route when the object exists, else nothing', () => {
    expect(documentFileUrl({ id: 'd1', fileUrl: '/api/documents/d1/file', objectPath: '/objects/x' })).toBe('/api/documents/d1/file');
    expect(documentFileUrl({ id: 'd 2', fileUrl: null, objectPath: '/objects/x' })).toBe('/api/documents/d%202/file');
    expect(documentFileUrl({ id: 'd3', fileUrl: null, objectPath: null })).toBeNull();
  });

  it('asks for an attachment with download=1', () => {
    expect(downloadUrl('/api/documents/d1/file')).toBe('/api/documents/d1/file?download=1');
    expect(downloadUrl('/api/documents/d1/file?v=2')).toBe('/api/documents/d1/file?v=2&download=1');
  });

  it('reads the total of a Content-Range header', () => {
    expect(contentRangeTotal('documents 0-9/42')).toBe(42);
    expect(contentRangeTotal('documents 0-0/0')).toBe(0);
    expect(contentRangeTotal('documents 0-9/*')).toBeNull();
    expect(contentRangeTotal(null)).toBeNull();
  });
});
