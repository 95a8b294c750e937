import type { Migration } from '../db/migrations';

/** Tables of the Kafka bus's consumers (migrated as `bus`; unused by the embedded bus). */
export const busMigrations: Migration[] = [
  {
    name: '0001_bus_deliveries',
    async up(knex) {
      // Kafka redelivers after a rebalance or a relay retry; an event id handled once is skipped.
      await knex.raw(`
        create table bus_deliveries (
          consumer text not null,
          event_id uuid not null,
          handled_at timestamptz not null default now(),
          primary key (consumer, event_id)
        );
      `);
    },
  },
];
