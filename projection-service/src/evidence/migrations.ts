import type { Migration } from '@cc/platform';

export const evidenceMigrations: Migration[] = [
  {
    // The evidence map's inputs (claims, documents with their latest analysis) and the maps themselves.
    name: '0020_evidence',
    async up(knex) {
      await knex.raw(`
        create table evidence_claims (
          claim_id text primary key,
          user_id text not null,
          claim_number text not null,
          condition text not null,
          condition_type text not null,
          status text not null
        );
        create index evidence_claims_user on evidence_claims (user_id);
        create table evidence_documents (
          document_id text primary key,
          user_id text not null,
          claim_id text,
          file_name text not null,
          analysis_id text,
          analysis_type text,
          result jsonb
        );
        create index evidence_documents_claim on evidence_documents (claim_id);
        create table evidence_maps (
          claim_id text primary key,
          user_id text not null,
          readiness integer not null,
          readiness_reason text not null,
          elements jsonb not null,
          updated_at timestamptz not null
        );
        create index evidence_maps_user on evidence_maps (user_id, readiness);
      `);
    },
  },
  {
    // Decided claims: the decision date (for the Supplemental Claim deadline), the map's stage and that deadline.
    name: '0020a_evidence_decisions',
    async up(knex) {
      await knex.raw(`
        alter table evidence_claims add column decision_date text;
        alter table evidence_maps add column stage text not null default 'building';
        alter table evidence_maps add column review_deadline jsonb;
      `);
    },
  },
  {
    // The projector reads each batch's owners' documents (a map reads its owner's rows) by owner.
    name: '0020b_evidence_documents_owner',
    async up(knex) {
      await knex.raw('create index evidence_documents_user on evidence_documents (user_id)');
    },
  },
];
