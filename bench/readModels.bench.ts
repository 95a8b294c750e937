/**
 * Read-model figures: the read-your-writes lag, from an append's answer until every asynchronous
 * projector has applied it, the claim views kept inline as the app keeps them (baseline: a
 * subscriber that does nothing with the same events, in the same run). The rebuild has its own
 * suite (rebuild.bench.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createProjectionService, inlineProjection, projectionMigrations } from '@cc/projection-service';
import { createLogger } from '../platform/src/logger';
import { createKnex } from '../platform/src/db/knex';
import { migrate } from '../platform/src/db/migrations';
import { PersonalDataVault, personalDataMigrations } from '../platform/src/crypto/personalDataVault';
import { PostgresEventStore } from '../platform/src/eventstore/postgres';
import { eventStoreMigrations } from '../platform/src/eventstore/postgresMigrations';
import { LocalObjectStorage } from '../platform/src/storage/localStorage';
import { START, type GlobalPosition } from '../platform/src/eventstore/types';
import { percentile, size, type BenchContext, type BenchRow, type BenchSuite } from './harness';
import { SyntheticHistories } from './synthetic';

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** `inline`: the app's store, keeping the claim views in its appends; without it every projector is a subscription (the rebuild figure). */
async function openReadSide(ctx: BenchContext, { inline = false } = {}) {
  const url = await ctx.createDatabase();
  const knex = createKnex(url, { max: 20 });
  await migrate(knex, 'platform', [...eventStoreMigrations, ...personalDataMigrations]);
  await migrate(knex, 'projection', projectionMigrations);
  const vault = new PersonalDataVault(knex);
  const store = new PostgresEventStore({ knex, connectionString: url, inline: inline ? inlineProjection(vault) : undefined });
  await store.ready();
  const files = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-bench-files-'));
  const projections = createProjectionService({
    knex,
    store,
    vault,
    storage: new LocalObjectStorage(files),
    logger: createLogger('silent'),
  });
  return {
    knex,
    store,
    vault,
    runner: projections.runner,
    async close() {
      await projections.runner.stop();
      await store.close();
      await knex.destroy();
      await fs.rm(files, { recursive: true, force: true });
    },
  };
}

async function readYourWritesLag(ctx: BenchContext): Promise<BenchRow> {
  const side = await openReadSide(ctx, { inline: true });
  try {
    const histories = await SyntheticHistories.create(side.vault, 20);
    side.runner.start();
    const bare = side.store.subscribe({ name: 'bench:bare', readOnly: true, handle: async () => undefined });
    await side.runner.waitFor(START, 10_000);
    const samples = size(ctx, 500, 40);
    const lag: number[] = [];
    const bareLag: number[] = [];
    // Each asynchronous projector's own lag: the figure is the slowest of them, this names it.
    const asynchronous = side.runner.projectors.map((p) => p.name).filter((name) => !side.runner.isInline(name));
    const lagOf = new Map(asynchronous.map((name) => [name, [] as number[]]));
    // Open loop at 50 appends a second, as the command figure; each measured on its own.
    const run = async (count: number, into?: { lag: number[]; bareLag: number[]; lagOf: Map<string, number[]> }) => {
      const waiting: Promise<void>[] = [];
      const measure = async (streamId: string, events: Parameters<typeof side.store.appendToStream>[1]) => {
        const { position } = await side.store.appendToStream(streamId, events, { expectedVersion: 'any' });
        const answered = performance.now();
        const timed = (wait: (p: GlobalPosition) => Promise<void>, samplesOf?: number[]) =>
          wait(position).then(() => void samplesOf?.push(performance.now() - answered));
        await Promise.all([
          timed((p) => side.runner.waitFor(p, 30_000), into?.lag),
          timed((p) => bare.waitFor(p, 30_000), into?.bareLag),
          ...asynchronous.map((name) => timed((p) => side.runner.waitFor(p, 30_000, [name]), into?.lagOf.get(name))),
        ]);
      };
      for (let i = 0; i < count; i++) {
        const [claim] = histories.next();
        waiting.push(measure(claim!.streamId, claim!.events.slice(0, 1 + (i % 2))));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await Promise.all(waiting);
    };
    // Warm-up, not measured: the first second after a start opens the pool's connections and
    // compiles the hot paths, which is a start's cost, not a command's lag.
    await run(size(ctx, 50, 10));
    // Every statement the process sends while the measured appends are handled, the appends' own included.
    let statements = 0;
    const count = () => void statements++;
    side.knex.on('query', count);
    await run(samples, { lag, bareLag, lagOf });
    side.knex.off('query', count);
    await bare.stop();
    const slowest = [...lagOf]
      .map(([name, samplesOf]) => ({ name, p99: percentile(samplesOf, 99) }))
      .sort((a, b) => b.p99 - a.p99)
      .slice(0, 3);
    ctx.log(
      `${(statements / samples).toFixed(1)} statements per append; slowest projectors, p99: ${slowest.map(({ name, p99 }) => `${name} ${ms(p99)}`).join(', ')}`,
    );
    const p99 = percentile(lag, 99);
    const bareP99 = percentile(bareLag, 99);
    ctx.log(
      `read-your-writes lag p50 ${ms(percentile(lag, 50))}, p99 ${ms(p99)}; bare subscriber p50 ${ms(percentile(bareLag, 50))}, p99 ${ms(bareP99)}`,
    );
    return {
      figure: 'read-your-writes lag (append answered → every asynchronous projector applied; claim views inline), p99 at 50/s',
      value: ms(p99),
      baseline: `${ms(bareP99)} bare subscriber`,
      ratio: p99 / bareP99,
      target: '≤ 1.5× bare subscriber',
      ok: p99 <= 1.5 * bareP99,
    };
  } finally {
    await side.close();
  }
}

export const readModelsBench: BenchSuite = {
  name: 'read-models',
  async run(ctx: BenchContext) {
    return [await readYourWritesLag(ctx)];
  },
};
