import { CHAT_EVENT_TYPES, pickEventTypes, USER_EVENT_TYPES, type Citation, type SealedData } from '@cc/contracts';
import type { PersonalDataVault } from '@cc/platform';
import { setBasedProjector, type SetBasedProjector } from '../runner/setBasedProjector';
import { ACCOUNT_ERASED } from '../account/erasedRows';
import { ERASED, preloadOwners } from '../claims/sealed';

const openText = async (vault: PersonalDataVault, userId: string, sealed: SealedData, key: 'title' | 'content') =>
  (await vault.open<Record<typeof key, string>>(userId, sealed))?.[key] ?? ERASED;

interface SessionRow {
  session_id: string;
  user_id: string;
  title: string;
  origin: string;
  created_at: string | Date;
  updated_at: string | Date;
}

interface MessageRow {
  message_id: string;
  session_id: string;
  user_id: string;
  role: string;
  content: string;
  citations: Citation[];
  engine: unknown;
  question_id: string;
  failed: boolean;
  created_at: string | Date;
  position_tx: string;
  position_seq: string;
}

/** The personal text of a chat event, opened. */
interface OpenedChatEvent {
  title?: string;
  content?: string;
  citations?: Citation[];
}

const CHAT_EVENTS_AND_ERASURE = [...CHAT_EVENT_TYPES, ACCOUNT_ERASED] as const;

/**
 * Sessions and messages of the AI Copilot chat. A deleted session leaves the read model with its
 * messages; a question whose answer failed is hidden (it was given back, and the page offers it
 * again to send). The conversation's activity (questions and answers) moves `updated_at`; a rename
 * does not, so renaming an old chat does not make it look recent.
 */
