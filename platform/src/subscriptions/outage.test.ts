import { createKnex, type Knex } from '../db/knex';
import { migrate } from '../db/migrations';
import { PostgresEventStore } from '../eventstore/postgres';
import { eventStoreMigrations } from '../eventstore/postgresMigrations';
import type { SubscriptionStateChange } from '../eventstore/types';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { startFaultyProxy, type FaultyProxy } from '../testing/faultyProxy';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a subscriber while its database is unreachable', () => {
  let db: TestDatabase;
  let proxy: FaultyProxy;
  let proxiedKnex: Knex;
  let direct: PostgresEventStore;
  let proxied: PostgresEventStore;

  beforeEach(async () => {
    db = await createTestDatabase('unreachable');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    const target = new URL(db.url);
    proxy = await startFaultyProxy({ host: target.hostname, port: Number(target.port) });
    proxiedKnex = createKnex(proxy.url(db.url), { max: 4 });
    direct = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    proxied = new PostgresEventStore({ knex: proxiedKnex, connectionString: proxy.url(db.url) });
  });
  afterEach(async () => {
    await proxied.close();
    await direct.close();
    await proxiedKnex.destroy();
    await proxy.close();
    await db.drop();
  });

  it('says once that it waits and once that it is back, and is woken by appends again right away', async () => {
    const changes: SubscriptionStateChange[] = [];
    const errors: unknown[] = [];
    const seen: string[] = [];
    // A long poll interval: only the LISTEN connection can deliver quickly, so it must come back too.
    const sub = proxied.subscribe({
      name: 'unreachable',
      pollIntervalMs: 30_000,
      maxBackoffMs: 200,
      onStateChange: (change) => changes.push(change),
      onError: (error) => errors.push(error),
      handle: async (events) => void seen.push(...events.map((e) => e.streamId)),
    });
    const first = await direct.appendToStream('before', [{ type: 'A', data: {} }], { expectedVersion: 0 });
    await sub.waitFor(first.position, 10_000);

    await proxy.setMode('refuse');
    await direct.appendToStream('during', [{ type: 'A', data: {} }], { expectedVersion: 0 });
    await sleep(2500);
    expect(changes.map((c) => c.state)).toEqual(['degraded']);
    await proxy.setMode('up');

    const deadline = Date.now() + 10_000;
    // The handler runs inside the commit; "recovered" is told once that commit is through.
    while ((!seen.includes('during') || changes.length < 2) && Date.now() < deadline) await sleep(20);
    expect(seen).toEqual(['before', 'during']);
    expect(changes.map((c) => c.state)).toEqual(['degraded', 'recovered']);
    expect(changes[1]!.downForMs).toBeGreaterThan(2000);
    expect(errors).toEqual([]);

    // The LISTEN connection is back: a new append arrives long before the 30 s poll.
    await sleep(500);
    const started = Date.now();
    const after = await direct.appendToStream('after', [{ type: 'A', data: {} }], { expectedVersion: 0 });
    await sub.waitFor(after.position, 5_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    await sub.stop();
  }, 30_000);
});
