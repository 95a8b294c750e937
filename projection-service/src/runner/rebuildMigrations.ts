import type { Migration } from '@cc/platform';

/**
 * The runner's own bookkeeping, migrated apart from the read models: a rebuild replays the read
 * models' migrations into a scratch schema, and this table is not one of them.
 */
export const projectionRunnerMigrations: Migration[] = [
  {
    name: '0001_projection_rebuilds',
    async up(knex) {
      await knex.raw(`
        create table projection_rebuilds (
          rebuild_id uuid primary key,
          projection text not null,
          projection_version integer not null,
          -- Where the new tables are built until the swap.
          schema_name text not null,
          -- The read-model migrations, the projector's version and tables the scratch tables were made for.
          fingerprint text not null,
          prepared boolean not null default false,
          state text not null check (state in ('running', 'swapped', 'failed')),
          processed bigint not null default 0,
          total bigint not null default 0,
          error text,
          requested_by uuid,
          operator text,
          -- The process running it; another takes it over when its heartbeat stops.
          owner text,
          heartbeat_at timestamptz not null default now(),
          started_at timestamptz not null default now(),
          finished_at timestamptz
        );
        create unique index projection_rebuilds_one_running on projection_rebuilds (projection) where state = 'running';
        create index projection_rebuilds_latest on projection_rebuilds (projection, started_at desc);
      `);
    },
  },
  {
    name: '0002_projection_rebuilds_deferred_indexes',
    async up(knex) {
      // A rebuild loads its tables without their secondary indexes and makes them after the load;
      // their definitions wait here, so a rebuild taken over by another process still makes them.
      await knex.raw(`alter table projection_rebuilds add column deferred_indexes jsonb`);
    },
  },
];
