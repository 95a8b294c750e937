import type { Migration } from '@cc/platform';

/** Tables the write side keeps beside the event store: upload grants are short-lived capabilities, not facts. */
export const commandMigrations: Migration[] = [
  {
    name: '0001_upload_grants',
    async up(knex) {
      await knex.raw(`
        create table upload_grants (
          id uuid primary key,
          user_id uuid not null,
          object_key text not null unique,
          upload_url text not null unique,
          expires_at timestamptz not null,
          uploaded_at timestamptz,
          registered_at timestamptz,
          created_at timestamptz not null default now()
        );
        create index upload_grants_user on upload_grants (user_id);
        create table signing_keys (
          name text primary key,
          key bytea not null,
          created_at timestamptz not null default now()
        );
      `);
    },
  },
  {
    name: '0002_upload_grants_expiry',
    async up(knex) {
      // The sweep looks for ended addresses by expiry.
      await knex.raw('create index upload_grants_expiry on upload_grants (expires_at)');
    },
  },
];
