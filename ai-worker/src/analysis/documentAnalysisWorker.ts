import { eventSchemas, ANALYSIS_MESSAGES } from '@cc/contracts';
import { startWorker, type CommandBus, type EventStore, type Logger, type ObjectStorage, type Subscription } from '@cc/platform';
import type { AnalysisEngine } from '../engines/types';
import { analyseDocument, type AnalysisOutcome } from './analyseDocument';

export interface DocumentAnalysisWorkerDeps {
  store: EventStore;
  storage: ObjectStorage;
  commands: CommandBus;
  engine: AnalysisEngine;
  logger: Logger;
  pollIntervalMs?: number;
  /** Tries of one analysis on unexpected errors before it is reported failed. */
  attempts?: number;
}

export const DOCUMENT_ANALYSIS_WORKER = 'document-analysis';

/**
 * Answers each DocumentAnalysisRequested with CompleteDocumentAnalysis or FailDocumentAnalysis.
 * Its checkpoint moves only after the answer was submitted, so a worker killed mid-analysis
 * analyses again on restart; the answer's idempotency key makes a repeated delivery one result.
 * Logs say what was analysed and how it ended, never what the document says.
 */
export function startDocumentAnalysisWorker(deps: DocumentAnalysisWorkerDeps): Subscription {
  const attempts = deps.attempts ?? 3;
  return startWorker(deps.store, {
    name: DOCUMENT_ANALYSIS_WORKER,
    filter: { types: ['DocumentAnalysisRequested'] },
    pollIntervalMs: deps.pollIntervalMs,
    onError: (error, context) => deps.logger.error({ err: error, ...context }, 'document analysis worker: delivery failed'),
    async handle(event, context) {
      const request = eventSchemas.DocumentAnalysisRequested.schema.parse(event.data);
      const log = deps.logger.child({
        documentId: request.documentId,
        analysisId: request.analysisId,
        analysisType: request.analysisType,
        engine: `${deps.engine.name}/${deps.engine.model}`,
        correlationId: event.metadata.correlationId,
      });
      const started = Date.now();
      let outcome: AnalysisOutcome | undefined;
      for (let attempt = 1; !outcome; attempt++) {
        try {
          outcome = await analyseDocument(request, deps);
        } catch (error) {
          log.warn({ err: error, attempt }, 'document analysis: unexpected error');
          if (attempt >= attempts) outcome = { kind: 'failed', reason: ANALYSIS_MESSAGES.unexpected };
          else await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
        }
      }
      const { documentId, analysisId } = request;
      const options = { metadata: context.metadata, idempotencyKey: context.eventId() };
      if (outcome.kind === 'completed') {
        await deps.commands.send({ type: 'CompleteDocumentAnalysis', data: { documentId, analysisId, result: outcome.result } }, options);
      } else {
        await deps.commands.send({ type: 'FailDocumentAnalysis', data: { documentId, analysisId, reason: outcome.reason } }, options);
      }
      log.info({ outcome: outcome.kind, reason: outcome.kind === 'failed' ? outcome.reason : undefined, ms: Date.now() - started }, 'document analysis finished');
    },
  });
}
