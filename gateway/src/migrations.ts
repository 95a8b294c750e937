import type { Migration } from '@cc/platform';

/** Tables the gateway owns: sign-in secrets, sessions and request limits. None of this is in events. */
export const gatewayMigrations: Migration[] = [
  {
    name: '0001_sign_in',
    async up(knex) {
      await knex.raw(`
        create table user_credentials (
          user_id uuid primary key,
          email text not null unique,
          password_hash text not null,
          created_at timestamptz not null default now()
        );
        create table oidc_identities (
          issuer text not null,
          subject text not null,
          user_id uuid not null,
          created_at timestamptz not null default now(),
          primary key (issuer, subject)
        );
        create table oidc_login_states (
          state text primary key,
          code_verifier text not null,
          nonce text not null,
          expires_at timestamptz not null
        );
        create table sessions (
          id_hash text primary key,
          user_id uuid not null,
          created_at timestamptz not null default now(),
          expires_at timestamptz not null,
          last_position text
        );
        create index sessions_user on sessions (user_id);
        create index sessions_expiry on sessions (expires_at);
        create table login_failures (
          id bigserial primary key,
          key text not null,
          at timestamptz not null default now()
        );
        create index login_failures_key_at on login_failures (key, at);
      `);
    },
  },
  {
    name: '0002_rate_limits',
    async up(knex) {
      // One row per limited key (bucket and client address): the GCRA's theoretical arrival time.
      await knex.raw(`
        create table rate_limits (
          key text primary key,
          tat timestamptz not null
        );
      `);
    },
  },
  {
    name: '0003_password_reset_tokens',
    async up(knex) {
      // Only a SHA-256 of each token; the token itself exists only in the e-mail.
      await knex.raw(`
        create table password_reset_tokens (
          request_id uuid primary key,
          user_id uuid not null,
          token_hash text not null unique,
          expires_at timestamptz not null,
          used_at timestamptz,
          created_at timestamptz not null default now()
        );
        create index password_reset_tokens_user on password_reset_tokens (user_id);
      `);
    },
  },
];
