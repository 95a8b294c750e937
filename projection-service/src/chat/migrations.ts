import type { Migration } from '@cc/platform';

/** The chat read model: sessions, their messages (texts opened from the sealed events), and the month's question counts. */
export const chatMigrations: Migration[] = [
  {
    name: 'chat_0001_sessions_messages_usage',
    async up(knex) {
      await knex.raw(`
        create table chat_sessions (
          session_id uuid primary key,
          user_id uuid not null,
          title text not null,
          origin text not null,
          created_at timestamptz not null,
          updated_at timestamptz not null
        );
        create index chat_sessions_user on chat_sessions (user_id, updated_at desc);
        create table chat_messages (
          message_id uuid primary key,
          session_id uuid not null,
          user_id uuid not null,
          role text not null,
          content text not null,
          citations jsonb not null default '[]',
          engine jsonb,
          -- A question's own id, or the question an answer answers.
          question_id uuid not null,
          -- A question whose answer failed: given back, and no longer shown.
          failed boolean not null default false,
          created_at timestamptz not null,
          position_tx xid8 not null,
          position_seq bigint not null
        );
        create index chat_messages_session on chat_messages (session_id, created_at, position_tx, position_seq);
        create index chat_messages_question on chat_messages (question_id);
        create table chat_question_usage (
          user_id uuid not null,
          month text not null,
          used integer not null default 0,
          primary key (user_id, month)
        );
      `);
    },
  },
];
