import type { Migration } from '@cc/platform';

export const dbqsMigrations: Migration[] = [
  {
    // The DBQ catalogue as the forms page lists it.
    name: '0012b_dbqs',
    async up(knex) {
      await knex.raw(`
        create table dbqs (
          dbq_id text primary key,
          title text not null,
          category text not null,
          condition_group text,
          file_url text not null,
          is_active boolean not null default true,
          version integer not null default 1,
          last_updated timestamptz not null,
          download_count integer not null default 0
        );
        create index dbqs_category on dbqs (category);
      `);
    },
  },
];
