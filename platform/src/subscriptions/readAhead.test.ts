import { migrate } from '../db/migrations';
import { PostgresEventStore } from '../eventstore/postgres';
import { eventStoreMigrations } from '../eventstore/postgresMigrations';
import type { Subscription } from '../eventstore/types';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { eventually } from '../testing/eventually';
import { SharedReads, type ReadOfTypes } from './sharedReads';

/** A gate a handler waits at until the test opens it. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('a subscriber told of an append while its batch is open', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let subscription: Subscription | undefined;

  beforeAll(async () => {
    db = await createTestDatabase('read_ahead');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
  });
  afterEach(async () => {
    await subscription?.stop();
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  /** Shared reads that note, at each read, how far the subscriber's committed checkpoint was. */
  class NotingReads extends SharedReads {
    readonly checkpointsAtReads: string[] = [];
    subscription: Subscription | undefined;
    override over(read: ReadOfTypes): ReadOfTypes {
      const shared = super.over(read);
      return (after, limit, types) => {
        this.checkpointsAtReads.push(this.subscription!.position().seq.toString());
        return shared(after, limit, types);
      };
    }
  }

  it('reads the page after a batch while the batch commits when an append was told during its handler', async () => {
    const reads = new NotingReads();
    const release = gate();
    const batches: string[][] = [];
    let inHandler = false;
    subscription = store.subscribe({
      name: 'read-ahead',
      filter: { types: ['Noted'] },
      pollIntervalMs: 60_000,
      readOnly: true,
      sharedReads: reads,
      handle: async (events) => {
        inHandler = true;
        if (batches.length === 0) await release.opened;
        batches.push(events.map((e) => e.streamId));
        inHandler = false;
      },
    });
    reads.subscription = subscription;
    await store.appendToStream('first', [{ type: 'Noted', data: {} }], { expectedVersion: 0 });
    await eventually(() => inHandler);
    await store.appendToStream('second', [{ type: 'Noted', data: {} }], { expectedVersion: 0 });
    const third = await store.appendToStream('third', [{ type: 'Noted', data: {} }], { expectedVersion: 0 });
    // Their NOTIFYs arrive a moment after the appends answer; one told only after the read ahead has
    // started (a loaded machine) would be read on its own, which is not what this case is about.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release.open();
    await subscription.waitFor(third.position, 10_000);
    expect(batches).toEqual([['first'], ['second', 'third']]);
    // The page with "second" and "third" was read before the batch of "first" committed (the
    // checkpoint still at the start), and nothing was read after it.
    expect(reads.checkpointsAtReads.at(-1)).toBe('0');
  });

  it('drops the page read ahead when the batch does not commit, and goes on from the stored checkpoint', async () => {
    const reads = new SharedReads();
    const release = gate();
    const calls: string[][] = [];
    subscription = store.subscribe({
      name: 'read-ahead-moved',
      filter: { types: ['Moved'] },
      pollIntervalMs: 60_000,
      readOnly: true,
      sharedReads: reads,
      handle: async (events) => {
        calls.push(events.map((e) => e.streamId));
        if (calls.length === 1) await release.opened;
      },
    });
    const first = await store.appendToStream('moved-first', [{ type: 'Moved', data: {} }], { expectedVersion: 0 });
    await eventually(() => calls.length === 1);
    const second = await store.appendToStream('moved-second', [{ type: 'Moved', data: {} }], { expectedVersion: 0 });
    // Another instance handled "moved-first" meanwhile: this batch's compare-and-set fails after its read ahead.
    await db.knex.raw(`update subscription_checkpoints set tx_id = ?::xid8, seq = ? where name = 'read-ahead-moved'`, [
      first.position.txId.toString(),
      first.position.seq.toString(),
    ]);
    release.open();
    await subscription.waitFor(second.position, 10_000);
    expect(calls).toEqual([['moved-first'], ['moved-second']]);
  });
});
