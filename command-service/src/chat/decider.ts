import { CHAT_MESSAGES, type ChatEvent, type ChatOrigin, type EventDataOf, type SealedData } from '@cc/contracts';
import { DomainError, type Decider } from '@cc/platform';

export type { ChatEvent };

export interface ChatSessionState {
  started: boolean;
  ownerId: string | null;
  origin: ChatOrigin | null;
  deleted: boolean;
  /** The user gave it a title; then no question renames it. */
  renamedByUser: boolean;
  /** Questions asked so far (the first one names the session). */
  asked: number;
  /** Questions waiting for their answer, by question id → answer id. Small: answered ones leave it. */
  pending: Map<string, string>;
}

interface Actor {
  actorId: string;
}

export type ChatCommand =
  | { type: 'StartChatSession'; data: Actor & { sessionId: string; title: SealedData; origin: ChatOrigin; startedAt: string } }
  | { type: 'RenameChatSession'; data: Actor & { sessionId: string; title: SealedData } }
  | { type: 'DeleteChatSession'; data: Actor & { sessionId: string } }
  | {
      type: 'AskChatQuestion';
      data: Actor & {
        sessionId: string;
        questionId: string;
        answerId: string;
        content: SealedData;
        askedAt: string;
        /** The sealed title the question gives the session, used only if it is the first and the user never renamed it. */
        autoTitle: SealedData;
      };
    }
  | {
      type: 'CompleteChatAnswer';
      data: Actor & Omit<EventDataOf<'ChatAnswerCompleted'>, 'userId'>;
    }
  | { type: 'FailChatAnswer'; data: Actor & Omit<EventDataOf<'ChatAnswerFailed'>, 'userId'> };

/** Someone else's session, one never started, or one deleted: all "not found", so nothing about it leaks. */
function ownedSession(state: ChatSessionState, actorId: string): void {
  if (!state.started || state.deleted || state.ownerId !== actorId) throw new DomainError('not-found', CHAT_MESSAGES.sessionNotFound);
}

export const chatDecider: Decider<ChatSessionState, ChatCommand, ChatEvent> = {
  initialState: () => ({ started: false, ownerId: null, origin: null, deleted: false, renamedByUser: false, asked: 0, pending: new Map() }),

  evolve(state, event) {
    switch (event.type) {
      case 'ChatSessionStarted':
        return { ...state, started: true, ownerId: event.data.userId, origin: event.data.origin };
      case 'ChatSessionRenamed':
        return event.data.by === 'user' ? { ...state, renamedByUser: true } : state;
      case 'ChatSessionDeleted':
        return { ...state, deleted: true };
      case 'ChatQuestionAsked': {
        const pending = new Map(state.pending).set(event.data.questionId, event.data.answerId);
        return { ...state, asked: state.asked + 1, pending };
      }
      case 'ChatAnswerCompleted':
      case 'ChatAnswerFailed': {
        const pending = new Map(state.pending);
        pending.delete(event.data.questionId);
        return { ...state, pending };
      }
    }
  },

  decide(command, state) {
    const { actorId } = command.data;
    switch (command.type) {
      case 'StartChatSession': {
        if (state.started) throw new DomainError('conflict', 'This chat session already exists.');
        const { actorId: _actor, ...data } = command.data;
        return [{ type: 'ChatSessionStarted', data: { ...data, userId: actorId } }];
      }
      case 'RenameChatSession':
        ownedSession(state, actorId);
        return [
          {
            type: 'ChatSessionRenamed',
            data: { sessionId: command.data.sessionId, userId: actorId, title: command.data.title, by: 'user' },
          },
        ];
      case 'DeleteChatSession':
        ownedSession(state, actorId);
        return [{ type: 'ChatSessionDeleted', data: { sessionId: command.data.sessionId, userId: actorId } }];
      case 'AskChatQuestion': {
        ownedSession(state, actorId);
        const { sessionId, questionId, answerId, content, askedAt, autoTitle } = command.data;
        if (state.pending.has(questionId)) return [];
        const asked: ChatEvent = {
          type: 'ChatQuestionAsked',
          data: { sessionId, userId: actorId, questionId, answerId, content, askedAt },
        };
        if (state.asked > 0 || state.renamedByUser) return [asked];
        return [asked, { type: 'ChatSessionRenamed', data: { sessionId, userId: actorId, title: autoTitle, by: 'first-question' } }];
      }
      case 'CompleteChatAnswer': {
        ownedSession(state, actorId);
        const { actorId: _actor, ...data } = command.data;
        // An answer to a question that is not waiting (already answered or failed) changes nothing.
        if (state.pending.get(data.questionId) !== data.answerId) return [];
        return [{ type: 'ChatAnswerCompleted', data: { ...data, userId: actorId } }];
      }
      case 'FailChatAnswer': {
        if (state.ownerId !== actorId) throw new DomainError('not-found', CHAT_MESSAGES.sessionNotFound);
        const { actorId: _actor, ...data } = command.data;
        if (state.pending.get(data.questionId) !== data.answerId) return [];
        return [{ type: 'ChatAnswerFailed', data: { ...data, userId: actorId } }];
      }
    }
  },
};
