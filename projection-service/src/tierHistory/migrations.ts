import type { Migration } from '@cc/platform';

export const tierHistoryMigrations: Migration[] = [
  {
    name: '0006_user_tier_history',
    async up(knex) {
      await knex.raw(`
        create table user_tier_history (
          event_id uuid primary key,
          user_id uuid not null,
          from_tier text,
          to_tier text not null,
          reason text not null,
          actor_id uuid,
          operator text,
          at timestamptz not null,
          position_tx xid8 not null,
          position_seq bigint not null
        );
        create index user_tier_history_user on user_tier_history (user_id, position_tx, position_seq);
      `);
    },
  },
  {
    // The staff console's tier history spans every user, newest first.
    name: '0105_user_tier_history_at',
    async up(knex) {
      await knex.raw('create index user_tier_history_at on user_tier_history (at desc, event_id)');
    },
  },
];
