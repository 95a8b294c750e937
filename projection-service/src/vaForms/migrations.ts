import type { Migration } from '@cc/platform';

export const vaFormsMigrations: Migration[] = [
  {
    // The last good answer of the VA Forms API for the forms of the catalogue. A cache of
    // another system's data, replaced whole by each refresh, not a fact of ours (no events).
    name: '0012c_va_forms',
    async up(knex) {
      await knex.raw(`
        create table va_forms_api (
          form_name text primary key,
          api_id text not null,
          attributes jsonb not null,
          fetched_at timestamptz not null
        );
      `);
    },
  },
];
