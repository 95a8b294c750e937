import type { AnalysisResult } from '@cc/contracts';
import type { Document } from './types';

/**
 * The steps of running an analysis (POST /api/documents/{id}/analyze): reading the answer, and
 * following a document whose analysis is still processing until it finishes (each read comes from
 * the change stream's notice that the user's documents changed). Pure, unit tested in
 * analysisFlow.test.ts.
 */

/** Reads that still show the document as it was before the analysis (a lagging read side) before giving up. */
export const MAX_STALE_READS = 10;

/** Stop following an analysis after this long; the card keeps showing its status. */
export const MAX_FOLLOW_MS = 15 * 60 * 1000;

export type AnalyzeOutcome =
  { kind: 'completed'; document: Document; analysisResult: AnalysisResult | null } | { kind: 'processing'; document: Document };

/**
 * 200 `{ analysisResult, document }`: finished. 202 `{ document }`: still processing (also a 200
 * whose document still says processing and carries no result, in case the server answers so).
 */
export function analyzeOutcome(status: number, body: unknown): AnalyzeOutcome {
  const dict = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const document = dict.document as Document;
  const analysisResult = (dict.analysisResult as AnalysisResult | undefined) ?? document?.aiAnalysisResults ?? null;
  if (status === 202 || (document?.processingStatus === 'processing' && !dict.analysisResult)) return { kind: 'processing', document };
  return { kind: 'completed', document, analysisResult };
}

type Snapshot = Pick<Document, 'processingStatus' | 'analyzedAt' | 'analysisError'>;

/** An analysis the screen follows until it finishes. */
export interface FollowedAnalysis {
  documentId: string;
  fileName: string;
  /** Date.now() when it was started. */
  startedAt: number;
  /** The document as it was before the analysis was asked for. */
  before: Snapshot;
  /** A read has shown the document processing. */
  sawProcessing: boolean;
  /** Reads since the start that still showed the document as before. */
  staleReads: number;
}

export function startFollowing(before: Pick<Document, 'id' | 'fileName'> & Snapshot, now: number): FollowedAnalysis {
  return {
    documentId: before.id,
    fileName: before.fileName,
    startedAt: now,
    before: {
      processingStatus: before.processingStatus,
      analyzedAt: before.analyzedAt ?? null,
      analysisError: before.analysisError ?? null,
    },
    sawProcessing: false,
    staleReads: 0,
  };
}

export type FollowStep =
  | { kind: 'waiting'; next: FollowedAnalysis }
  | { kind: 'completed' }
  | { kind: 'failed'; reason: string | null }
  /** Deleted, or no answer for too long: stop following without a toast. */
  | { kind: 'stop' };

/**
 * What a fresh read of the followed document means. A read side that has not caught up yet can
 * still show the document as it was before (say "completed" from an earlier analysis), so an
 * outcome counts only once the document was seen processing or visibly changed.
 */
export function followStep(entry: FollowedAnalysis, document: Snapshot | null, now: number): FollowStep {
  if (document === null) return { kind: 'stop' };
  if (now - entry.startedAt > MAX_FOLLOW_MS) return { kind: 'stop' };
  const status = document.processingStatus;
  if (status === 'processing') return { kind: 'waiting', next: entry.sawProcessing ? entry : { ...entry, sawProcessing: true } };
  const newResult = (document.analyzedAt ?? null) !== entry.before.analyzedAt && document.analyzedAt !== null;
  if (status === 'completed' && (entry.sawProcessing || newResult)) return { kind: 'completed' };
  if (
    status === 'failed' &&
    (entry.sawProcessing || entry.before.processingStatus !== 'failed' || document.analysisError !== entry.before.analysisError)
  ) {
    return { kind: 'failed', reason: document.analysisError };
  }
  if (status === 'pending' && entry.sawProcessing) {
    return newResult ? { kind: 'completed' } : { kind: 'failed', reason: document.analysisError };
  }
  if (status === 'pending' && newResult) return { kind: 'completed' };
  const staleReads = entry.staleReads + 1;
  return staleReads >= MAX_STALE_READS ? { kind: 'stop' } : { kind: 'waiting', next: { ...entry, staleReads } };
}
