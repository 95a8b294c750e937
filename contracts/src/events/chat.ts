import { z } from 'zod';
import { CHAT_ORIGINS, chatEngineInfo } from '../chat';
import { eventTypesOf, type EventOf } from './eventTypes';
import { sealedData } from './sealed';

/**
 * The stream `chat-<sessionId>`: one AI Copilot chat session. Titles and texts are sealed with the
 * owner's key. The monthly question quota is counted on the user's stream (`UserChatQuestionCounted`).
 */
export const chatStreams = {
  chatSession: (sessionId: string) => `chat-${sessionId}`,
} as const;

export const chatEventSchemas = {
  ChatSessionStarted: {
    version: 1,
    schema: z.object({
      sessionId: z.string(),
      userId: z.string(),
      /** Sealed `{ title }` ("New Chat" at first). */
      title: sealedData,
      origin: z.enum(CHAT_ORIGINS),
      startedAt: z.string(),
    }),
  },
  ChatSessionRenamed: {
    version: 1,
    schema: z.object({
      sessionId: z.string(),
      userId: z.string(),
      /** Sealed `{ title }`. */
      title: sealedData,
      /** The user renamed it, or its first question named it. */
      by: z.enum(['user', 'first-question']),
    }),
  },
  ChatSessionDeleted: { version: 1, schema: z.object({ sessionId: z.string(), userId: z.string() }) },
  ChatQuestionAsked: {
    version: 1,
    schema: z.object({
      sessionId: z.string(),
      userId: z.string(),
      questionId: z.string(),
      /** The id the answer will have (the stream's `done` names it). */
      answerId: z.string(),
      /** Sealed `{ content }`. */
      content: sealedData,
      askedAt: z.string(),
    }),
  },
  ChatAnswerCompleted: {
    version: 1,
    schema: z.object({
      sessionId: z.string(),
      userId: z.string(),
      questionId: z.string(),
      answerId: z.string(),
      /** Sealed `{ content }`: the answer speaks of the veteran's own claims and documents. */
      content: sealedData,
      engine: chatEngineInfo,
      /** Sealed {@link Citation}[]: a citation may name the veteran's claim or document. */
      citations: sealedData,
    }),
  },
  ChatAnswerFailed: {
    version: 1,
    schema: z.object({
      sessionId: z.string(),
      userId: z.string(),
      questionId: z.string(),
      answerId: z.string(),
      /** Why, without the question or any answer text. */
      reason: z.enum(['engine-failed', 'cancelled', 'session-deleted']),
    }),
  },
} as const;

export const CHAT_EVENT_TYPES = eventTypesOf(chatEventSchemas);
export type ChatEventType = (typeof CHAT_EVENT_TYPES)[number];
export type ChatEvent = EventOf<typeof chatEventSchemas>;
