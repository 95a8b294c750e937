/**
 * A full rebuild: every read model rebuilt together by the ProjectionRebuilder (what the support
 * page and `npm run replay -- all` run), from synthetic claim and document histories, into fresh
 * tables and swapped in. Measured on a small store and a large one, each against a bare `COPY` of
 * the same rows by the database alone, in the same run. The fixed cost (every rebuild's scratch
 * tables made and swapped, on an empty log) is printed beside them, so a figure tells apart what a
 * rebuild costs per read model from what it costs per event.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import { ProjectionRebuilder, projectionMigrations, projectionRunnerMigrations, readModelProjectors } from '@cc/projection-service';
import { createLogger } from '../platform/src/logger';
import { createKnex, type Knex } from '../platform/src/db/knex';
import { migrate } from '../platform/src/db/migrations';
import { PersonalDataVault, personalDataMigrations } from '../platform/src/crypto/personalDataVault';
import { PostgresEventStore } from '../platform/src/eventstore/postgres';
import { eventStoreMigrations } from '../platform/src/eventstore/postgresMigrations';
import { size, type BenchContext, type BenchRow, type BenchSuite } from './harness';
import { EVENTS_PER_CLAIM, SyntheticHistories, writeHistories } from './synthetic';

const TARGET = 25_000;

/** The machine is shared: every figure says how busy it was. */
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

interface Timed {
  seconds: number;
  /** This process's CPU seconds meanwhile (the projectors' folds): steadier than the time on a busy machine. */
  cpuSeconds: number;
  /** Per read model: seconds from the start to its swap. */
  each: Map<string, number>;
}

/** Rebuilds every read model together, as `npm run replay -- all` does, and answers how long it took. */
async function rebuildAll(knex: Knex, store: PostgresEventStore, vault: PersonalDataVault): Promise<Timed> {
  const projectors = readModelProjectors(vault);
  const rebuilder = new ProjectionRebuilder({
    knex,
    store,
    projectors,
    readModelMigrations: projectionMigrations,
    logger: createLogger('silent'),
  });
  const each = new Map<string, number>();
  const start = performance.now();
  const cpu = process.cpuUsage();
  try {
    const started = await rebuilder.startMany(
      projectors.map((p) => p.name),
      { requestedBy: null, operator: 'bench' },
    );
    await Promise.all(
      started.map(async ({ status }) => {
        const done = await rebuilder.whenDone(status.id);
        if (done?.state !== 'swapped') throw new Error(`The rebuild of ${status.projection} ended ${done?.state}: ${done?.error}`);
        each.set(status.projection, (performance.now() - start) / 1000);
      }),
    );
  } finally {
    await rebuilder.stop();
  }
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - start) / 1000, cpuSeconds: (used.user + used.system) / 1e6, each };
}

/**
 * The same rows loaded by the database alone, with no projector in between: written out once with
 * `COPY … TO`, then timed coming back in with `COPY … FROM` into a table of the same shape.
 */
async function bareCopy(knex: Knex): Promise<number> {
  const file = `/tmp/cc-rebuild-baseline-${process.pid}.copy`;
  await knex.raw(`copy events to '${file}'`);
  await knex.raw(`create table rebuild_baseline (like events)`);
  const start = performance.now();
  await knex.raw(`copy rebuild_baseline from '${file}'`);
  const seconds = (performance.now() - start) / 1000;
  await knex.raw(`drop table rebuild_baseline`);
  await fs.rm(file, { force: true });
  return seconds;
}

async function figureAt(ctx: BenchContext, claims: number, label: string): Promise<{ row: BenchRow; fixed: number }> {
  const url = await ctx.createDatabase();
  const knex = createKnex(url, { max: 10 });
  const store = new PostgresEventStore({ knex, connectionString: url });
  try {
    await migrate(knex, 'platform', [...eventStoreMigrations, ...personalDataMigrations]);
    await migrate(knex, 'projection', projectionMigrations);
    await migrate(knex, 'projection_runner', projectionRunnerMigrations);
    await store.ready();
    const vault = new PersonalDataVault(knex);

    const empty = await rebuildAll(knex, store, vault);
    ctx.log(`rebuild (${label}): fixed cost, every read model on an empty log: ${empty.seconds.toFixed(2)} s`);

    const histories = await SyntheticHistories.create(vault, Math.max(1, Math.round(claims / 6)));
    const events = await writeHistories(knex, histories, claims, (n) => {
      if (n % 200_000 < EVENTS_PER_CLAIM * 1000) ctx.log(`rebuild (${label}): ${n} events written`);
    });
    await knex.raw('vacuum analyze events');

    const copySeconds = await bareCopy(knex);
    const copyRate = events / copySeconds;
    const load = loadAverage();
    const full = await rebuildAll(knex, store, vault);
    const rate = events / full.seconds;
    const slowest = [...full.each]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
      .join(', ');
    ctx.log(
      `rebuild (${label}): ${events} events, every read model in ${full.seconds.toFixed(1)} s ` +
        `(${rate.toFixed(0)} ev/s; fixed cost ${empty.seconds.toFixed(1)} s; node CPU ${full.cpuSeconds.toFixed(1)} s); bare copy ${copySeconds.toFixed(2)} s; ` +
        `slowest: ${slowest}; load average ${load}`,
    );
    return {
      fixed: empty.seconds,
      row: {
        figure: `full rebuild, every read model together, ${events} events (load ${load})`,
        value: `${rate.toFixed(0)} ev/s`,
        baseline: `${copyRate.toFixed(0)} rows/s bare copy`,
        ratio: rate / copyRate,
        target: `≥ ${TARGET} ev/s`,
        ok: rate >= TARGET,
      },
    };
  } finally {
    await store.close();
    await knex.destroy();
  }
}

export const rebuildBench: BenchSuite = {
  name: 'rebuild',
  async run(ctx) {
    const small = await figureAt(ctx, size(ctx, 300, 300), 'small');
    const large = await figureAt(ctx, size(ctx, Math.ceil(1_000_000 / EVENTS_PER_CLAIM), 3_000), 'large');
    return [small.row, large.row];
  },
};
