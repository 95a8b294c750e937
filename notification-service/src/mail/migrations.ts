import type { Migration } from '@cc/platform';

/** The e-mail log: one row per message, written before and after it is sent (see deliveries.ts). */
export const notificationMigrations: Migration[] = [
  {
    name: '0001_email_deliveries',
    async up(knex) {
      await knex.raw(`
        create table email_deliveries (
          key text primary key,
          id uuid not null unique,
          user_id uuid,
          kind text not null,
          to_address text not null,
          subject text not null,
          sample boolean not null default false,
          status text not null check (status in ('sending', 'sent')),
          attempts integer not null default 1,
          message_id text,
          outbox boolean not null default false,
          created_at timestamptz not null default now(),
          sent_at timestamptz
        );
        create index email_deliveries_user on email_deliveries (user_id);
        create index email_deliveries_sent on email_deliveries (sent_at desc) where status = 'sent';
      `);
    },
  },
];
