import { randomUUID } from 'node:crypto';
import {
  analysisMonth,
  chatTitleFromQuestion,
  memberTier,
  NEW_CHAT_TITLE,
  streams,
  type ChatEngineInfo,
  type ChatOrigin,
  type Citation,
  type EventDataOf,
} from '@cc/contracts';
import {
  DuplicateEventError,
  fold,
  handleCommand,
  idempotentEventId,
  loadState,
  type EventMetadata,
  type EventStore,
  type GlobalPosition,
  type PersonalDataVault,
} from '@cc/platform';
import { USER_STREAM_MAX_ATTEMPTS, userDecider } from '../users/decider';
import { chatDecider, type ChatCommand } from './decider';

type Metadata = Partial<EventMetadata>;

export interface ChatCommandsDeps {
  store: EventStore;
  vault: PersonalDataVault;
  now?: () => Date;
}

/** A question that was counted and recorded; what its answer or failure needs to name. */
export interface AskedQuestion {
  questionId: string;
  answerId: string;
  /** The session it was asked in; null for the wizard's stateless `POST /api/copilot/chat`. */
  sessionId: string | null;
  /** The month it counted in, for a refund. */
  month: string;
  position: GlobalPosition | undefined;
}

export type FailureReason = EventDataOf<'ChatAnswerFailed'>['reason'];

/**
 * The dashboard widget talks in a session of its own, whose id is derived from the user: the n-th
 * widget session of a user is `idempotentEventId('chat-widget', userId, n)`, so two first messages
 * sent at once start one session, and after the user deletes it the next message starts the next.
 */
export const widgetSessionId = (userId: string, generation: number) => idempotentEventId('chat-widget', userId, String(generation));

/**
 * The write side of the AI Copilot chat: sessions (start, rename, delete), and the life of a
 * question — counted on the user's stream against the monthly quota, recorded on the session,
 * then answered or failed (a failure gives the question back, once). Texts are sealed with the
 * owner's key before they become events.
 */
