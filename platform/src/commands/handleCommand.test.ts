import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@cc/contracts';
import { migrate } from '../db/migrations';
import { PostgresEventStore } from '../eventstore/postgres';
import { eventStoreMigrations } from '../eventstore/postgresMigrations';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { DomainError, handleCommand, loadState, type Decider } from './handleCommand';

type Taken = Extract<DomainEvent, { type: 'UserDocumentRegistered' }>;
type Take = { type: 'Take'; data: { userId: string; documentId: string; limit: number } };

/** Counts slots taken, up to the command's limit: the shape of every limit decided on a user's stream. */
const slots = (every: number, name = 'slots@1'): Decider<{ taken: number }, Take, Taken> => ({
  initialState: () => ({ taken: 0 }),
  evolve: (state) => ({ taken: state.taken + 1 }),
  decide(command, state) {
    if (state.taken >= command.data.limit) throw new DomainError('limit-reached', 'No slot left.');
    return [{ type: 'UserDocumentRegistered', data: { userId: command.data.userId, documentId: command.data.documentId } }];
  },
  snapshot: {
    name,
    every,
    save: (state) => state,
    load: (saved) => {
      const taken = (saved as { taken?: unknown }).taken;
      if (typeof taken !== 'number') throw new Error('not a slots snapshot');
      return { taken };
    },
  },
});

describe('handleCommand with snapshots', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  /** Events handed to deciders by readStream since the last reset: what a command had to read and fold. */
  let read = 0;

  beforeEach(async () => {
    db = await createTestDatabase('cmd');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    const readStream = store.readStream.bind(store);
    store.readStream = async (...args) => {
      const result = await readStream(...args);
      read += result.events.length;
      return result;
    };
    read = 0;
  });
  afterEach(async () => {
    await store.close();
    await db.drop();
  });

  const take = (streamId: string, decider: Decider<{ taken: number }, Take, Taken>, limit = 1_000_000) =>
    handleCommand({
      store,
      streamId,
      decider,
      command: { type: 'Take', data: { userId: 'u1', documentId: randomUUID(), limit } },
      metadata: {},
      maxAttempts: 100,
    });

  /** A long history written straight to the store, as older code (without snapshots) left it. */
  const history = async (streamId: string, count: number) => {
    for (let done = 0; done < count; done += 500) {
      const batch = Array.from({ length: Math.min(500, count - done) }, () => ({
        type: 'UserDocumentRegistered',
        data: { userId: 'u1', documentId: randomUUID() },
      }));
      await store.appendToStream(streamId, batch, { expectedVersion: done });
    }
  };

  it('folds a long stream once, then reads only the events after its snapshot', async () => {
    const decider = slots(10);
    await history('long', 3_000);
    const first = await take('long', decider);
    expect(first.state.taken).toBe(3_001);
    expect(read).toBe(3_000);
    for (let i = 0; i < 25; i++) {
      read = 0;
      const next = await take('long', decider);
      expect(next.state.taken).toBe(3_002 + i);
      expect(read).toBeLessThan(10);
    }
    expect(await store.readSnapshot('long')).toMatchObject({ name: 'slots@1', version: 3_021, state: { taken: 3_021 } });
    const whole = await loadState(store, 'long', { ...decider, snapshot: undefined });
    expect(whole.state.taken).toBe(3_026);
  });

  it('keeps a limit exact when many commands race on a stream that snapshots often', async () => {
    const decider = slots(3);
    await history('race', 40);
    const answers = await Promise.allSettled(Array.from({ length: 30 }, () => take('race', decider, 60)));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(20);
    for (const a of answers) if (a.status === 'rejected') expect(a.reason).toBeInstanceOf(DomainError);
    expect((await store.readStream('race')).version).toBe(60);
    expect((await loadState(store, 'race', decider)).state.taken).toBe(60);
  }, 60_000);

  it('decides again on the new state for as long as a burst of commands on one stream lasts', async () => {
    const decider = { ...slots(5), snapshot: undefined };
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        handleCommand({
          store,
          streamId: 'burst',
          decider,
          command: { type: 'Take', data: { userId: 'u1', documentId: randomUUID(), limit: 100 } },
          metadata: {},
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 'rejected')).toEqual([]);
    expect((await store.readStream('burst')).version).toBe(20);
  }, 60_000);

  it('ignores a snapshot of another shape, or one it cannot read, and folds from the start', async () => {
    await history('renamed', 30);
    await take('renamed', slots(5, 'slots@1'));
    await store.writeSnapshot('odd', { name: 'slots@2', version: 10, state: { taken: 'ten' } });
    await history('odd', 30);
    read = 0;
    expect((await take('odd', slots(5, 'slots@2'))).state.taken).toBe(31);
    expect(read).toBe(30);
    read = 0;
    expect((await take('renamed', slots(5, 'slots@2'))).state.taken).toBe(32);
    expect(read).toBe(31);
    expect(await store.readSnapshot('renamed')).toMatchObject({ name: 'slots@2', version: 32 });
  });

  it('succeeds when the snapshot cannot be written: the events are what counts', async () => {
    await db.knex.raw(`
      create function refuse_snapshots() returns trigger language plpgsql as $$ begin raise exception 'no snapshots today'; end $$;
      create trigger no_snapshots before insert or update on stream_snapshots for each row execute function refuse_snapshots();
    `);
    await history('unsnapped', 20);
    const result = await take('unsnapped', slots(5));
    expect(result.state.taken).toBe(21);
    expect(result.position).toBeDefined();
    expect(await store.readSnapshot('unsnapped')).toBeUndefined();
    expect((await store.readStream('unsnapped')).version).toBe(21);
  });

  it('leaves streams whose decider keeps no snapshot alone', async () => {
    await history('plain', 30);
    await take('plain', { ...slots(5), snapshot: undefined });
    expect(await store.readSnapshot('plain')).toBeUndefined();
  });
});
