import type { Knex } from 'knex';
import { migrate } from '../db/migrations';
import { PostgresEventStore } from '../eventstore/postgres';
import { eventStoreMigrations } from '../eventstore/postgresMigrations';
import type { RecordedEvent, Subscription } from '../eventstore/types';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { eventually } from '../testing/eventually';

/**
 * What an idle subscriber does while a committed event is not readable yet (an older transaction
 * is still open): it chases it only when something says the event may be its own.
 */
describe('subscribers waiting for events that are not readable yet', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const subscriptions: Subscription[] = [];
  /** Log reads sent for each type a subscriber reads. */
  const reads = new Map<string, number>();
  const countRead = (query: { sql: string; bindings?: unknown[] }) => {
    if (!query.sql.includes('newest.newest_tx')) return;
    for (const type of (query.bindings?.[4] as string[] | undefined) ?? []) reads.set(type, (reads.get(type) ?? 0) + 1);
  };

  beforeAll(async () => {
    db = await createTestDatabase('idle_wait');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    db.knex.on('query', countRead);
  });
  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => {
    db.knex.off('query', countRead);
    await store.close();
    await db.drop();
  });

  /** An open transaction holding a transaction id: every event committed after it starts is not readable until it ends. */
  async function holdingTheHorizon(name: string): Promise<Knex.Transaction> {
    const open = await db.knex.transaction();
    await open.raw('insert into event_streams (stream_id, version) values (?, 0)', [name]);
    return open;
  }

  it('reads once a poll interval, not 2, 4, 8 … ms apart, when no append of its types says anything', async () => {
    const handled: RecordedEvent[] = [];
    subscriptions.push(
      store.subscribe({
        name: 'idle:projector',
        filter: { types: ['QuietProjected'] },
        pollIntervalMs: 300,
        readOnly: true,
        handle: async (events) => void handled.push(...events),
      }),
      store.subscribeConcurrently({
        name: 'idle:worker',
        filter: { types: ['QuietWorked'] },
        pollIntervalMs: 300,
        handle: async (event) => void handled.push(event),
      }),
    );
    const { position } = await store.appendToStream('idle-start', [{ type: 'Other', data: {} }], { expectedVersion: 0 });
    await Promise.all(subscriptions.map((s) => s.waitFor(position, 10_000)));
    await new Promise((resolve) => setTimeout(resolve, 400));

    const open = await holdingTheHorizon('idle-held');
    try {
      await store.appendToStream('idle-other', [{ type: 'Other', data: {} }], { expectedVersion: 0 });
      reads.clear();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      // About five polls in 1.5 s, six allowed (chasing, each would have read eight times in its first half second).
      for (const type of ['QuietProjected', 'QuietWorked']) {
        expect(reads.get(type)).toBeGreaterThanOrEqual(1);
        expect(reads.get(type)).toBeLessThanOrEqual(6);
      }
    } finally {
      await open.rollback();
    }
    expect(handled).toEqual([]);
  });

  it.each([
    ['a projector', false],
    ['a worker', true],
  ])('chases an event of its types that is not readable yet: %s sees it soon after, not a poll interval later', async (_, worker) => {
    const handled: RecordedEvent[] = [];
    const type = worker ? 'AwaitedWork' : 'AwaitedProjection';
    const options = { name: `chase:${type}`, filter: { types: [type] }, pollIntervalMs: 120_000 };
    subscriptions.push(
      worker
        ? store.subscribeConcurrently({ ...options, handle: async (event) => void handled.push(event) })
        : store.subscribe({ ...options, readOnly: true, handle: async (events) => void handled.push(...events) }),
    );
    const { position } = await store.appendToStream(`chase-start-${type}`, [{ type: 'Other', data: {} }], { expectedVersion: 0 });
    await subscriptions[0]!.waitFor(position, 10_000);

    const open = await holdingTheHorizon(`chase-held-${type}`);
    try {
      // Its append wakes it, and the event is not readable yet when it looks.
      await store.appendToStream(`chase-${type}`, [{ type, data: {} }], { expectedVersion: 0 });
      await eventually(() => (reads.get(type) ?? 0) >= 3, 10_000);
      expect(handled).toEqual([]);
    } finally {
      await open.rollback();
    }
    // Nothing wakes it now but its own chase: its poll interval is two minutes.
    await eventually(() => handled.length === 1, 10_000);
    expect(handled[0]!.streamId).toBe(`chase-${type}`);
  });
});
