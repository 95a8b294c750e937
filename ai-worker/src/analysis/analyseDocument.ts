import { ANALYSIS_MESSAGES, analysisResultSchema, type AnalysisResult, type EventDataOf } from '@cc/contracts';
import { ObjectNotFoundError, type ObjectStorage } from '@cc/platform';
import { AnalysisFailedError } from '../engines/openai/openAiEngine';
import type { AnalysisEngine } from '../engines/types';
import { extractDocumentText, ExtractionError, EXTRACTION_REASONS, MAX_ANALYSIS_BYTES } from '../extraction/extractText';

export type AnalysisRequest = EventDataOf<'DocumentAnalysisRequested'>;

export type AnalysisOutcome = { kind: 'completed'; result: AnalysisResult } | { kind: 'failed'; reason: string };

const ANALYSABLE = (type: string) => type === 'application/pdf' || type.startsWith('text/plain');

export const MISSING_FILE_REASON = 'The file of this document is no longer available. Please upload it again.';

/** The stored file, at most `limit` bytes (a longer one is reported as too large without reading it all). */
async function readBounded(storage: ObjectStorage, key: string, limit: number): Promise<Buffer | undefined> {
  const stream = await storage.read(key);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      stream.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads the stored file's real text and runs the engine on it. Everything that is the document's
 * fault, or the engine's answer about it (refused, too long, an unusable answer), becomes a failed
 * outcome with a reason a veteran can act on. Anything else is thrown: the storage or the engine
 * unavailable for a while (a transient fault, which the worker waits out) or an unexpected error.
 */
export async function analyseDocument(
  request: AnalysisRequest,
  deps: { storage: ObjectStorage; engine: AnalysisEngine },
): Promise<AnalysisOutcome> {
  const failed = (reason: string): AnalysisOutcome => ({ kind: 'failed', reason });
  // Decided from what was recorded at upload, before reading anything.
  if (!ANALYSABLE(request.detectedType)) return failed(EXTRACTION_REASONS.wrongType);
  if (request.fileSize > MAX_ANALYSIS_BYTES) return failed(EXTRACTION_REASONS.tooLarge);
  try {
    const bytes = await readBounded(deps.storage, request.objectPath, MAX_ANALYSIS_BYTES);
    if (!bytes) return failed(EXTRACTION_REASONS.tooLarge);
    const text = await extractDocumentText(bytes, request.detectedType);
    const result = analysisResultSchema.safeParse(await deps.engine.analyze({ text, analysisType: request.analysisType }));
    if (!result.success || result.data.analysisType !== request.analysisType) return failed(ANALYSIS_MESSAGES.unexpected);
    return { kind: 'completed', result: result.data };
  } catch (error) {
    if (error instanceof ExtractionError) return failed(error.reason);
    if (error instanceof AnalysisFailedError && !error.retryable) return failed(error.message);
    if (error instanceof ObjectNotFoundError) return failed(MISSING_FILE_REASON);
    throw error;
  }
}
