import { migrate } from '../db/migrations';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { PostgresEventStore } from './postgres';
import { eventStoreMigrations } from './postgresMigrations';
import { START, comparePositions, type GlobalPosition, type Subscription } from './types';
import { eventually } from '../testing/eventually';

/** Long enough that only a wake (an append, a notification, a waiter) can make a subscriber read in a test. */
const NEVER_POLLS = 60_000;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('which appends wake a subscriber', () => {
  let db: TestDatabase;
  const stores: PostgresEventStore[] = [];
  const subscriptions: Subscription[] = [];
  const openStore = () => {
    const store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    stores.push(store);
    return store;
  };
  const subscribeWanted = (store: PostgresEventStore, handled: string[]) => {
    const subscription = store.subscribe({
      name: `wanted-${subscriptions.length}`,
      filter: { types: ['Wanted'] },
      pollIntervalMs: NEVER_POLLS,
      readOnly: true,
      handle: async (events) => void handled.push(...events.map((event) => event.type)),
    });
    subscriptions.push(subscription);
    return subscription;
  };
  const reached = (subscription: Subscription, position: GlobalPosition) => comparePositions(subscription.position(), position) >= 0;

  beforeEach(async () => {
    db = await createTestDatabase('wake');
    await migrate(db.knex, 'platform', eventStoreMigrations);
  });
  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
    await Promise.all(stores.splice(0).map((store) => store.close()));
    await db.drop();
  });

  it('does not wake a subscriber for types it does not handle, until somebody waits for a position past them', async () => {
    const store = openStore();
    const handled: string[] = [];
    const subscription = subscribeWanted(store, handled);
    await subscription.waitFor(START, 5_000);
    await settle();
    const before = subscription.position();

    const { position } = await store.appendToStream('other-1', [{ type: 'Other', data: {} }], { expectedVersion: 'no_stream' });
    await settle();
    expect(subscription.position()).toEqual(before);

    // A reader waiting for that position wakes it: the reader is answered once the read found
    // nothing it handles, and the checkpoint passes the event without handling it.
    await subscription.waitFor(position, 5_000);
    await eventually(() => reached(subscription, position), 2_000);
    expect(reached(subscription, position)).toBe(true);
    expect(handled).toEqual([]);
  });

  it('wakes a subscriber for a type it handles, in this process and in another one', async () => {
    const writer = openStore();
    const elsewhere = openStore();
    const here: string[] = [];
    const there: string[] = [];
    const local = subscribeWanted(writer, here);
    const remote = subscribeWanted(elsewhere, there);
    await Promise.all([local.waitFor(START, 5_000), remote.waitFor(START, 5_000)]);
    await settle();

    const other = await writer.appendToStream('other-2', [{ type: 'Other', data: {} }], { expectedVersion: 'no_stream' });
    await settle();
    expect(reached(remote, other.position)).toBe(false);

    const { position } = await writer.appendToStream('wanted-1', [{ type: 'Wanted', data: {} }], { expectedVersion: 'no_stream' });
    await eventually(() => reached(local, position) && reached(remote, position), 2_000);
    expect(here).toEqual(['Wanted']);
    expect(there).toEqual(['Wanted']);
  });

  it('reads once per append it handles: having reached the head it saw, it waits for the next wake', async () => {
    const store = openStore();
    const handled: string[] = [];
    const subscription = subscribeWanted(store, handled);
    await subscription.waitFor(START, 5_000);
    await settle();
    let reads = 0;
    const count = (query: { sql: string }) => void (/from \(select events_readable_before\(\)/.test(query.sql) && reads++);
    db.knex.on('query', count);
    try {
      const { position } = await store.appendToStream('wanted-2', [{ type: 'Wanted', data: {} }], { expectedVersion: 'no_stream' });
      await subscription.waitFor(position, 5_000);
      await settle();
    } finally {
      db.knex.off('query', count);
    }
    expect(handled).toEqual(['Wanted']);
    expect(reads).toBe(1);
  });

  it('stores a checkpoint that only passed other types a few times at once, then about once a second, and the last one on stop', async () => {
    const store = openStore();
    const handled: string[] = [];
    const subscription = subscribeWanted(store, handled);
    await subscription.waitFor(START, 5_000);
    await settle();
    const stored = async () => {
      const row = await db
        .knex('subscription_checkpoints')
        .where({ name: 'wanted-0' })
        .first(db.knex.raw('tx_id::text as tx, seq::text as seq'));
      return { txId: BigInt(row.tx), seq: BigInt(row.seq) } as GlobalPosition;
    };
    let writes = 0;
    const count = (query: { sql: string }) => void (/^update subscription_checkpoints/.test(query.sql.trim()) && writes++);
    db.knex.on('query', count);
    let last: GlobalPosition = START;
    try {
      // Each waited for, as a command's read-your-writes waits for every projector.
      for (let i = 0; i < 12; i++) {
        last = (await store.appendToStream(`other-skip-${i}`, [{ type: 'Other', data: {} }], { expectedVersion: 'no_stream' })).position;
        await subscription.waitFor(last, 5_000);
      }
      expect(writes).toBeLessThanOrEqual(4);
      expect(reached(subscription, last)).toBe(true);
      // The skip waiting its turn is stored when its turn comes, with no append to wake it.
      await eventually(async () => comparePositions(await stored(), last) >= 0, 5_000, 50);
      expect(await stored()).toEqual(last);

      for (let i = 0; i < 4; i++) {
        last = (await store.appendToStream(`other-stop-${i}`, [{ type: 'Other', data: {} }], { expectedVersion: 'no_stream' })).position;
        await subscription.waitFor(last, 5_000);
      }
      await subscription.stop();
      expect(await stored()).toEqual(last);
    } finally {
      db.knex.off('query', count);
    }
    expect(handled).toEqual([]);
  });

  it('folds the appends made while a batch runs into one following read', async () => {
    const store = openStore();
    const batches: number[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const batchStarted = new Promise<void>((resolve) => (started = resolve));
    const subscription = store.subscribe({
      name: 'slow-wanted',
      filter: { types: ['Wanted'] },
      pollIntervalMs: NEVER_POLLS,
      readOnly: true,
      handle: async (events) => {
        batches.push(events.length);
        if (batches.length === 1) {
          started();
          await held;
        }
      },
    });
    subscriptions.push(subscription);
    await subscription.waitFor(START, 5_000);
    await settle();
    let reads = 0;
    const count = (query: { sql: string }) => void (/from \(select events_readable_before\(\)/.test(query.sql) && reads++);
    db.knex.on('query', count);
    try {
      await store.appendToStream('first', [{ type: 'Wanted', data: {} }], { expectedVersion: 'no_stream' });
      await batchStarted;
      let last: GlobalPosition = START;
      for (let i = 0; i < 5; i++)
        last = (await store.appendToStream(`during-${i}`, [{ type: 'Wanted', data: {} }], { expectedVersion: 'no_stream' })).position;
      // Their NOTIFYs arrive on the listening connection a moment after the appends answer; one told
      // only after the batch ends would wake a read of its own, which is not what this case is about.
      await settle();
      release();
      await subscription.waitFor(last, 5_000);
      await settle();
    } finally {
      db.knex.off('query', count);
    }
    expect(batches).toEqual([1, 5]);
    expect(reads).toBe(2);
  });
});
