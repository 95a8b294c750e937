import type { Migration } from '../db/migrations';

/** Tables of the PostgreSQL event store and of every subscriber's checkpoint. */
export const eventStoreMigrations: Migration[] = [
  {
    name: '0001_event_store',
    async up(knex) {
      await knex.raw(`
        create table event_streams (
          stream_id text primary key,
          version integer not null check (version >= 0),
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        );
        create table events (
          global_position bigserial not null,
          transaction_id xid8 not null default pg_current_xact_id(),
          event_id uuid not null unique,
          stream_id text not null,
          stream_version integer not null check (stream_version > 0),
          type text not null,
          schema_version integer not null default 1,
          data jsonb not null,
          metadata jsonb not null,
          created_at timestamptz not null default now(),
          primary key (global_position),
          unique (stream_id, stream_version)
        );
        create index events_global_order on events (transaction_id, global_position);
        create table subscription_checkpoints (
          name text primary key,
          tx_id xid8 not null default '0'::xid8,
          seq bigint not null default 0,
          updated_at timestamptz not null default now()
        );
        create table subscription_dead_letters (
          id bigserial primary key,
          subscription text not null,
          event_id uuid not null,
          stream_id text not null,
          type text not null,
          tx_id xid8 not null,
          seq bigint not null,
          attempts integer not null,
          error text not null,
          parked_at timestamptz not null default now(),
          unique (subscription, event_id)
        );
        -- Events are facts: never edited, never deleted.
        create function events_are_immutable() returns trigger language plpgsql as $$
        begin
          raise exception 'events are immutable (% refused)', tg_op;
        end $$;
        create trigger events_no_update before update or delete on events
          for each row execute function events_are_immutable();
        create trigger events_no_truncate before truncate on events
          for each statement execute function events_are_immutable();
      `);
    },
  },
  {
    name: '0002_stream_snapshots',
    async up(knex) {
      // One row per stream: a decider's folded state, so a command reads only the events after it.
      await knex.raw(`
        create table stream_snapshots (
          stream_id text primary key,
          name text not null,
          version integer not null check (version > 0),
          state jsonb not null,
          taken_at timestamptz not null default now()
        );
      `);
    },
  },
  /**
   * Positions after a dump and restore (ARCHITECTURE §12, "After a restore"): the transaction id a
   * new event gets, and the visibility horizon readers use, both come from a function whose body
   * carries the offset kept in `event_store_position_offset`; at 0 they are exactly
   * `pg_current_xact_id()` and `pg_snapshot_xmin(pg_current_snapshot())`, and PostgreSQL inlines
   * them, so the append path costs what it did.
   */
  {
    name: '0003_event_store_position_offset',
    async up(knex) {
      await knex.raw(`
        create table event_store_position_offset (
          singleton boolean primary key default true check (singleton),
          transaction_id_offset numeric(20, 0) not null default 0 check (transaction_id_offset >= 0),
          updated_at timestamptz not null default now()
        );
        insert into event_store_position_offset default values;
        create function events_transaction_id() returns xid8 language sql volatile
          as $$ select pg_current_xact_id() $$;
        create function events_readable_before() returns xid8 language sql stable
          as $$ select pg_snapshot_xmin(pg_current_snapshot()) $$;
        alter table events alter column transaction_id set default events_transaction_id();
      `);
    },
  },
];
