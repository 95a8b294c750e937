import type { Migration } from '@cc/platform';

export const settingsMigrations: Migration[] = [
  {
    name: '0100_user_preferences',
    async up(knex) {
      await knex.raw(`
        create table user_preferences (
          user_id uuid primary key,
          preferences jsonb not null,
          updated_at timestamptz not null
        );
      `);
    },
  },
];
