import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ANALYSIS_MESSAGES, analysisMonth, streams, type AnalysisResult, type AnalysisType } from '@cc/contracts';
import {
  DuplicateEventError,
  fold,
  handleCommand,
  PersonalDataErasedError,
  type EventMetadata,
  type EventStore,
  type GlobalPosition,
  type PersonalDataVault,
  type SendOptions,
} from '@cc/platform';
import { USER_STREAM_MAX_ATTEMPTS, userDecider } from '../users/decider';
import { documentDecider, type DocumentCommand, type DocumentState } from './decider';

type Metadata = Partial<EventMetadata>;

export interface AnalysisCommandsDeps {
  store: EventStore;
  vault: PersonalDataVault;
  now?: () => Date;
}

export type AnalysisOutcome =
  | { kind: 'completed'; position: GlobalPosition }
  | { kind: 'failed'; reason: string; position: GlobalPosition }
  | { kind: 'deleted'; position: GlobalPosition };

/**
 * The write side of document analysis: asking for one (quota on the user's stream, then the
 * document's own stream), and the worker's answers, which arrive through the command bus.
 */
export function analysisCommands({ store, vault, now = () => new Date() }: AnalysisCommandsDeps) {
  const onDocument = (documentId: string, command: DocumentCommand, metadata: Metadata, idempotencyKey?: string) =>
    handleCommand({ store, streamId: streams.document(documentId), decider: documentDecider, command, metadata, idempotencyKey });

  /**
   * Gives an analysis's quota back, once. The user's stream only counts analyses per month, so the
   * caller shows that this one was counted (it has just started it, or the document's stream has
   * its request), and the refund's event id is derived from the analysis: the store refuses a second.
   */
  const refund = async (userId: string, documentId: string, analysisId: string, month: string, metadata: Metadata) => {
    try {
      await handleCommand({
        store,
        streamId: streams.user(userId),
        decider: userDecider,
        command: { type: 'RefundDocumentAnalysis', data: { userId, documentId, analysisId, month } },
        metadata,
        maxAttempts: USER_STREAM_MAX_ATTEMPTS,
        idempotencyKey: `user-analysis-refund:${analysisId}`,
      });
    } catch (error) {
      if (!(error instanceof DuplicateEventError)) throw error;
    }
  };

  /**
   * An analysis that did not end with its result on the document (it failed, the document was
   * deleted meanwhile, or a newer request replaced it) gives its quota back, in the month it was
   * requested in.
   */
  const settleQuota = async (documentId: string, state: DocumentState, analysisId: string, options: SendOptions) => {
    if (!state.ownerId || state.completedAnalysisId === analysisId || state.processing?.analysisId === analysisId) return;
    const { events } = await store.readStream(streams.document(documentId));
    const requested = events.find(
      (e) => e.type === 'DocumentAnalysisRequested' && (e.data as { analysisId: string }).analysisId === analysisId,
    );
    if (!requested) return;
    const month = analysisMonth(new Date((requested.data as { requestedAt: string }).requestedAt));
    await refund(state.ownerId, documentId, analysisId, month, options.metadata);
  };

  return {
    /**
     * Counts the analysis against the plan's monthly quota, then marks the document processing.
     * Checked on the document first, so a refused request uses no quota; a request that loses a
     * race on the document gives its quota back.
     */
    async request(userId: string, documentId: string, analysisType: AnalysisType, metadata: Metadata) {
      const at = now();
      const month = analysisMonth(at);
      const analysisId = randomUUID();
      const requestAnalysis = {
        type: 'RequestDocumentAnalysis',
        data: { actorId: userId, documentId, analysisId, analysisType, now: at },
      } as const;
      const document = fold(documentDecider, (await store.readStream(streams.document(documentId))).events);
      // Asked first without recording: a missing, deleted or someone else's document, or one already processing, costs no quota.
      documentDecider.decide(requestAnalysis, document);

      // A plan without analysis is refused here with the spec's "Upgrade Required" (users/decider.ts).
      await handleCommand({
        store,
        streamId: streams.user(userId),
        decider: userDecider,
        command: { type: 'StartDocumentAnalysis', data: { userId, documentId, analysisId, month } },
        metadata,
        maxAttempts: USER_STREAM_MAX_ATTEMPTS,
      });
      try {
        const result = await onDocument(documentId, requestAnalysis, metadata);
        return { analysisId, position: result.position! };
      } catch (error) {
        await refund(userId, documentId, analysisId, month, metadata);
        throw error;
      }
    },

    /** The worker's result, sealed with the owner's key: it holds conditions and sentences from medical records. */
    async complete(documentId: string, analysisId: string, result: AnalysisResult, options: SendOptions) {
      const document = fold(documentDecider, (await store.readStream(streams.document(documentId))).events);
      if (!document.ownerId) return;
      let sealed;
      try {
        sealed = await vault.seal(document.ownerId, result);
      } catch (error) {
        // The owner deleted the account while the analysis ran: there is no one to keep it for.
        if (error instanceof PersonalDataErasedError) return;
        throw error;
      }
      const command = {
        type: 'CompleteDocumentAnalysis',
        data: { documentId, analysisId, engine: result.engine, result: sealed },
      } as const;
      await settleQuota(
        documentId,
        (await onDocument(documentId, command, options.metadata, options.idempotencyKey)).state,
        analysisId,
        options,
      );
    },

    async fail(documentId: string, analysisId: string, reason: string, options: SendOptions) {
      const command = { type: 'FailDocumentAnalysis', data: { documentId, analysisId, reason } } as const;
      await settleQuota(
        documentId,
        (await onDocument(documentId, command, options.metadata, options.idempotencyKey)).state,
        analysisId,
        options,
      );
    },

    /** Follows the document's stream until this analysis has an outcome, or the time is up. */
    async waitForOutcome(documentId: string, analysisId: string, timeoutMs: number): Promise<AnalysisOutcome | undefined> {
      const deadline = Date.now() + timeoutMs;
      for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
        const { events } = await store.readStream(streams.document(documentId));
        for (const event of events) {
          const data = event.data as { analysisId?: string; reason?: string };
          if (event.type === 'DocumentDeleted') return { kind: 'deleted', position: event.position };
          if (data.analysisId !== analysisId) continue;
          if (event.type === 'DocumentAnalysisCompleted') return { kind: 'completed', position: event.position };
          if (event.type === 'DocumentAnalysisFailed')
            return { kind: 'failed', reason: data.reason ?? ANALYSIS_MESSAGES.unexpected, position: event.position };
        }
        const left = deadline - Date.now();
        if (left <= 0) return undefined;
        await sleep(Math.min(delay, left));
      }
    },
  };
}

export type AnalysisCommands = ReturnType<typeof analysisCommands>;
