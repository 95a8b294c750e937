/**
 * Event store figures: appends against a bare single-row INSERT into a table of the same shape (the
 * same columns, defaults, constraints and indexes), and catch-up reading against a bare
 * keyset-paged SELECT of the same rows, in the same database and run. The two append loops run in
 * alternating slices, so both meet the same neighbours on a shared machine.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createKnex, type Knex } from '../platform/src/db/knex';
import { migrate } from '../platform/src/db/migrations';
import { PostgresEventStore } from '../platform/src/eventstore/postgres';
import { eventStoreMigrations } from '../platform/src/eventstore/postgresMigrations';
import { concurrently, sideBySide, size, type BenchContext, type BenchSuite } from './harness';

const WRITERS = 8;
const PAYLOAD = { text: 'x'.repeat(200) };

/**
 * CPU time, in ms, of a PostgreSQL server and every process it started (its backends among them),
 * from /proc; undefined where there is none. On a shared machine a rate swings with the neighbours'
 * load, but the CPU each unit costs hardly does, and on an idle 2-core machine both loops are
 * CPU-bound, so the ratio of their CPU costs is what the rates' ratio tends to there.
 */
function serverCpuMs(postmaster: number): number | undefined {
  const ticks = (pid: string) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) };
  };
  try {
    let total = 0;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const { parent, cpu } = ticks(pid);
        if (Number(pid) === postmaster || parent === postmaster) total += cpu;
      } catch {
        // The process ended while the list was read.
      }
    }
    // USER_HZ is 100 on Linux.
    return total * 10;
  } catch {
    return undefined;
  }
}

/** Server and Node CPU per unit (µs) of `count` units on `workers` loops, run after the timed slices. */
async function cpuPerUnit(postmaster: number | undefined, count: number, workers: number, unit: (i: number) => Promise<unknown>) {
  const server = postmaster === undefined ? undefined : serverCpuMs(postmaster);
  const node = process.cpuUsage();
  await concurrently(count, workers, unit);
  const used = process.cpuUsage(node);
  const serverAfter = postmaster === undefined ? undefined : serverCpuMs(postmaster);
  return {
    server: server === undefined || serverAfter === undefined ? undefined : ((serverAfter - server) * 1000) / count,
    node: (used.user + used.system) / count,
  };
}

/** The PostgreSQL server's own process id: the parent of this connection's backend (Linux only). */
async function postmasterOf(knex: Knex): Promise<number | undefined> {
  try {
    const { rows } = (await knex.raw('select pg_backend_pid() as pid')) as { rows: { pid: number }[] };
    const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

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
      // The same units again, untimed, with their CPU counted, in alternating rounds.
      const postmaster = await postmasterOf(knex);
      const cpu = { raw: { server: 0, node: 0 }, append: { server: 0, node: 0 } };
      const rounds = 4;
      const perRound = size(ctx, 1000, 50);
      let next = 2 * count;
      for (let round = 0; round < rounds; round++) {
        for (const side of round % 2 === 0 ? (['raw', 'append'] as const) : (['append', 'raw'] as const)) {
          const base = next;
          next += perRound;
          const used = await cpuPerUnit(postmaster, perRound, WRITERS, (i) => (side === 'raw' ? rawInsert : storeAppend)(base + i));
          cpu[side].server += (used.server ?? NaN) / rounds;
          cpu[side].node += used.node / rounds;
        }
      }
      const us = (value: number) => (Number.isNaN(value) ? '?' : value.toFixed(0));
      ctx.log(
        `CPU per unit, PostgreSQL + Node: append ${us(cpu.append.server)} + ${us(cpu.append.node)} µs, ` +
          `raw INSERT ${us(cpu.raw.server)} + ${us(cpu.raw.node)} µs; ` +
          `CPU ratio ${((cpu.raw.server + cpu.raw.node) / (cpu.append.server + cpu.append.node)).toFixed(2)}× ` +
          `(the rates' ratio on an idle 2-core machine, where both are CPU-bound)`,
      );

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
