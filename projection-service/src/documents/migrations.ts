import type { Migration } from '@cc/platform';

export const documentsMigrations: Migration[] = [
  {
    name: '0003_documents',
    async up(knex) {
      await knex.raw(`
        create table documents (
          document_id uuid primary key,
          user_id uuid not null,
          file_name text not null,
          file_type text not null,
          detected_type text not null,
          file_size bigint not null,
          object_path text not null,
          sha256 text not null,
          processing_status text not null default 'pending',
          claim_id uuid,
          ai_analysis_results jsonb,
          uploaded_at timestamptz not null
        );
        create index documents_user on documents (user_id, uploaded_at desc);
        create index documents_claim on documents (claim_id);
        -- An activity can name what it is about, so it can go when that thing is deleted.
        alter table activities add column subject_id uuid;
        create index activities_subject on activities (subject_id);
      `);
    },
  },
  {
    name: '0004_document_analysis',
    async up(knex) {
      await knex.raw(`
        alter table documents
          add column analysis_type text,
          add column analysis_error text,
          add column analysis_id uuid,
          add column analyzed_at timestamptz;
      `);
    },
  },
  {
    // The staff console's documents list spans every veteran: newest first, and by processing status.
    name: '0103_documents_staff_list_indexes',
    async up(knex) {
      await knex.raw(`
        create index documents_uploaded on documents (uploaded_at desc, document_id);
        create index documents_status_uploaded on documents (processing_status, uploaded_at desc, document_id);
      `);
    },
  },
];
