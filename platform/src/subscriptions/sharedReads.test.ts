import { migrate } from '../db/migrations';
import { PostgresEventStore } from '../eventstore/postgres';
import { eventStoreMigrations } from '../eventstore/postgresMigrations';
import { comparePositions, type GlobalPosition, type RecordedEvent, type Subscription } from '../eventstore/types';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { SharedReads } from './sharedReads';

describe('subscribers that share their reads of the log', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const subscriptions: Subscription[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('shared_reads');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
  });
  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const subscribe = (
    sharedReads: SharedReads,
    name: string,
    types: string[],
    seen: RecordedEvent[],
    options: { after?: GlobalPosition } = {},
  ) => {
    const subscription = store.subscribe({
      name,
      filter: { types },
      batchSize: 4,
      pollIntervalMs: 60_000,
      readOnly: true,
      sharedReads,
      after: options.after,
      handle: async (events) => void seen.push(...events),
    });
    subscriptions.push(subscription);
    return subscription;
  };

  it('gives each subscriber exactly its own events in order, in pages that end before some of them start', async () => {
    const types = ['A', 'B', 'C'];
    const appended: { type: string; position: GlobalPosition; id: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const type = types[i % 3]!;
      const { position } = await store.appendToStream(`s-${i}`, [{ type, data: { i } }], { expectedVersion: 0 });
      appended.push({ type, position, id: `s-${i}` });
    }
    const group = new SharedReads();
    const seen: Record<string, RecordedEvent[]> = { a: [], b: [], ab: [], late: [] };
    // Pages of four from different positions: "late" starts past most of the log, so a full page
    // read from the others' position says nothing of it and it is read again from its own.
    const late = appended[24]!.position;
    const subs = [
      subscribe(group, 'shared:a', ['A'], seen.a!),
      subscribe(group, 'shared:b', ['B'], seen.b!),
      subscribe(group, 'shared:ab', ['A', 'B'], seen.ab!),
      subscribe(group, 'shared:late', ['C'], seen.late!, { after: late }),
    ];
    const head = appended.at(-1)!.position;
    await Promise.all(subs.map((s) => s.waitFor(head, 10_000)));

    const streams = (list: RecordedEvent[]) => list.map((e) => e.streamId);
    const expected = (of: string[], after?: GlobalPosition) =>
      appended.filter((e) => of.includes(e.type) && (!after || comparePositions(e.position, after) > 0)).map((e) => e.id);
    expect(streams(seen.a!)).toEqual(expected(['A']));
    expect(streams(seen.b!)).toEqual(expected(['B']));
    expect(streams(seen.ab!)).toEqual(expected(['A', 'B']));
    expect(streams(seen.late!)).toEqual(expected(['C'], late));
    expect(group.counts.reads).toBeLessThan(group.counts.requests);
  });

  it('answers every subscriber of a group with one read when an append concerns one of them and others wait for it', async () => {
    const group = new SharedReads();
    const seen: RecordedEvent[] = [];
    const subs = ['X', 'Y', 'Z', 'W', 'V'].map((type) => subscribe(group, `one-read:${type}`, [type], type === 'X' ? seen : []));
    const { position: start } = await store.appendToStream('one-read-start', [{ type: 'Y', data: {} }], { expectedVersion: 0 });
    await Promise.all(subs.map((s) => s.waitFor(start, 10_000)));

    const before = group.counts.reads;
    const { position } = await store.appendToStream('one-read', [{ type: 'X', data: {} }], { expectedVersion: 0 });
    // The X subscriber is woken by the append; the others only by somebody waiting for its position.
    await Promise.all(subs.map((s) => s.waitFor(position, 10_000)));
    expect(seen.map((e) => e.streamId)).toEqual(['one-read']);
    // One read, or a few when the event was not readable yet the first time (IdleWait): never one per subscriber.
    expect(group.counts.reads - before).toBeLessThan(subs.length);
  });
});
