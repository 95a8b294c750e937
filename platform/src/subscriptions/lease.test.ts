import { createTestDatabase, type TestDatabase } from '../testing/database';
import { startFaultyProxy } from '../testing/faultyProxy';
import { holdLease, type Lease } from './lease';
import { eventually } from '../testing/eventually';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('projector lease', () => {
  let db: TestDatabase;
  const leases: Lease[] = [];
  beforeEach(async () => {
    db = await createTestDatabase('lease');
  });
  afterEach(async () => {
    await Promise.all(leases.splice(0).map((l) => l.stop()));
    await db.drop();
  });

  /** A runner whose "projector" counts how many runners work at once. */
  function runners(count: number) {
    const state = { active: 0, most: 0, starts: [] as number[] };
    const made = Array.from({ length: count }, (_, i) => {
      const lease = holdLease({
        connectionString: db.url,
        key: 'projection:claims:v1',
        retryMs: 50,
        start: () => {
          state.active += 1;
          state.most = Math.max(state.most, state.active);
          state.starts.push(i);
          return async () => void (state.active -= 1);
        },
      });
      leases.push(lease);
      return lease;
    });
    return { state, made };
  }

  it('lets one of two runners work, and the other takes over when it stops', async () => {
    const { state, made } = runners(2);
    await eventually(() => state.active === 1);
    await sleep(300);
    expect(state.most).toBe(1);
    const holder = made.findIndex((l) => l.holds());
    await made[holder]!.stop();
    await eventually(() => made[1 - holder]!.holds() && state.active === 1);
    expect(state.most).toBe(1);
    expect(state.starts).toEqual([holder, 1 - holder]);
  });

  it('hands over when the holder dies (its session killed), and the dead holder stops working', async () => {
    const { state, made } = runners(2);
    await eventually(() => state.active === 1);
    // The holder's process "dies": its database session ends without a word.
    await db.knex.raw(
      "select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())",
    );
    await eventually(() => state.starts.length >= 2 && state.active === 1);
    expect(state.most).toBe(1);
    expect(state.starts[1]).not.toBeUndefined();
    expect(made.filter((l) => l.holds())).toHaveLength(1);
  });

  it('stops while its connection attempt hangs in a network that drops every packet', async () => {
    const target = new URL(db.url);
    const proxy = await startFaultyProxy({ host: target.hostname, port: Number(target.port) });
    try {
      await proxy.setMode('drop');
      // A connection attempt here waits for its own timeout (half the silence bound: 10 s).
      const lease = holdLease({
        connectionString: proxy.url(db.url),
        key: 'projection:claims:v1',
        silenceTimeoutMs: 20_000,
        start: () => async () => undefined,
      });
      await eventually(() => proxy.stats().connections === 1);
      const stopping = lease.stop().then(() => 'stopped' as const);
      const connectTimeout = sleep(10_000).then(() => 'still stopping when the connection attempt would have timed out' as const);
      expect(await Promise.race([stopping, connectTimeout])).toBe('stopped');
      expect(lease.holds()).toBe(false);
    } finally {
      await proxy.close();
    }
  }, 20_000);

  it("hands over within the bound when the holder's network drops every packet, and the old holder stops first", async () => {
    const target = new URL(db.url);
    const proxy = await startFaultyProxy({ host: target.hostname, port: Number(target.port) });
    const events: string[] = [];
    const state = { active: 0, most: 0 };
    const runner = (name: string, connectionString: string) => {
      const lease = holdLease({
        connectionString,
        key: 'projection:claims:v1',
        retryMs: 100,
        silenceTimeoutMs: 2000,
        start: () => {
          state.active += 1;
          state.most = Math.max(state.most, state.active);
          events.push(`${name} started`);
          return async () => {
            state.active -= 1;
            events.push(`${name} stopped`);
          };
        },
      });
      leases.push(lease);
      return lease;
    };
    try {
      const holder = runner('holder', proxy.url(db.url));
      await eventually(() => holder.holds());
      const standby = runner('standby', db.url);
      await sleep(300);
      expect(standby.holds()).toBe(false);
      // The holder's packets vanish: no reset, no error, its session simply hears nothing more.
      const droppedAt = Date.now();
      await proxy.setMode('drop');
      await eventually(() => standby.holds(), 10_000);
      const tookOverAfter = Date.now() - droppedAt;
      // silenceTimeoutMs plus the standby's retry, and a margin for a busy machine.
      expect(tookOverAfter).toBeLessThan(2000 + 100 + 1500);
      expect(holder.holds()).toBe(false);
      expect(events).toEqual(['holder started', 'holder stopped', 'standby started']);
      expect(state.most).toBe(1);
    } finally {
      await Promise.all(leases.splice(0).map((l) => l.stop()));
      await proxy.close();
    }
  }, 30_000);
});
