import { CHAT_EVENT_TYPES, pickEventTypes, USER_EVENT_TYPES, type Citation, type EventDataOf, type SealedData } from '@cc/contracts';
import type { PersonalDataVault, RecordedEvent } from '@cc/platform';
import type { Knex } from 'knex';
import type { Projector } from '../runner/projector';
import { ACCOUNT_ERASED, erasedUserOf } from '../account/erasedRows';
import { ERASED } from '../claims/sealed';

const openText = async (vault: PersonalDataVault, userId: string, sealed: SealedData, key: 'title' | 'content') =>
  (await vault.open<Record<typeof key, string>>(userId, sealed))?.[key] ?? ERASED;

const position = (trx: Knex.Transaction, event: RecordedEvent) => ({
  position_tx: trx.raw('?::xid8', [event.position.txId.toString()]),
  position_seq: event.position.seq.toString(),
});

/**
 * Sessions and messages of the AI Copilot chat. A deleted session leaves the read model with its
 * messages; a question whose answer failed is hidden (it was given back, and the page offers it
 * again to send). The conversation's activity (questions and answers) moves `updated_at`; a rename
 * does not, so renaming an old chat does not make it look recent.
 */
export function chatProjector(vault: PersonalDataVault): Projector {
  return {
    name: 'chat',
    version: 1,
    tables: ['chat_sessions', 'chat_messages'],
    handles: [...CHAT_EVENT_TYPES, ACCOUNT_ERASED],
    async project(event, trx) {
      const erased = erasedUserOf(event);
      if (erased) {
        await trx('chat_messages').where({ user_id: erased }).del();
        await trx('chat_sessions').where({ user_id: erased }).del();
        return;
      }
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case 'ChatSessionStarted': {
          const d = event.data as EventDataOf<'ChatSessionStarted'>;
          await trx('chat_sessions')
            .insert({
              session_id: d.sessionId,
              user_id: d.userId,
              title: await openText(vault, d.userId, d.title, 'title'),
              origin: d.origin,
              created_at: d.startedAt,
              updated_at: d.startedAt,
            })
            .onConflict('session_id')
            .ignore();
          return;
        }
        case 'ChatSessionRenamed': {
          const d = event.data as EventDataOf<'ChatSessionRenamed'>;
          await trx('chat_sessions')
            .where({ session_id: d.sessionId })
            .update({ title: await openText(vault, d.userId, d.title, 'title') });
          return;
        }
        case 'ChatSessionDeleted': {
          const d = event.data as EventDataOf<'ChatSessionDeleted'>;
          await trx('chat_messages').where({ session_id: d.sessionId }).del();
          await trx('chat_sessions').where({ session_id: d.sessionId }).del();
          return;
        }
        case 'ChatQuestionAsked': {
          const d = event.data as EventDataOf<'ChatQuestionAsked'>;
          await trx('chat_messages')
            .insert({
              message_id: d.questionId,
              session_id: d.sessionId,
              user_id: d.userId,
              role: 'user',
              content: await openText(vault, d.userId, d.content, 'content'),
              question_id: d.questionId,
              created_at: d.askedAt,
              ...position(trx, event),
            })
            .onConflict('message_id')
            .ignore();
          await trx('chat_sessions').where({ session_id: d.sessionId }).update({ updated_at: d.askedAt });
          return;
        }
        case 'ChatAnswerCompleted': {
          const d = event.data as EventDataOf<'ChatAnswerCompleted'>;
          const citations = (await vault.open<Citation[]>(d.userId, d.citations)) ?? [];
          await trx('chat_messages')
            .insert({
              message_id: d.answerId,
              session_id: d.sessionId,
              user_id: d.userId,
              role: 'assistant',
              content: await openText(vault, d.userId, d.content, 'content'),
              citations: JSON.stringify(citations),
              engine: JSON.stringify(d.engine),
              question_id: d.questionId,
              created_at: at,
              ...position(trx, event),
            })
            .onConflict('message_id')
            .ignore();
          await trx('chat_sessions').where({ session_id: d.sessionId }).update({ updated_at: at });
          return;
        }
        case 'ChatAnswerFailed': {
          const d = event.data as EventDataOf<'ChatAnswerFailed'>;
          await trx('chat_messages').where({ message_id: d.questionId }).update({ failed: true });
          return;
        }
      }
    },
  };
}

/** The month's AI questions per user, as the user's stream counted them (the quota itself is decided there). */
export function chatUsageProjector(): Projector {
  return {
    name: 'chat-usage',
    version: 1,
    tables: ['chat_question_usage'],
    handles: [...pickEventTypes(USER_EVENT_TYPES, ['UserChatQuestionCounted', 'UserChatQuestionRefunded']), ACCOUNT_ERASED],
    async project(event, trx) {
      const erased = erasedUserOf(event);
      if (erased) {
        await trx('chat_question_usage').where({ user_id: erased }).del();
        return;
      }
      const d = event.data as EventDataOf<'UserChatQuestionCounted'> | EventDataOf<'UserChatQuestionRefunded'>;
      const delta = event.type === 'UserChatQuestionCounted' ? 1 : -1;
      await trx.raw(
        `insert into chat_question_usage (user_id, month, used) values (?, ?, greatest(0, ?::int))
         on conflict (user_id, month) do update set used = greatest(0, chat_question_usage.used + ?::int)`,
        [d.userId, d.month, delta, delta],
      );
    },
  };
}
