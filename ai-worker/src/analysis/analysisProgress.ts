import type { RecordedEvent } from '@cc/platform';

/**
 * Whether an analysis still waits for its answer, read from the document's own stream: asked for,
 * and since then not answered, not replaced by a newer request, and the document not deleted.
 * The worker asks this before running the engine, so a repeated delivery of a request that was
 * answered does not run the engine again.
 */
export function analysisAwaitsAnswer(documentEvents: readonly RecordedEvent[], analysisId: string): boolean {
  let awaiting = false;
  for (const event of documentEvents) {
    const data = event.data as { analysisId?: string };
    switch (event.type) {
      case 'DocumentAnalysisRequested':
        awaiting = data.analysisId === analysisId;
        break;
      case 'DocumentAnalysisCompleted':
      case 'DocumentAnalysisFailed':
        if (data.analysisId === analysisId) awaiting = false;
        break;
      case 'DocumentDeleted':
        awaiting = false;
        break;
    }
  }
  return awaiting;
}
