import type { Migration } from '@cc/platform';

export const supportRequestsMigrations: Migration[] = [
  {
    name: '0120_support_requests',
    async up(knex) {
      await knex.raw(`
        create table support_requests (
          request_id uuid primary key,
          user_id uuid not null,
          subject text not null,
          status text not null,
          claim_id uuid,
          tier text not null,
          priority integer not null,
          queue_key text not null,
          opened_at timestamptz not null,
          updated_at timestamptz not null,
          waiting_since timestamptz,
          message_count integer not null
        );
        create index support_requests_user on support_requests (user_id, opened_at desc);
        create index support_requests_queue on support_requests (queue_key);
        create index support_requests_status_queue on support_requests (status, queue_key);
        create table support_messages (
          message_id uuid primary key,
          request_id uuid not null,
          user_id uuid not null,
          author text not null,
          author_id uuid not null,
          body text not null,
          created_at timestamptz not null
        );
        create index support_messages_request on support_messages (request_id, created_at);
        create index support_messages_user on support_messages (user_id);
      `);
    },
  },
];
