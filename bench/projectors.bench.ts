/**
 * Where a rebuild spends its time, and whether that grows with the store: each read-model projector
 * rebuilds alone, from the same synthetic histories, into fresh tables, on a small store and on one
 * ten times larger with the same number of claims per veteran (so only the store's size changes).
 * The small store's rate is the baseline: a projector whose cost per event is flat keeps a ratio
 * near 1; one that falls as the store grows does per-event work that grows with a table.
 *
 * Every statement a projector's run sends is counted (a knex `query` listener: its log reads,
 * transactions, row reads and writes, checkpoints, and the vault's key reads, told apart), per
 * 1,000 events it handles. Set-based projectors are printed beside the figures the same projectors
 * had row by row, measured before they were converted.
 */
import { ProjectionRunner, projectionMigrations, readModelProjectors, type ReadModelProjector } from '@cc/projection-service';
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

/**
 * The same projectors row by row, before they became set-based (docs/decisions/performance.md, "Rebuild": events of the
 * whole log per second on 7,000 and on 70,000 events, quiet machine; about five statements per event).
 */
const ROW_BY_ROW: Record<string, string> = {
  claims: '2,144 → 2,407 ev/s',
  claim_history: '3,129 → 3,006 ev/s',
  activities: '7,576 → 6,897 ev/s',
};

/** At most this many statements per 1,000 events a set-based projector handles. */
const STATEMENTS_TARGET = 20;

interface ProjectorRun {
  /** Events of the whole log per second, the projector running alone. */
  rate: number;
  /** Events of the types it handles. */
  handled: number;
  statements: number;
  /** Of which the vault's reads of a person's key (once per person and cache period). */
  keyReads: number;
  setBased: boolean;
}

interface StoreRates {
  events: number;
  runs: Map<string, ProjectorRun>;
}

const isSetBased = (projector: ReadModelProjector) => 'shape' in projector;

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
    const runs = new Map<string, ProjectorRun>();
    for (const projector of readModelProjectors(vault)) {
      const handled = await store.countEvents({ types: projector.handles, cap: events + 1 });
      const runner = new ProjectionRunner({ store, projectors: [projector], logger: createLogger('silent') });
      let statements = 0;
      let keyReads = 0;
      const count = (query: { sql: string }) => {
        statements += 1;
        if (query.sql.includes('personal_data_keys')) keyReads += 1;
      };
      knex.on('query', count);
      const start = performance.now();
      runner.start();
      try {
        await runner.waitFor(head, 900_000);
      } finally {
        await runner.stop();
        knex.off('query', count);
      }
      const rate = events / ((performance.now() - start) / 1000);
      runs.set(projector.name, { rate, handled, statements, keyReads, setBased: isSetBased(projector) });
    }
    return { events, runs };
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
    for (const [name, run] of large.runs) {
      const baseline = small.runs.get(name)!.rate;
      const ratio = run.rate / baseline;
      const perThousand = (n: number) => (n * 1000) / Math.max(1, run.handled);
      ctx.log(
        `${name} (${run.setBased ? 'set-based' : 'row by row'}): ${run.rate.toFixed(0)} ev/s on ${large.events} events, ` +
          `${baseline.toFixed(0)} ev/s on ${small.events}` +
          (run.setBased ? `; row by row before: ${ROW_BY_ROW[name] ?? 'n/a'}` : '') +
          (run.handled === 0
            ? '; handles none of these synthetic events'
            : `; ${run.statements} statements for ${run.handled} events handled ` +
              `(${perThousand(run.statements).toFixed(1)} per 1,000, of which ${perThousand(run.keyReads).toFixed(1)} key reads)`),
      );
      rows.push({
        figure: `rebuild, ${name} alone (${run.setBased ? 'set-based' : 'row by row'}), ${large.events} events`,
        value: `${run.rate.toFixed(0)} ev/s`,
        baseline:
          `${baseline.toFixed(0)} ev/s on ${small.events}` + (run.setBased && ROW_BY_ROW[name] ? `; row by row ${ROW_BY_ROW[name]}` : ''),
        ratio,
        target: '≥ 25000 ev/s, ≥ 0.67× small store',
        ok: run.rate >= 25_000 && ratio >= 0.67,
      });
      // A projector none of the synthetic events concern sends only the runner's own statements: no per-event figure.
      if (run.setBased && run.handled > 0) {
        const perThousandProjector = perThousand(run.statements - run.keyReads);
        rows.push({
          figure: `statements per 1,000 events, ${name} (set-based; + ${perThousand(run.keyReads).toFixed(1)} vault key reads)`,
          value: perThousandProjector.toFixed(1),
          baseline: '~5,000 row by row',
          ratio: perThousandProjector / 5000,
          target: `≤ ${STATEMENTS_TARGET}`,
          ok: perThousandProjector <= STATEMENTS_TARGET,
        });
      }
    }
    return rows;
  },
};
