import type { Migration } from '@cc/platform';

export const analyticsMigrations: Migration[] = [
  {
    // Each claim's filing, status changes and rating changes, raw (the claim history keeps them as sentences).
    name: '0110_analytics_claim_changes',
    async up(knex) {
      await knex.raw(`
        create table analytics_claim_changes (
          event_id uuid primary key,
          claim_id uuid not null,
          user_id uuid not null,
          kind text not null,
          status text,
          rating integer,
          at timestamptz not null,
          position_tx xid8 not null,
          position_seq bigint not null
        );
        create index analytics_claim_changes_user on analytics_claim_changes (user_id, position_tx, position_seq);
      `);
    },
  },
  {
    // The evidence map's inputs and maps, kept by the readiness history's own projector (until 0112), and one row per readiness change.
    name: '0111_analytics_readiness_history',
    async up(knex) {
      await knex.raw(`
        create table analytics_evidence_claims (
          claim_id text primary key,
          user_id text not null,
          claim_number text not null,
          condition text not null,
          condition_type text not null,
          status text not null,
          decision_date text
        );
        create index analytics_evidence_claims_user on analytics_evidence_claims (user_id);
        create table analytics_evidence_documents (
          document_id text primary key,
          user_id text not null,
          claim_id text,
          file_name text not null,
          analysis_id text,
          analysis_type text,
          result jsonb
        );
        create index analytics_evidence_documents_user on analytics_evidence_documents (user_id);
        create table analytics_evidence_maps (
          claim_id text primary key,
          user_id text not null,
          stage text not null,
          readiness integer not null,
          readiness_reason text not null,
          elements jsonb not null,
          review_deadline jsonb,
          updated_at timestamptz not null
        );
        create index analytics_evidence_maps_user on analytics_evidence_maps (user_id);
        create table analytics_readiness_history (
          event_id text not null,
          claim_id text not null,
          user_id text not null,
          readiness integer not null,
          stage text not null,
          at timestamptz not null,
          position_tx xid8 not null,
          position_seq bigint not null,
          primary key (event_id, claim_id)
        );
        create index analytics_readiness_history_user on analytics_readiness_history (user_id, position_tx, position_seq);
      `);
    },
  },
  {
    // The evidence projector records the readiness history in its own fold: the copies of its tables go.
    name: '0112_analytics_readiness_by_evidence',
    async up(knex) {
      await knex.raw(`
        drop table if exists analytics_evidence_claims;
        drop table if exists analytics_evidence_documents;
        drop table if exists analytics_evidence_maps;
      `);
    },
  },
];
