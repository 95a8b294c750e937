import { eventSchemas, ANALYSIS_MESSAGES, DOCUMENT_EVENT_TYPES, pickEventTypes, streams, type WorkerCommand } from '@cc/contracts';
import {
  retryTransientFaults,
  startWorker,
  type Bus,
  type CommandBus,
  type EventStore,
  type Logger,
  type ObjectStorage,
  type SendOptions,
  type WorkerSubscription,
} from '@cc/platform';
import type { AnalysisEngine } from '../engines/types';
import type { AnalysisRequest } from './analyseDocument';
import { analyseUntilDeadline } from './analyseUntilDeadline';
import { analysisAwaitsAnswer } from './analysisProgress';
import type { AnalysisClaims } from './analysisClaims';

export interface DocumentAnalysisWorkerDeps {
  store: EventStore;
  /** Where the requests arrive from: the store itself (default) or Kafka (KAFKA_BROKERS); the same code runs on either. */
  bus?: Bus;
  storage: ObjectStorage;
  commands: CommandBus;
  engine: AnalysisEngine;
  logger: Logger;
  pollIntervalMs?: number;
  /** Tries of one analysis on unexpected errors (neither transient nor the document's) before it is reported failed. */
  attempts?: number;
  /** Backoff while the storage or the engine is unavailable: first wait (default 500 ms) and longest (15 s). */
  retryBaseMs?: number;
  retryCapMs?: number;
  /** Analyses run at once (ANALYSIS_CONCURRENCY, default 4). */
  concurrency?: number;
  /**
   * Set when several worker processes share the work (one process per service): each analysis is
   * claimed before its engine runs, its claim kept alive by a heartbeat every third of the claim's
   * time to live, and claims whose holder went quiet are taken over.
   */
  claims?: AnalysisClaims;
}

export const DOCUMENT_ANALYSIS_WORKER = 'document-analysis';

/**
 * Answers each DocumentAnalysisRequested with CompleteDocumentAnalysis or FailDocumentAnalysis.
 * Runs outside any database transaction (startWorker), up to `concurrency` analyses at once; the
 * checkpoint moves only past requests that are answered, so a worker killed mid-analysis analyses
 * again on restart, and the answer's idempotency key makes a repeated delivery one result. A
 * request that was already answered (a redelivery) does not run the engine again: the same answer
 * key is sent as a failure, which changes nothing on the document and only settles the quota if
 * an earlier run died before doing so. Logs say what was analysed and how it ended, never what the
 * document says.
 */
