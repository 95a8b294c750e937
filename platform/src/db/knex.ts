import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

export type { Knex };

// int8 (bigint) columns come back as strings by default; event positions are bigints and the code
// reads them as such, so no parser change here — callers convert explicitly with BigInt().
void pg;

export function createKnex(connectionString: string, pool: { min?: number; max?: number } = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: connectionString,
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
    log: {
      // A lost connection is reported by whoever's query failed (a subscriber once per outage);
      // knex's own line per broken connection would flood the log while the database is away.
      warn(message: unknown) {
        if (typeof message === 'string' && /^(Connection Error|Acquire connection error)/.test(message)) return;
        console.warn(message);
      },
    },
  });
}
