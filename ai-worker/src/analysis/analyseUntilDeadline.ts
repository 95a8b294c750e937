import { setTimeout as sleep } from 'node:timers/promises';
import { ANALYSIS_MESSAGES, STALE_ANALYSIS_MS } from '@cc/contracts';
import { isTransientFault, retryTransientFaults, type Logger, type ObjectStorage } from '@cc/platform';
import type { AnalysisEngine } from '../engines/types';
import { analyseDocument, type AnalysisOutcome, type AnalysisRequest } from './analyseDocument';

/** The worker stopped: the request is delivered again on the next start. */
export class Stopped extends Error {}

/** Rejects as soon as the worker stops, so a stop does not wait for an engine that takes a minute. */
export function unlessStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Stopped());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Stopped());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * An analysis' own deadline: once it has been processing this long the veteran may ask for it
 * again (the document decider's STALE_ANALYSIS_MS), so waiting past it helps nobody.
 */
export const analysisDeadline = (request: AnalysisRequest) => Date.parse(request.requestedAt) + STALE_ANALYSIS_MS;

export interface AnalysisRetryOptions {
  signal: AbortSignal;
  log: Logger;
  /** Tries on an error that is neither transient nor the document's before the analysis is reported failed. */
  attempts: number;
  /** Backoff between tries through a transient fault (first wait, and the longest). */
  retryBaseMs?: number;
  retryCapMs?: number;
}

/**
 * One analysis, with its faults told apart. A failure of the document (or the engine's verdict on
 * it) is the outcome. A transient fault — the storage unreachable, the engine unavailable, rate
 * limited or timing out — is waited out with capped backoff for as long as the analysis' deadline
 * allows; only when it outlasts that is the analysis reported failed ("try again later"). Any other
 * error is tried `attempts` times, then reported failed the same way. Rejects with Stopped when the
 * worker stops.
 */
export async function analyseUntilDeadline(
  request: AnalysisRequest,
  deps: { storage: ObjectStorage; engine: AnalysisEngine },
  options: AnalysisRetryOptions,
): Promise<AnalysisOutcome> {
  const { signal, log } = options;
  const unexpected: AnalysisOutcome = { kind: 'failed', reason: ANALYSIS_MESSAGES.unexpected };
  for (let attempt = 1; ; attempt++) {
    try {
      const analysed = retryTransientFaults(() => analyseDocument(request, deps), {
        deadline: analysisDeadline(request),
        signal,
        baseMs: options.retryBaseMs,
        capMs: options.retryCapMs,
        onFault: (error, tries, waitMs) =>
          log.warn({ err: error, attempt: tries, waitMs }, 'document analysis: storage or engine unavailable; waiting it out'),
      });
      return await unlessStopped(analysed, signal);
    } catch (error) {
      if (error instanceof Stopped) throw error;
      if (isTransientFault(error)) {
        log.warn({ err: error }, 'document analysis: storage or engine still unavailable at the analysis deadline');
        return unexpected;
      }
      log.warn({ err: error, attempt }, 'document analysis: unexpected error');
      if (attempt >= options.attempts) return unexpected;
      await unlessStopped(sleep(250 * 2 ** attempt), signal);
    }
  }
}