export function startDocumentAnalysisWorker(deps: DocumentAnalysisWorkerDeps): WorkerSubscription {
  const attempts = deps.attempts ?? 3;
  const { claims } = deps;
  /** Analyses this process holds claims on, kept alive by the heartbeat. */
  const held = new Set<string>();

  const answer = async (request: AnalysisRequest, options: SendOptions, signal: AbortSignal, claimed: boolean) => {
    const { documentId, analysisId } = request;
    const log = deps.logger.child({
      documentId,
      analysisId,
      analysisType: request.analysisType,
      engine: `${deps.engine.name}/${deps.engine.model}`,
      correlationId: options.metadata.correlationId,
    });
    const started = Date.now();

    const { events } = await deps.store.readStream(streams.document(documentId));
    if (!analysisAwaitsAnswer(events, analysisId)) {
      await deps.commands.send(
        { type: 'FailDocumentAnalysis', data: { documentId, analysisId, reason: ANALYSIS_MESSAGES.unexpected } },
        options,
      );
      if (claimed) await claims?.answered(analysisId);
      log.info({ outcome: 'already-answered', ms: Date.now() - started }, 'document analysis finished');
      return;
    }
    if (claims && !claimed) {
      const mine = await claims.claim({ analysisId, eventId: options.idempotencyKey, request, metadata: options.metadata });
      if (!mine) {
        // Another worker runs it; if that one dies, a sweeper takes its claim over.
        log.info({ outcome: 'claimed-elsewhere' }, 'document analysis left to another worker');
        return;
      }
    }
    held.add(analysisId);
    try {
      const outcome = await analyseUntilDeadline(request, deps, {
        signal,
        log,
        attempts,
        retryBaseMs: deps.retryBaseMs,
        retryCapMs: deps.retryCapMs,
      });
      const command: WorkerCommand =
        outcome.kind === 'completed'
          ? { type: 'CompleteDocumentAnalysis', data: { documentId, analysisId, result: outcome.result } }
          : { type: 'FailDocumentAnalysis', data: { documentId, analysisId, reason: outcome.reason } };
      // The outcome is known: a command service away for a while is waited out (until it is back or
      // the worker stops) rather than the delivery failing and the engine running again.
      await retryTransientFaults(() => deps.commands.send(command, options), {
        deadline: Number.POSITIVE_INFINITY,
        signal,
        onFault: (error, attempt, waitMs) =>
          log.warn({ err: error, attempt, waitMs }, 'document analysis: could not record the outcome yet; trying again'),
      });
      await claims?.answered(analysisId);
      log.info(
        { outcome: outcome.kind, reason: outcome.kind === 'failed' ? outcome.reason : undefined, ms: Date.now() - started },
        'document analysis finished',
      );
    } finally {
      held.delete(analysisId);
    }
  };

  const subscription = startWorker(deps.bus ?? deps.store, {
    name: DOCUMENT_ANALYSIS_WORKER,
    filter: { types: pickEventTypes(DOCUMENT_EVENT_TYPES, ['DocumentAnalysisRequested']) },
    concurrency: deps.concurrency ?? 4,
    pollIntervalMs: deps.pollIntervalMs,
    onError: (error, context) => deps.logger.error({ err: error, ...context }, 'document analysis worker: delivery failed'),
    onStateChange: ({ state, error, downForMs }) =>
      state === 'degraded'
        ? deps.logger.warn({ err: error }, 'document analysis worker waits for the database to come back')
        : deps.logger.info({ downForMs }, 'document analysis worker is back'),
    async handle(event, context) {
      const request = eventSchemas.DocumentAnalysisRequested.schema.parse(event.data);
      await answer(request, { metadata: context.metadata, idempotencyKey: context.eventId() }, context.signal, false);
    },
  });
  if (!claims) return subscription;

  const stopping = new AbortController();
  const tick = Math.max(50, Math.floor(claims.ttlMs / 3));
  const limit = Math.max(1, deps.concurrency ?? 4);
  /** Analyses taken over from a worker that went quiet; they run beside the subscription's. */
  const takenOver = new Set<Promise<void>>();

  // The heartbeat has a timer of its own and waits for nothing but its update, so however long an
  // analysis takes, every claim this worker holds stays alive.
  const heartbeats = repeatEvery(
    tick,
    () => claims.heartbeat([...held]),
    (error) => deps.logger.warn({ err: error }, 'document analysis claims: heartbeat failed; trying again'),
  );
  // A takeover starts the analysis and returns; at most `concurrency` taken-over analyses run at once.
  const sweeps = repeatEvery(
    tick,
    async () => {
      if (takenOver.size >= limit) return;
      for (const entry of await claims.takeOverExpired(limit - takenOver.size)) {
        // Its own claim, expired while this process was stalled and still running it: renewed, not run twice.
        if (held.has(entry.analysisId)) continue;
        const request = eventSchemas.DocumentAnalysisRequested.schema.parse(entry.request);
        deps.logger.info({ analysisId: entry.analysisId }, 'document analysis taken over from a worker that stopped');
        const task: Promise<void> = answer(
          request,
          { metadata: entry.metadata as SendOptions['metadata'], idempotencyKey: entry.eventId },
          stopping.signal,
          true,
        )
          .catch((error: unknown) => {
            // Left unanswered, the claim expires and is taken over again.
            if (!stopping.signal.aborted)
              deps.logger.warn(
                { err: error, analysisId: entry.analysisId },
                'document analysis taken over: failed; it is taken over again once its claim expires',
              );
          })
          .finally(() => takenOver.delete(task));
        takenOver.add(task);
      }
    },
    (error) => deps.logger.warn({ err: error }, 'document analysis claims: takeover failed; trying again'),
  );
  return {
    ...subscription,
    async stop() {
      await sweeps.stop();
      stopping.abort();
      await Promise.allSettled([...takenOver]);
      await subscription.stop();
      await heartbeats.stop();
    },
  };
}

/** Runs `work` every `ms`, never two at once; a failure is reported and the next tick tries again. */
function repeatEvery(ms: number, work: () => Promise<void>, onError: (error: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= work()
      .catch(onError)
      .finally(() => (running = undefined));
  }, ms);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
