import type { Migration } from '../db/migrations';
import { NO_APPEND_LOCK } from './positionOffset';

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
   * Positions after a dump and restore (docs/decisions/event-store.md, "After a dump and restore"): the transaction id a
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
  /**
   * The append as one server-side call (docs/decisions/event-store.md, "PostgreSQL: tables, append, positions"): the expected-version check on
   * `event_streams` and the inserts in one statement, so an append in autocommit is one round trip
   * instead of a transaction of five. The NOTIFY is sent after the commit (appendNotifier.ts). `p_expected` is a stream version as text, or
   * `any`, `no_stream`, `stream_exists`; a mismatch raises SQLSTATE `CCWEV` with the actual version
   * as its DETAIL. `p_events` is a JSON array of {event_id, type, schema_version, data, metadata};
   * its order is the stream's order and the order of the global positions. Answers the stream's
   * new version and the position of the last event.
   */
  {
    name: '0004_event_store_append_function',
    async up(knex) {
      await knex.raw(`
        create function events_append(p_stream_id text, p_expected text, p_events jsonb,
                                       out version integer, out transaction_id text, out global_position text)
        language plpgsql volatile as $$
        declare
          n integer := jsonb_array_length(p_events);
          actual integer;
        begin
          if n = 0 then
            raise exception 'events_append needs at least one event';
          end if;
          if p_expected in ('no_stream', '0') then
            insert into event_streams as s (stream_id, version) values (p_stream_id, n)
              on conflict (stream_id) do nothing returning s.version into version;
          elsif p_expected = 'any' then
            insert into event_streams as s (stream_id, version) values (p_stream_id, n)
              on conflict (stream_id) do update set version = s.version + excluded.version, updated_at = now()
              returning s.version into version;
          elsif p_expected = 'stream_exists' then
            update event_streams s set version = s.version + n, updated_at = now()
              where s.stream_id = p_stream_id returning s.version into version;
          else
            update event_streams s set version = s.version + n, updated_at = now()
              where s.stream_id = p_stream_id and s.version = p_expected::integer returning s.version into version;
          end if;
          if version is null then
            select s.version into actual from event_streams s where s.stream_id = p_stream_id;
            raise exception 'stream % is at version %, expected %', p_stream_id, coalesce(actual, 0), p_expected
              using errcode = 'CCWEV', detail = coalesce(actual, 0)::text;
          end if;
          -- Ordered by the array's order, so global positions follow stream versions.
          with inserted as (
            insert into events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
            select (e.value->>'event_id')::uuid, p_stream_id, version - n + e.ordinality::integer,
                   e.value->>'type', (e.value->>'schema_version')::integer, e.value->'data', e.value->'metadata'
            from jsonb_array_elements(p_events) with ordinality as e
            order by e.ordinality
            returning events.transaction_id, events.global_position
          )
          select i.transaction_id::text, i.global_position::text into transaction_id, global_position
          from inserted i order by i.global_position desc limit 1;
        end $$;
      `);
    },
  },
  /**
   * Dead-letter retries across processes (docs/decisions/topology.md): support marks a parked worker event
   * for redelivery and the process running that worker picks it up; each such process says it is
   * there in `dead_letter_retry_servers`, so support can tell "nobody runs this" from "asked".
   */
  {
    name: '0005_dead_letter_retry_requests',
    async up(knex) {
      await knex.raw(`
        alter table subscription_dead_letters
          add column retry_requested_at timestamptz,
          add column retry_started_at timestamptz;
        create index subscription_dead_letters_retry on subscription_dead_letters (subscription) where retry_requested_at is not null;
        create table dead_letter_retry_servers (
          subscription text primary key,
          seen_at timestamptz not null default now()
        );
      `);
    },
  },
  /**
   * Transactions that will not append (docs/decisions/event-store.md): a projector's batch says so
   * first, before it writes anything, by `events_will_not_append()`, which holds a shared advisory
   * lock for the rest of the transaction; readers' horizon (positionOffset.ts) passes over such
   * transactions, so a projector's batch no longer holds every other reader back. The promise is
   * kept by the database: said after the transaction has written, it is refused, and an insert into
   * `events` after it is refused.
   */
  {
    name: '0006_events_will_not_append',
    async up(knex) {
      await knex.raw(`
        create function events_will_not_append() returns void language plpgsql volatile as $$
        begin
          if pg_current_xact_id_if_assigned() is not null then
            raise exception 'events_will_not_append() must come before the transaction writes anything';
          end if;
          perform set_config('cc.events_will_not_append', 'on', true);
          perform pg_advisory_xact_lock_shared(${NO_APPEND_LOCK.classid}, ${NO_APPEND_LOCK.objid});
        end $$;
        create function events_refuse_promised_append() returns trigger language plpgsql as $$
        begin
          if current_setting('cc.events_will_not_append', true) = 'on' then
            raise exception 'this transaction said it would append no events';
          end if;
          return null;
        end $$;
        create trigger events_refuse_promised_append before insert on events
          for each statement execute function events_refuse_promised_append();
      `);
    },
  },
  /**
   * The EventStoreDB adapter's index of caller-chosen event ids (docs/decisions/event-store.md): the stream
   * version each was to be written at, so that a repeat is found with one read of that one event
   * instead of the whole stream. Unused by the PostgreSQL store, whose `events` table has the ids.
   */
  {
    name: '0007_eventstore_event_ids',
    async up(knex) {
      await knex.raw(`
        create table eventstore_event_ids (
          event_id uuid primary key,
          stream_id text not null,
          stream_version bigint not null,
          claimed_at timestamptz not null default now()
        );
      `);
    },
  },
  /**
   * The append of one event, cheaper (docs/decisions/event-store.md, "PostgreSQL: tables, append,
   * positions"): the same checks, locks, answers and errors as 0004, but a single event is inserted
   * with one `insert … values`, where 0004 expanded the array through `jsonb_array_elements`, sorted
   * it, inserted through a CTE and sorted the rows again for the last position. Most appends carry
   * one event (a command's decision, a new stream); several still go through the ordered insert.
   */
  {
    name: '0008_event_store_append_one_event',
    async up(knex) {
      await knex.raw(`
        create or replace function events_append(p_stream_id text, p_expected text, p_events jsonb,
                                                 out version integer, out transaction_id text, out global_position text)
        language plpgsql volatile as $$
        declare
          n integer := jsonb_array_length(p_events);
          actual integer;
          one jsonb;
        begin
          if n = 0 then
            raise exception 'events_append needs at least one event';
          end if;
          if p_expected in ('no_stream', '0') then
            insert into event_streams as s (stream_id, version) values (p_stream_id, n)
              on conflict (stream_id) do nothing returning s.version into version;
          elsif p_expected = 'any' then
            insert into event_streams as s (stream_id, version) values (p_stream_id, n)
              on conflict (stream_id) do update set version = s.version + excluded.version, updated_at = now()
              returning s.version into version;
          elsif p_expected = 'stream_exists' then
            update event_streams s set version = s.version + n, updated_at = now()
              where s.stream_id = p_stream_id returning s.version into version;
          else
            update event_streams s set version = s.version + n, updated_at = now()
              where s.stream_id = p_stream_id and s.version = p_expected::integer returning s.version into version;
          end if;
          if version is null then
            select s.version into actual from event_streams s where s.stream_id = p_stream_id;
            raise exception 'stream % is at version %, expected %', p_stream_id, coalesce(actual, 0), p_expected
              using errcode = 'CCWEV', detail = coalesce(actual, 0)::text;
          end if;
          if n = 1 then
            one := p_events->0;
            insert into events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
              values ((one->>'event_id')::uuid, p_stream_id, version, one->>'type', (one->>'schema_version')::integer,
                      one->'data', one->'metadata')
              returning events.transaction_id::text, events.global_position::text into transaction_id, global_position;
            return;
          end if;
          -- Ordered by the array's order, so global positions follow stream versions.
          with inserted as (
            insert into events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
            select (e.value->>'event_id')::uuid, p_stream_id, version - n + e.ordinality::integer,
                   e.value->>'type', (e.value->>'schema_version')::integer, e.value->'data', e.value->'metadata'
            from jsonb_array_elements(p_events) with ordinality as e
            order by e.ordinality
            returning events.transaction_id, events.global_position
          )
          select i.transaction_id::text, i.global_position::text into transaction_id, global_position
          from inserted i order by i.global_position desc limit 1;
        end $$;
      `);
    },
  },
];