export function chatProjector(vault: PersonalDataVault): SetBasedProjector {
  return setBasedProjector<
    (typeof CHAT_EVENTS_AND_ERASURE)[number],
    { chat_sessions: SessionRow; chat_messages: MessageRow },
    OpenedChatEvent
  >({
    name: 'chat',
    version: 1,
    handles: CHAT_EVENTS_AND_ERASURE,
    tables: {
      chat_sessions: {
        key: ['session_id'],
        columns: {
          session_id: 'uuid',
          user_id: 'uuid',
          title: 'text',
          origin: 'text',
          created_at: 'timestamptz',
          updated_at: 'timestamptz',
        },
      },
      chat_messages: {
        key: ['message_id'],
        columns: {
          message_id: 'uuid',
          session_id: 'uuid',
          user_id: 'uuid',
          role: 'text',
          content: 'text',
          citations: 'jsonb',
          engine: 'jsonb',
          question_id: 'uuid',
          failed: 'boolean',
          created_at: 'timestamptz',
          position_tx: 'xid8',
          position_seq: 'bigint',
        },
      },
    },
    preload: preloadOwners(vault),
    async open(event) {
      switch (event.type) {
        case 'ChatSessionStarted':
        case 'ChatSessionRenamed':
          return { title: await openText(vault, event.data.userId, event.data.title, 'title') };
        case 'ChatQuestionAsked':
          return { content: await openText(vault, event.data.userId, event.data.content, 'content') };
        case 'ChatAnswerCompleted':
          return {
            content: await openText(vault, event.data.userId, event.data.content, 'content'),
            citations: (await vault.open<Citation[]>(event.data.userId, event.data.citations)) ?? [],
          };
        default:
          return {};
      }
    },
    touches(event) {
      switch (event.type) {
        case ACCOUNT_ERASED: {
          const mine = { user_id: event.data.userId };
          return { chat_sessions: [mine], chat_messages: [mine] };
        }
        case 'ChatSessionStarted':
        case 'ChatSessionRenamed':
          return { chat_sessions: [{ session_id: event.data.sessionId }] };
        case 'ChatSessionDeleted':
          return { chat_sessions: [{ session_id: event.data.sessionId }], chat_messages: [{ session_id: event.data.sessionId }] };
        case 'ChatQuestionAsked':
          return { chat_sessions: [{ session_id: event.data.sessionId }], chat_messages: [{ message_id: event.data.questionId }] };
        case 'ChatAnswerCompleted':
          return { chat_sessions: [{ session_id: event.data.sessionId }], chat_messages: [{ message_id: event.data.answerId }] };
        case 'ChatAnswerFailed':
          return { chat_messages: [{ message_id: event.data.questionId }] };
      }
    },
    evolve({ chat_sessions, chat_messages }, event, opened) {
      const at = event.metadata.occurredAt;
      const position = { position_tx: event.position.txId.toString(), position_seq: event.position.seq.toString() };
      /** The session's activity moves its `updated_at`. */
      const touchSession = (sessionId: string, when: string | Date) => {
        const session = chat_sessions.get({ session_id: sessionId });
        if (session) chat_sessions.put({ ...session, updated_at: when });
      };
      switch (event.type) {
        case ACCOUNT_ERASED:
          for (const row of chat_messages.where({ user_id: event.data.userId })) chat_messages.delete(row);
          for (const row of chat_sessions.where({ user_id: event.data.userId })) chat_sessions.delete(row);
          return;
        case 'ChatSessionStarted': {
          const d = event.data;
          if (chat_sessions.get({ session_id: d.sessionId })) return;
          chat_sessions.put({
            session_id: d.sessionId,
            user_id: d.userId,
            title: opened.title ?? ERASED,
            origin: d.origin,
            created_at: d.startedAt,
            updated_at: d.startedAt,
          });
          return;
        }
        case 'ChatSessionRenamed': {
          const session = chat_sessions.get({ session_id: event.data.sessionId });
          if (session) chat_sessions.put({ ...session, title: opened.title ?? ERASED });
          return;
        }
        case 'ChatSessionDeleted':
          for (const row of chat_messages.where({ session_id: event.data.sessionId })) chat_messages.delete(row);
          chat_sessions.delete({ session_id: event.data.sessionId });
          return;
        case 'ChatQuestionAsked': {
          const d = event.data;
          if (!chat_messages.get({ message_id: d.questionId })) {
            chat_messages.put({
              message_id: d.questionId,
              session_id: d.sessionId,
              user_id: d.userId,
              role: 'user',
              content: opened.content ?? ERASED,
              citations: [],
              engine: null,
              question_id: d.questionId,
              failed: false,
              created_at: d.askedAt,
              ...position,
            });
          }
          touchSession(d.sessionId, d.askedAt);
          return;
        }
        case 'ChatAnswerCompleted': {
          const d = event.data;
          if (!chat_messages.get({ message_id: d.answerId })) {
            chat_messages.put({
              message_id: d.answerId,
              session_id: d.sessionId,
              user_id: d.userId,
              role: 'assistant',
              content: opened.content ?? ERASED,
              citations: opened.citations ?? [],
              engine: d.engine,
              question_id: d.questionId,
              failed: false,
              created_at: at,
              ...position,
            });
          }
          touchSession(d.sessionId, at);
          return;
        }
        case 'ChatAnswerFailed': {
          const question = chat_messages.get({ message_id: event.data.questionId });
          if (question) chat_messages.put({ ...question, failed: true });
          return;
        }
      }
    },
  });
}

interface UsageRow {
  user_id: string;
  month: string;
  used: number;
}

const USAGE_EVENTS = [
  ...pickEventTypes(USER_EVENT_TYPES, ['UserChatQuestionCounted', 'UserChatQuestionRefunded']),
  ACCOUNT_ERASED,
] as const;

/** The month's AI questions per user, as the user's stream counted them (the quota itself is decided there). */
export function chatUsageProjector(): SetBasedProjector {
  return setBasedProjector<(typeof USAGE_EVENTS)[number], { chat_question_usage: UsageRow }>({
    name: 'chat-usage',
    version: 1,
    handles: USAGE_EVENTS,
    tables: { chat_question_usage: { key: ['user_id', 'month'], columns: { user_id: 'uuid', month: 'text', used: 'integer' } } },
    touches: (event) => ({
      chat_question_usage: [
        event.type === ACCOUNT_ERASED ? { user_id: event.data.userId } : { user_id: event.data.userId, month: event.data.month },
      ],
    }),
    evolve({ chat_question_usage }, event) {
      if (event.type === ACCOUNT_ERASED) {
        for (const row of chat_question_usage.where({ user_id: event.data.userId })) chat_question_usage.delete(row);
        return;
      }
      const key = { user_id: event.data.userId, month: event.data.month };
      const used = chat_question_usage.get(key)?.used ?? 0;
      const delta = event.type === 'UserChatQuestionCounted' ? 1 : -1;
      chat_question_usage.put({ ...key, used: Math.max(0, used + delta) });
    },
  });
}
