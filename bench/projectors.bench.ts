/**
 * Where a rebuild spends its time, and whether that grows with the store: each read-model projector
 * rebuilds alone, from the same synthetic histories, into fresh tables, on a small store and on one
 * ten times larger with the same number of claims per veteran (so only the store's size changes).
 * The small store's rate is the baseline: a projector whose cost per event is flat keeps a ratio
 * near 1; one that falls as the store grows does per-event work that grows with a table.
 */
import { ProjectionRunner, projectionMigrations, readModelProjectors } from '@cc/projection-service';
import { createLogger } from '../platform/src/logger';
import { createKnex } from '../platform/src/db/knex';
import { migrate } from '../platform/src/db/migrations';
import { PersonalDataVault, personalDataMigrations } from '../platform/src/crypto/personalDataVault';
import { PostgresEventStore } from '../platform/src/eventstore/postgres';
import { eventStoreMigrations } from '../platform/src/eventstore/postgresMigrations';
import { size, type BenchContext, type BenchRow, type BenchSuite } from './harness';
import { SyntheticHistories, writeHistories } from './synthetic';

/** The synthetic veterans file six claims each, as in the read-models bench's store of a million events. */
const CLAIMS_PER_VETERAN = 6;

interface StoreRates {
  events: number;
  /** Events of the whole log per second, per projector running alone. */
  rates: Map<string, number>;
}

async function ratesOnStore(ctx: BenchContext, claims: number): Promise<StoreRates> {
  const url = await ctx.createDatabase();
  const knex = createKnex(url, { max: 10 });
  const store = new PostgresEventStore({ knex, connectionString: url });
  try {
    await migrate(knex, 'platform', [...eventStoreMigrations, ...personalDataMigrations]);
    await migrate(knex, 'projection', projectionMigrations);
    await store.ready();
    const vault = new PersonalDataVault(knex);
    const histories = await SyntheticHistories.create(vault, Math.max(1, Math.round(claims / CLAIMS_PER_VETERAN)));
    const events = await writeHistories(knex, histories, claims);
    await knex.raw('vacuum analyze events');
    const head = await store.headPosition();
    const rates = new Map<string, number>();
    for (const projector of readModelProjectors(vault)) {
      const runner = new ProjectionRunner({ store, projectors: [projector], logger: createLogger('silent') });
      const start = performance.now();
      runner.start();
      try {
        await runner.waitFor(head, 900_000);
      } finally {
        await runner.stop();
      }
      rates.set(projector.name, events / ((performance.now() - start) / 1000));
    }
    return { events, rates };
  } finally {
    await store.close();
    await knex.destroy();
  }
}

export const projectorsBench: BenchSuite = {
  name: 'projectors',
  async run(ctx) {
    const small = await ratesOnStore(ctx, size(ctx, 1_000, 60));
    const large = await ratesOnStore(ctx, size(ctx, 10_000, 300));
    const rows: BenchRow[] = [];
    for (const [name, rate] of large.rates) {
      const baseline = small.rates.get(name)!;
      const ratio = rate / baseline;
      ctx.log(`${name}: ${rate.toFixed(0)} ev/s on ${large.events} events, ${baseline.toFixed(0)} ev/s on ${small.events}`);
      rows.push({
        figure: `rebuild, ${name} alone, ${large.events} events`,
        value: `${rate.toFixed(0)} ev/s`,
        baseline: `${baseline.toFixed(0)} ev/s on ${small.events}`,
        ratio,
        target: '≥ 25000 ev/s, ≥ 0.67× small store',
        ok: rate >= 25_000 && ratio >= 0.67,
      });
    }
    return rows;
  },
};
