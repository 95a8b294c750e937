import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { createKnex, type Knex } from '../db/knex';
import { migrate } from '../db/migrations';
import { createLogger } from '../logger';
import { startEmbeddedCluster, type ChildCluster } from '../testing/embeddedCluster';
import { restoreDump, startSystemPostgres, type SystemPostgres } from '../testing/systemPostgres';
import { startWorker } from '../workers/worker';
import { PostgresEventStore } from './postgres';
import { eventStoreMigrations } from './postgresMigrations';
import { comparePositions, type GlobalPosition, type Subscription } from './types';

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}
const scalar = async (url: string, sql: string) => String((await query(url, sql)).rows[0].value);

/** Both kinds of subscriber: a projector-like catch-up subscription and a worker. */
function subscribers(store: PostgresEventStore, seen: { catchUp: string[]; worker: string[] }): Subscription[] {
  return [
    store.subscribe({
      name: 'read-model',
      pollIntervalMs: 50,
      handle: async (events) => void seen.catchUp.push(...events.map((e) => e.streamId)),
    }),
    startWorker(store, { name: 'mailer', pollIntervalMs: 50, handle: async (event) => void seen.worker.push(event.streamId) }),
  ];
}

describe('the event store after a dump and a restore into a new cluster', () => {
  let source: SystemPostgres | undefined;
  let target: ChildCluster | undefined;
  let dir: string;
  /** Closed in afterAll too, so a failing run does not leave subscribers polling and jest waiting. */
  const toClose: { close(): Promise<unknown> }[] = [];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-restore-'));
    await fs.chmod(dir, 0o755);
  });
  afterAll(async () => {
    for (const item of toClose.reverse()) await item.close().catch(() => undefined);
    await source?.stop();
    await target?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('keeps positions increasing, so every subscriber receives the events appended after the restore', async () => {
    // The old server: a store with events, and two subscribers that read them all.
    source = await startSystemPostgres();
    await query(source.urlFor('postgres'), 'create database claims');
    const oldKnex: Knex = createKnex(source.urlFor('claims'), { max: 4 });
    await migrate(oldKnex, 'platform', eventStoreMigrations);
    const oldStore = new PostgresEventStore({ knex: oldKnex, connectionString: source.urlFor('claims') });
    toClose.push({ close: () => oldKnex.destroy() }, oldStore);
    for (let i = 0; i < 10; i++) await oldStore.appendToStream(`old-${i}`, [{ type: 'Happened', data: { i } }], { expectedVersion: 0 });
    // A server that has lived a while has used many more transaction ids than a new one.
    await oldKnex.raw(`create table burn (n int);
      do $$ begin for i in 1..3000 loop begin insert into burn values (i); exception when others then null; end; end loop; end $$;`);
    const lastOld = await oldStore.appendToStream('old-last', [{ type: 'Happened', data: {} }], { expectedVersion: 0 });
    const before = { catchUp: [] as string[], worker: [] as string[] };
    const oldSubscribers = subscribers(oldStore, before);
    await Promise.all(oldSubscribers.map((s) => s.waitFor(lastOld.position, 15_000)));
    await Promise.all(oldSubscribers.map((s) => s.stop()));
    expect(before.catchUp).toHaveLength(11);
    expect(before.worker).toHaveLength(11);
    await oldStore.close();
    await oldKnex.destroy();

    const dump = path.join(dir, 'claims.dump');
    await source.dump('claims', dump);
    await source.stop();
    source = undefined;

    // The new server: a fresh cluster, handing out transaction ids far below the restored ones.
    target = await startEmbeddedCluster(path.join(dir, 'new-cluster'));
    await target.createDatabase('claims');
    await restoreDump(dump, target.urlFor('claims'));
    const newestRestored = BigInt(await scalar(target.urlFor('claims'), 'select max(transaction_id)::text as value from events'));
    expect(newestRestored).toBe(lastOld.position.txId);
    expect(BigInt(await scalar(target.urlFor('claims'), 'select pg_current_xact_id()::text as value'))).toBeLessThan(newestRestored);

    const lines: string[] = [];
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const knex = createKnex(target.urlFor('claims'), { max: 6 });
    toClose.push({ close: () => knex.destroy() });
    await migrate(knex, 'platform', eventStoreMigrations);
    const store = new PostgresEventStore({ knex, connectionString: target.urlFor('claims'), logger });
    toClose.push(store);
    const after = { catchUp: [] as string[], worker: [] as string[] };
    const restarted = subscribers(store, after);
    const appended: GlobalPosition[] = [];
    for (let i = 0; i < 3; i++)
      appended.push((await store.appendToStream(`new-${i}`, [{ type: 'Happened', data: { i } }], { expectedVersion: 0 })).position);
    for (const position of appended) expect(comparePositions(position, lastOld.position)).toBe(1);

    await Promise.all(restarted.map((s) => s.waitFor(appended[2]!, 15_000)));
    await Promise.all(restarted.map((s) => s.stop()));
    expect(after.catchUp).toEqual(['new-0', 'new-1', 'new-2']);
    expect(after.worker).toEqual(['new-0', 'new-1', 'new-2']);
    expect((await store.readAll({ after: lastOld.position })).map((e) => e.streamId)).toEqual(['new-0', 'new-1', 'new-2']);
    expect(lines.join('')).toMatch(/restored into a cluster that hands out lower transaction ids/);

    // A second start finds nothing to do: the offset is kept in the database.
    const again = new PostgresEventStore({ knex, connectionString: target.urlFor('claims'), logger });
    lines.length = 0;
    await again.ready();
    expect(lines).toEqual([]);
    await again.close();
  }, 120_000);
});
