/// <reference types="jest" />
import { analyzeOutcome, followStep, MAX_FOLLOW_MS, MAX_STALE_READS, startFollowing, type FollowedAnalysis } from './analysisFlow';
import type { Document, ProcessingStatus } from './types';

type Snapshot = Pick<Document, 'processingStatus' | 'analyzedAt' | 'analysisError'>;
const snap = (processingStatus: ProcessingStatus, analyzedAt: string | null = null, analysisError: string | null = null): Snapshot => ({
  processingStatus,
  analyzedAt,
  analysisError,
});
const doc = (status: ProcessingStatus, extra: Partial<Document> = {}) =>
  ({ id: 'd1', fileName: 'letter.pdf', ...snap(status), ...extra }) as Document;

describe('analyze answer', () => {
  const result = { analysisType: 'general' } as Document['aiAnalysisResults'];

  it('reads a 200 as finished, with its result', () => {
    const document = doc('completed', { aiAnalysisResults: null });
    expect(analyzeOutcome(200, { analysisResult: result, document })).toEqual({ kind: 'completed', document, analysisResult: result });
  });

  it('falls back to the result stored on the document', () => {
    const document = doc('completed', { aiAnalysisResults: result });
    expect(analyzeOutcome(200, { document })).toEqual({ kind: 'completed', document, analysisResult: result });
  });

  it('reads a 202, or a 200 still processing without a result, as processing', () => {
    const document = doc('processing');
    expect(analyzeOutcome(202, { document })).toEqual({ kind: 'processing', document });
    expect(analyzeOutcome(200, { document })).toEqual({ kind: 'processing', document });
  });
});

describe('following an analysis', () => {
  const t0 = 1_000_000;
  const fresh = (before: Partial<Document> = {}): FollowedAnalysis => startFollowing(doc('pending', before), t0);

  it('keeps the document as it was before', () => {
    expect(fresh({ analyzedAt: '2025-01-01T00:00:00Z' })).toEqual({
      documentId: 'd1',
      fileName: 'letter.pdf',
      startedAt: t0,
      before: { processingStatus: 'pending', analyzedAt: '2025-01-01T00:00:00Z', analysisError: null },
      sawProcessing: false,
      staleReads: 0,
    });
  });

  it('waits while processing, then completes', () => {
    const first = followStep(fresh(), snap('processing'), t0 + 3000);
    expect(first).toEqual({ kind: 'waiting', next: { ...fresh(), sawProcessing: true } });
    const next = first.kind === 'waiting' ? first.next : fresh();
    expect(followStep(next, snap('processing'), t0 + 6000)).toEqual({ kind: 'waiting', next });
    expect(followStep(next, snap('completed', '2025-06-01T00:00:00Z'), t0 + 9000)).toEqual({ kind: 'completed' });
  });

  it('fails with the reason', () => {
    const seen = { ...fresh(), sawProcessing: true };
    expect(followStep(seen, snap('failed', null, 'No text could be found in this document.'), t0 + 3000)).toEqual({
      kind: 'failed',
      reason: 'No text could be found in this document.',
    });
    // Straight from pending to failed (never read while processing) still counts.
    expect(followStep(fresh(), snap('failed', null, 'Too large'), t0 + 3000)).toEqual({ kind: 'failed', reason: 'Too large' });
  });

  it('does not take an earlier completed analysis for the new one', () => {
    const earlier = startFollowing(doc('completed', { analyzedAt: '2025-01-01T00:00:00Z' }), t0);
    expect(followStep(earlier, snap('completed', '2025-01-01T00:00:00Z'), t0 + 3000)).toEqual({
      kind: 'waiting',
      next: { ...earlier, staleReads: 1 },
    });
    expect(followStep(earlier, snap('completed', '2025-06-01T00:00:00Z'), t0 + 3000)).toEqual({ kind: 'completed' });
  });

  it('does not take an earlier failure for the new one', () => {
    const earlier = startFollowing(doc('failed', { analysisError: 'Old reason' }), t0);
    expect(followStep(earlier, snap('failed', null, 'Old reason'), t0 + 3000)).toMatchObject({ kind: 'waiting' });
    expect(followStep({ ...earlier, sawProcessing: true }, snap('failed', null, 'Old reason'), t0 + 3000)).toEqual({
      kind: 'failed',
      reason: 'Old reason',
    });
  });

  it('reads pending after processing as done when there is a new result, else as failed', () => {
    const seen = { ...fresh(), sawProcessing: true };
    expect(followStep(seen, snap('pending', '2025-06-01T00:00:00Z'), t0 + 3000)).toEqual({ kind: 'completed' });
    expect(followStep(seen, snap('pending', null, null), t0 + 3000)).toEqual({ kind: 'failed', reason: null });
  });

  it('gives up on a read side that never moves, a deleted document, or after too long', () => {
    let entry = fresh();
    for (let i = 1; i < MAX_STALE_READS; i++) {
      const step = followStep(entry, snap('pending'), t0 + i * 3000);
      expect(step.kind).toBe('waiting');
      if (step.kind === 'waiting') entry = step.next;
    }
    expect(followStep(entry, snap('pending'), t0 + 60_000)).toEqual({ kind: 'stop' });
    expect(followStep(fresh(), null, t0 + 3000)).toEqual({ kind: 'stop' });
    expect(followStep({ ...fresh(), sawProcessing: true }, snap('processing'), t0 + MAX_FOLLOW_MS + 1)).toEqual({ kind: 'stop' });
  });
});
