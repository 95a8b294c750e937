import { STALE_ANALYSIS_MS, type SealedData } from '@cc/contracts';
import { deciderSpec } from '@cc/platform/testing/deciderSpec';
import { documentDecider, type DocumentCommand, type DocumentEvent } from './decider';

const sealed: SealedData = { alg: 'A256GCM', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const result: SealedData = { ...sealed, data: 'cmVzdWx0' };
const engine = { name: 'offline', model: 'rules' };
const at = new Date('2026-11-22T10:00:00Z');

const registered: DocumentEvent = {
  type: 'DocumentRegistered',
  data: {
    documentId: 'd1',
    userId: 'u1',
    name: sealed,
    fileType: 'application/pdf',
    detectedType: 'application/pdf',
    fileSize: 1234,
    objectPath: 'documents/u1/d1',
    digest: { sealed },
    claimId: null,
  },
};
const request = (analysisId: string, now = at, actorId = 'u1'): DocumentCommand => ({
  type: 'RequestDocumentAnalysis',
  data: { actorId, documentId: 'd1', analysisId, analysisType: 'nexus-letter', now },
});
const requested = (analysisId: string, now = at): DocumentEvent => ({
  type: 'DocumentAnalysisRequested',
  data: {
    documentId: 'd1',
    userId: 'u1',
    analysisId,
    analysisType: 'nexus-letter',
    objectPath: 'documents/u1/d1',
    detectedType: 'application/pdf',
    fileSize: 1234,
    requestedAt: now.toISOString(),
  },
});
const complete = (analysisId: string): DocumentCommand => ({
  type: 'CompleteDocumentAnalysis',
  data: { documentId: 'd1', analysisId, engine, result },
});
const completed = (analysisId: string): DocumentEvent => ({
  type: 'DocumentAnalysisCompleted',
  data: { documentId: 'd1', userId: 'u1', analysisId, analysisType: 'nexus-letter', engine, result, name: sealed },
});
const fail = (analysisId: string): DocumentCommand => ({
  type: 'FailDocumentAnalysis',
  data: { documentId: 'd1', analysisId, reason: 'No text.' },
});

const { given } = deciderSpec(documentDecider);

describe('document decider: analysis', () => {
  it('marks the document processing, carrying what the worker needs to read it', () => {
    given(registered)
      .when(request('a1'))
      .then([requested('a1')]);
  });

  it("answers someone else's document, or a deleted one, as missing", () => {
    given(registered)
      .when(request('a1', at, 'u2'))
      .thenFails('not-found');
    given(registered, { type: 'DocumentDeleted', data: { documentId: 'd1', userId: 'u1' } })
      .when(request('a1'))
      .thenFails('not-found');
    given().when(request('a1')).thenFails('not-found');
  });

  it('refuses a second analysis while one is processing', () => {
    given(registered, requested('a1')).when(request('a2')).thenFails('conflict');
  });

  it('lets a lost analysis be asked for again once it is stale', () => {
    const later = new Date(at.getTime() + STALE_ANALYSIS_MS + 1);
    given(registered, requested('a1'))
      .when(request('a2', later))
      .then([requested('a2', later)]);
  });

  it('analyses again a document that has results', () => {
    given(registered, requested('a1'), completed('a1'))
      .when(request('a2'))
      .then([requested('a2')]);
  });

  it('completes the analysis in progress, once', () => {
    given(registered, requested('a1'))
      .when(complete('a1'))
      .then([completed('a1')]);
    given(registered, requested('a1'), completed('a1')).when(complete('a1')).then([]);
  });

  it('ignores an answer for an analysis that is not the one in progress', () => {
    given(registered, requested('a1'), requested('a2')).when(complete('a1')).then([]);
    given(registered, requested('a1'), requested('a2')).when(fail('a1')).then([]);
  });

  it('records a failure with its reason', () => {
    given(registered, requested('a1'))
      .when(fail('a1'))
      .then([
        {
          type: 'DocumentAnalysisFailed',
          data: { documentId: 'd1', userId: 'u1', analysisId: 'a1', analysisType: 'nexus-letter', reason: 'No text.' },
        },
      ]);
  });

  it('drops the answer for a document deleted meanwhile', () => {
    given(registered, requested('a1'), { type: 'DocumentDeleted', data: { documentId: 'd1', userId: 'u1' } })
      .when(complete('a1'))
      .then([]);
  });
});
