import type { Migration } from '@cc/platform';

export const billingMigrations: Migration[] = [
  {
    name: '0015_billing_subscriptions',
    async up(knex) {
      await knex.raw(`
        create table billing_subscriptions (
          subscription_id uuid primary key,
          user_id uuid not null,
          provider text not null,
          provider_subscription_id text,
          tier_name text not null,
          cycle text not null,
          plan_name text not null,
          amount integer not null,
          amount_due integer not null,
          currency text not null,
          status text not null,
          coupon jsonb,
          current_period_start timestamptz,
          current_period_end timestamptz,
          cancel_at_period_end boolean not null default false,
          canceled_at timestamptz,
          cancel_reason text,
          activated_at timestamptz,
          first_amount_paid integer,
          last_amount_paid integer,
          refunded_amount integer,
          started_at timestamptz not null,
          updated_at timestamptz not null
        );
        create index billing_subscriptions_user on billing_subscriptions (user_id, activated_at desc nulls last);
        -- The user's first paid subscription (the money-back guarantee's "first-time subscriber").
        create table billing_customers (
          user_id uuid primary key,
          first_entitled_subscription_id uuid not null
        );
      `);
    },
  },
];
