/**
 * `npm run bench`: append and catch-up throughput of the PostgreSQL event store on an embedded
 * database. Targets are floors for this 2-core machine; a run below one exits non-zero.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { createKnex } from '../src/db/knex';
import { migrate } from '../src/db/migrations';
import { PostgresEventStore } from '../src/eventstore/postgres';
import { eventStoreMigrations } from '../src/eventstore/postgresMigrations';

const TARGETS = { appendsPerSecond: 300, catchUpEventsPerSecond: 3000 };
const STREAMS = 20;
const EVENTS_PER_STREAM = 100;

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-bench-'));
  await fs.chmod(dir, 0o755);
  const db = await startEmbeddedPostgres({ clusterDir: path.join(dir, 'cluster') });
  const knex = createKnex(db.adminUrl, { max: 20 });
  try {
    await migrate(knex, 'platform', eventStoreMigrations);
    const store = new PostgresEventStore({ knex, connectionString: db.adminUrl });

    const appendStart = performance.now();
    await Promise.all(
      Array.from({ length: STREAMS }, async (_, s) => {
        for (let i = 0; i < EVENTS_PER_STREAM; i++) {
          await store.appendToStream(`bench-${s}`, [{ type: 'Benchmarked', data: { s, i, text: 'x'.repeat(200) } }], { expectedVersion: i });
        }
      }),
    );
    const total = STREAMS * EVENTS_PER_STREAM;
    const appendsPerSecond = total / ((performance.now() - appendStart) / 1000);

    const catchUpStart = performance.now();
    let seen = 0;
    const sub = store.subscribe({ name: 'bench', batchSize: 500, handle: async (events) => void (seen += events.length) });
    await sub.waitFor(await store.headPosition(), 60_000);
    const catchUpEventsPerSecond = seen / ((performance.now() - catchUpStart) / 1000);
    await store.close();

    const rows = [
      ['appends/s (single-event appends, 20 concurrent streams)', appendsPerSecond, TARGETS.appendsPerSecond],
      ['catch-up events/s (one subscriber, batches of 500)', catchUpEventsPerSecond, TARGETS.catchUpEventsPerSecond],
    ] as const;
    let ok = true;
    for (const [name, value, target] of rows) {
      const pass = value >= target;
      ok &&= pass;
      process.stdout.write(`${pass ? 'ok  ' : 'SLOW'} ${name}: ${value.toFixed(0)} (target ≥ ${target})\n`);
    }
    process.exitCode = ok ? 0 : 1;
  } finally {
    await knex.destroy();
    await db.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

void main();
