import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

export type { Knex };

// int8 (bigint) columns come back as strings by default; event positions are bigints and the code
// reads them as such, so no parser change here — callers convert explicitly with BigInt().
void pg;

/**
 * Settings of every connection the app opens, sent once as it connects (no statement of its own).
 *
 * `enable_memoize = off`: a Memoize cache (the planner's way to probe a join's inner side once per
 * distinct key) is sized by the planner's estimate of the distinct keys the join would probe if it
 * ran to the end (every owner of every claim), not by the 25 rows a page's LIMIT stops at. The
 * app's joins are such pages joined to their owners' profiles, so the cache saves a few index
 * probes of microseconds each while its set-up grows with the number of people: on a store of
 * 10,000 a staff page spent about 3 ms in it, 0.4 ms without (docs/decisions/performance.md). The
 * list-plan test holds every list query to plans without one.
 */
const CONNECTION_SETTINGS = '-c enable_memoize=off';

export function createKnex(connectionString: string, pool: { min?: number; max?: number } = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString, options: CONNECTION_SETTINGS },
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
