import type { Migration } from '@cc/platform';

/**
 * The offline test-mode provider keeps its own records, the way Stripe keeps its own: what it
 * charged and the events it still has to deliver. They are not the app's source of truth.
 */
export const billingMigrations: Migration[] = [
  {
    name: '0001_test_mode_provider',
    async up(knex) {
      await knex.raw(`
        create table test_mode_subscriptions (
          id text primary key,
          subscription_id uuid not null unique,
          user_id uuid not null,
          customer_id text not null,
          tier_name text not null,
          cycle text not null,
          amount integer not null,
          amount_due integer not null,
          coupon jsonb,
          status text not null,
          payment_intent_id text not null,
          client_secret text not null unique,
          card text,
          pending_card text,
          current_period_start timestamptz,
          current_period_end timestamptz,
          cancel_at_period_end boolean not null default false,
          past_due_since timestamptz,
          created_at timestamptz not null
        );
        create index test_mode_subscriptions_due on test_mode_subscriptions (current_period_end) where status in ('active', 'past_due');
        create table test_mode_payments (
          id text primary key,
          provider_subscription_id text not null,
          amount integer not null,
          refunded_amount integer,
          refund_id text,
          created_at timestamptz not null
        );
        -- Events the provider has to deliver, like a webhook that is retried until it is answered.
        create table test_mode_outbox (
          id bigserial primary key,
          fact jsonb not null,
          created_at timestamptz not null,
          delivered_at timestamptz
        );
        create index test_mode_outbox_pending on test_mode_outbox (id) where delivered_at is null;
      `);
    },
  },
];
