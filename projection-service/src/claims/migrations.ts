import type { Migration } from '@cc/platform';

export const claimsMigrations: Migration[] = [
  {
    name: '0002_claims',
    async up(knex) {
      await knex.raw(`
        create table claims (
          claim_id uuid primary key,
          user_id uuid not null,
          claim_number text not null,
          condition text not null,
          condition_type text not null,
          status text not null,
          priority text not null,
          progress integer not null,
          rating integer,
          next_action text,
          estimated_decision_date text,
          filed_at timestamptz not null,
          decided_at timestamptz,
          updated_at timestamptz not null
        );
        create index claims_user_filed on claims (user_id, filed_at desc);
        create table claim_notes (
          note_id uuid primary key,
          claim_id uuid not null,
          user_id uuid not null,
          note text not null,
          note_type text not null,
          is_important boolean not null default false,
          previous_status text,
          new_status text,
          created_at timestamptz not null
        );
        create index claim_notes_claim on claim_notes (claim_id, created_at desc);
        create table claim_history (
          event_id uuid primary key,
          claim_id uuid not null,
          owner_id uuid not null,
          type text not null,
          title text not null,
          description text,
          changes jsonb not null default '[]',
          actor_id uuid,
          at timestamptz not null,
          position_tx xid8 not null,
          position_seq bigint not null
        );
        create index claim_history_claim on claim_history (claim_id, position_tx, position_seq);
        create table activities (
          id uuid primary key,
          user_id uuid not null,
          type text not null,
          title text not null,
          description text not null,
          created_at timestamptz not null
        );
        create index activities_user on activities (user_id, created_at desc);
      `);
    },
  },
  {
    // The date on the decision letter of an approved or denied claim.
    name: '0012a_claim_decision_date',
    async up(knex) {
      await knex.raw('alter table claims add column decision_date text');
    },
  },
  {
    // The staff console's claims list spans every veteran: newest first, and by status, as pages.
    name: '0102_claims_staff_list_indexes',
    async up(knex) {
      await knex.raw(`
        create index claims_filed on claims (filed_at desc, claim_id);
        create index claims_status_filed on claims (status, filed_at desc, claim_id);
      `);
    },
  },
];