export function chatCommands({ store, vault, now = () => new Date() }: ChatCommandsDeps) {
  const onSession = (sessionId: string, command: ChatCommand, metadata: Metadata) =>
    handleCommand({ store, streamId: streams.chatSession(sessionId), decider: chatDecider, command, metadata });

  const sealTitle = (userId: string, title: string) => vault.seal(userId, { title });

  const readSession = async (sessionId: string) => fold(chatDecider, (await store.readStream(streams.chatSession(sessionId))).events);

  /** Gives a counted question back; the event id comes from the question, so the store takes one. Returns its position (none when it was given back before). */
  const refund = async (userId: string, questionId: string, month: string, metadata: Metadata): Promise<GlobalPosition | undefined> => {
    try {
      const result = await handleCommand({
        store,
        streamId: streams.user(userId),
        decider: userDecider,
        command: { type: 'RefundChatQuestion', data: { userId, questionId, month } },
        metadata,
        maxAttempts: USER_STREAM_MAX_ATTEMPTS,
        idempotencyKey: `user-chat-refund:${questionId}`,
      });
      return result.position;
    } catch (error) {
      if (!(error instanceof DuplicateEventError)) throw error;
      return undefined;
    }
  };

  const start = async (userId: string, sessionId: string, origin: ChatOrigin, metadata: Metadata) =>
    onSession(
      sessionId,
      {
        type: 'StartChatSession',
        data: { actorId: userId, sessionId, title: await sealTitle(userId, NEW_CHAT_TITLE), origin, startedAt: now().toISOString() },
      },
      metadata,
    );

  return {
    async startSession(userId: string, metadata: Metadata): Promise<{ sessionId: string; position: GlobalPosition }> {
      const sessionId = randomUUID();
      const result = await start(userId, sessionId, 'chat', metadata);
      return { sessionId, position: result.position! };
    },

    /** The widget's current session, started when there is none (see {@link widgetSessionId}). */
    async widgetSession(userId: string, metadata: Metadata): Promise<string> {
      for (let generation = 0; ; generation++) {
        const sessionId = widgetSessionId(userId, generation);
        const state = await readSession(sessionId);
        if (state.started && state.deleted) continue;
        if (state.started) return sessionId;
        try {
          await start(userId, sessionId, 'widget', metadata);
        } catch (error) {
          // Another request started it a moment ago: use it.
          if (!(error instanceof DuplicateEventError) && (error as { code?: string }).code !== 'conflict') throw error;
        }
        return sessionId;
      }
    },

    async rename(userId: string, sessionId: string, title: string, metadata: Metadata) {
      return onSession(
        sessionId,
        { type: 'RenameChatSession', data: { actorId: userId, sessionId, title: await sealTitle(userId, title) } },
        metadata,
      );
    },

    async delete(userId: string, sessionId: string, metadata: Metadata) {
      return onSession(sessionId, { type: 'DeleteChatSession', data: { actorId: userId, sessionId } }, metadata);
    },

    /**
     * Checks the session first (someone else's or a deleted one costs nothing and appends nothing),
     * then counts the question on the user's stream — serialised with every other decision about
     * the user, so the quota is exact however many questions arrive at once — then records it on
     * the session. A question that cannot be recorded is given back.
     */
    async ask(userId: string, sessionId: string | null, content: string, metadata: Metadata): Promise<AskedQuestion> {
      const at = now();
      const month = analysisMonth(at);
      const questionId = randomUUID();
      const answerId = randomUUID();
      let command: ChatCommand | undefined;
      if (sessionId) {
        command = {
          type: 'AskChatQuestion',
          data: {
            actorId: userId,
            sessionId,
            questionId,
            answerId,
            content: await vault.seal(userId, { content }),
            askedAt: at.toISOString(),
            autoTitle: await sealTitle(userId, chatTitleFromQuestion(content)),
          },
        };
        chatDecider.decide(command, await readSession(sessionId));
      }
      const counted = await handleCommand({
        store,
        streamId: streams.user(userId),
        decider: userDecider,
        command: { type: 'CountChatQuestion', data: { userId, questionId, sessionId, month } },
        metadata,
        maxAttempts: USER_STREAM_MAX_ATTEMPTS,
      });
      if (!sessionId || !command) return { questionId, answerId, sessionId: null, month, position: counted.position };
      try {
        const recorded = await onSession(sessionId, command, metadata);
        return { questionId, answerId, sessionId, month, position: recorded.position };
      } catch (error) {
        await refund(userId, questionId, month, metadata);
        throw error;
      }
    },

    /** Stores the answer (sealed) on its session; returns the position for read-your-writes. */
    async complete(
      userId: string,
      question: AskedQuestion,
      answer: { content: string; citations: Citation[]; engine: ChatEngineInfo },
      metadata: Metadata,
    ): Promise<GlobalPosition | undefined> {
      if (!question.sessionId) return undefined;
      const result = await onSession(
        question.sessionId,
        {
          type: 'CompleteChatAnswer',
          data: {
            actorId: userId,
            sessionId: question.sessionId,
            questionId: question.questionId,
            answerId: question.answerId,
            content: await vault.seal(userId, { content: answer.content }),
            engine: answer.engine,
            citations: await vault.seal(userId, answer.citations),
          },
        },
        metadata,
      );
      return result.position;
    },

    /**
     * An answer that was not produced (engine failure, the client went away): recorded, and the
     * question given back. Returns the refund's position, so the next read of the usage shows it.
     */
    async fail(userId: string, question: AskedQuestion, reason: FailureReason, metadata: Metadata): Promise<GlobalPosition | undefined> {
      let unrecorded: { error: unknown } | undefined;
      if (question.sessionId) {
        await onSession(
          question.sessionId,
          {
            type: 'FailChatAnswer',
            data: { actorId: userId, sessionId: question.sessionId, questionId: question.questionId, answerId: question.answerId, reason },
          },
          metadata,
        ).catch((error: unknown) => (unrecorded = { error }));
      }
      // Given back even when the failure could not be recorded: a question without an answer is never charged.
      const position = await refund(userId, question.questionId, question.month, metadata);
      if (unrecorded) throw unrecorded.error;
      return position;
    },

    /** Questions left in the month now (null when the plan is unlimited), from the user's stream. */
    async remaining(userId: string, month = analysisMonth(now())): Promise<number | null> {
      const { state } = await loadState(store, streams.user(userId), userDecider);
      const limit = memberTier(state.tier).maxAiQuestions;
      return limit > 0 ? Math.max(0, limit - (state.questionsByMonth[month] ?? 0)) : null;
    },
  };
}

export type ChatCommands = ReturnType<typeof chatCommands>;
