import type { Migration } from '@cc/platform';

/** The weekly digest's own state (see weeklyDigest.ts): its schedule, what it sent, and the evidence it watched. */
export const digestMigrations: Migration[] = [
  {
    // The last week whose digests all went out: a restarted worker knows whether this week's run is owed.
    name: '0140_digest_schedule',
    async up(knex) {
      await knex.raw(`
        create table digest_schedule (
          name text primary key,
          last_week text not null,
          finished_at timestamptz not null
        );
      `);
    },
  },
  {
    // One row per user and ISO week: the key that makes a second worker or a restart send nothing more.
    // 'sending' rows carry a lease (claimed_at) so a worker that died mid-send is taken over later.
    name: '0141_digest_sends',
    async up(knex) {
      await knex.raw(`
        create table digest_sends (
          user_id uuid not null,
          iso_week text not null,
          status text not null check (status in ('sending', 'sent', 'empty', 'unwanted')),
          sections integer not null default 0,
          claimed_at timestamptz not null,
          finished_at timestamptz,
          primary key (user_id, iso_week)
        );
      `);
    },
  },
  {
    // The evidence maps as last seen, the moves found since, and the readiness drops told (one notice each).
    name: '0142_digest_evidence_watch',
    async up(knex) {
      await knex.raw(`
        create table digest_evidence_seen (
          claim_id text primary key,
          user_id uuid not null,
          readiness integer not null,
          states jsonb not null,
          updated_at text not null
        );
        create table digest_evidence_moves (
          id bigserial primary key,
          claim_id text not null,
          user_id uuid not null,
          element text not null,
          from_state text not null,
          to_state text not null,
          at timestamptz not null
        );
        create index digest_evidence_moves_user on digest_evidence_moves (user_id, at);
        create unique index digest_evidence_moves_once on digest_evidence_moves (claim_id, element, at);
        create table digest_readiness_drops (
          claim_id text not null,
          updated_at text not null,
          user_id uuid not null,
          readiness_from integer not null,
          readiness_to integer not null,
          noticed_at timestamptz not null default now(),
          primary key (claim_id, updated_at)
        );
      `);
    },
  },
];
