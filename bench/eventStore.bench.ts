/**
 * Event store figures: appends against a bare single-row INSERT into a table of the same shape (the
 * same columns, defaults, constraints and indexes), and catch-up reading against a bare
 * keyset-paged SELECT of the same rows, in the same database and run. The two append loops run in
 * alternating slices, so both meet the same neighbours on a shared machine.
 */
import { randomUUID } from 'node:crypto';
import { createKnex, type Knex } from '../platform/src/db/knex';
import { migrate } from '../platform/src/db/migrations';
import { PostgresEventStore } from '../platform/src/eventstore/postgres';
import { eventStoreMigrations } from '../platform/src/eventstore/postgresMigrations';
import { concurrently, sideBySide, size, type BenchContext, type BenchSuite } from './harness';

const WRITERS = 8;
const PAYLOAD = { text: 'x'.repeat(200) };

async function rawReadBaseline(knex: Knex, batch: number): Promise<number> {
  const start = performance.now();
  let seen = 0;
  let after = 0;
  for (;;) {
    const { rows } = await knex.raw('select * from events where global_position > ? order by global_position limit ?', [after, batch]);
    if (rows.length === 0) break;
    seen += rows.length;
    after = Number(rows[rows.length - 1].global_position);
  }
  return seen / ((performance.now() - start) / 1000);
}

export const eventStoreBench: BenchSuite = {
  name: 'event-store',
  async run(ctx: BenchContext) {
    const url = await ctx.createDatabase();
    const knex = createKnex(url, { max: WRITERS + 4 });
    try {
      await migrate(knex, 'platform', eventStoreMigrations);
      const store = new PostgresEventStore({ knex, connectionString: url });
      const count = size(ctx, 4000, 400);

      // `including all`: the same indexes too, and global_position drawn from the events' sequence.
      await knex.raw(`create table raw_events (like events including all)`);
      const rawInsert = (i: number) =>
        knex.raw(
          `insert into raw_events (event_id, stream_id, stream_version, type, data, metadata) values (?, ?, 1, 'Benchmarked', ?, '{}')`,
          [randomUUID(), `raw-${i}`, JSON.stringify(PAYLOAD)],
        );
      const storeAppend = (i: number) =>
        store.appendToStream(`bench-${i}`, [{ type: 'Benchmarked', data: PAYLOAD }], { expectedVersion: 'no_stream' });
      // Warm both paths (connections, plans, caches) before either is timed.
      const warm = size(ctx, 400, 100);
      await concurrently(warm, WRITERS, (i) => rawInsert(count + i));
      await concurrently(warm, WRITERS, (i) => storeAppend(count + i));
      const measured = await sideBySide({ count, slices: size(ctx, 8, 2), workers: WRITERS }, rawInsert, storeAppend);
      const raw = measured.a;
      const append = measured.b;
      ctx.log(`append ${append.toFixed(0)}/s, raw INSERT ${raw.toFixed(0)}/s`);

      const readBaseline = await rawReadBaseline(knex, 500);
      const catchUpStart = performance.now();
      let seen = 0;
      const sub = store.subscribe({ name: 'bench', batchSize: 500, handle: async (events) => void (seen += events.length) });
      await sub.waitFor(await store.headPosition(), 120_000);
      const catchUp = seen / ((performance.now() - catchUpStart) / 1000);
      await store.close();

      return [
        {
          figure: 'append, one event per new stream, 8 writers',
          value: `${append.toFixed(0)} ev/s`,
          baseline: `${raw.toFixed(0)} ins/s`,
          ratio: append / raw,
          target: '≥ 0.7× raw INSERT',
          ok: append / raw >= 0.7,
        },
        {
          figure: 'catch-up, one subscriber, batches of 500',
          value: `${catchUp.toFixed(0)} ev/s`,
          baseline: `${readBaseline.toFixed(0)} rows/s`,
          ratio: catchUp / readBaseline,
          target: '≥ 3000 ev/s',
          ok: catchUp >= 3000,
        },
      ];
    } finally {
      await knex.destroy();
    }
  },
};
