import type { Migration } from '@cc/platform';

export const accessLogMigrations: Migration[] = [
  {
    name: '0005_staff_access_log',
    async up(knex) {
      await knex.raw(`
        create table staff_access_log (
          event_id uuid primary key,
          at timestamptz not null,
          staff_id uuid not null,
          staff_role text not null,
          endpoint text not null,
          claim_id uuid,
          owner_id uuid,
          version integer,
          row_count integer,
          subject_event_id uuid
        );
        create index staff_access_log_at on staff_access_log (at desc);
        create index staff_access_log_claim on staff_access_log (claim_id, at);
      `);
    },
  },
  {
    // The access log filtered to one staff member, or to one veteran whose data was read.
    name: '0104_staff_access_log_by_person',
    async up(knex) {
      await knex.raw(`
        create index staff_access_log_staff on staff_access_log (staff_id, at desc);
        create index staff_access_log_owner on staff_access_log (owner_id, at desc);
      `);
    },
  },
  {
    // The log newest first with its tiebreak, as a page reads it: with `at` alone, entries of one
    // moment are sorted after they are read, and a page reads every entry of its moments.
    name: '0160_staff_access_log_newest_first',
    async up(knex) {
      await knex.raw(`
        create index staff_access_log_newest on staff_access_log (at desc, event_id);
        drop index staff_access_log_at;
      `);
    },
  },
];
