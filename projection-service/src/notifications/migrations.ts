import type { Migration } from '@cc/platform';

export const notificationsMigrations: Migration[] = [
  {
    name: '0101_notifications',
    async up(knex) {
      await knex.raw(`
        create table notifications (
          id uuid primary key,
          user_id uuid not null,
          kind text not null,
          title text not null,
          body text not null,
          link text,
          created_at timestamptz not null,
          read_at timestamptz
        );
        create index notifications_user_created on notifications (user_id, created_at desc);
        create index notifications_user_unread on notifications (user_id) where read_at is null;
      `);
    },
  },
];
