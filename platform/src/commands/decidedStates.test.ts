import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@cc/contracts';
import { migrate } from '../db/migrations';
import { PostgresEventStore } from '../eventstore/postgres';
import { eventStoreMigrations } from '../eventstore/postgresMigrations';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { DecidedStates } from './decidedStates';
import { DomainError, handleCommand, type Decider } from './handleCommand';

type SlotEvent = Extract<DomainEvent, { type: 'UserDocumentRegistered' | 'UserDocumentRemoved' }>;
type SlotCommand = { type: 'Take' | 'Give'; data: { userId: string; limit: number } };

/** Slots taken and given back, up to a limit: a state that goes up and down, as a user's document count does. */
const slots: Decider<{ taken: number }, SlotCommand, SlotEvent> = {
  initialState: () => ({ taken: 0 }),
  evolve: (state, event) => ({ taken: state.taken + (event.type === 'UserDocumentRegistered' ? 1 : -1) }),
  decide(command, state) {
    const { userId } = command.data;
    if (command.type === 'Give') return state.taken > 0 ? [{ type: 'UserDocumentRemoved', data: { userId, documentId: 'd' } }] : [];
    if (state.taken >= command.data.limit) throw new DomainError('limit-reached', 'No slot left.');
    return [{ type: 'UserDocumentRegistered', data: { userId, documentId: randomUUID() } }];
  },
};

describe('handleCommand with the states a process decided last', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  /** Streams read since the last reset: what commands had to load before deciding. */
  let reads = 0;

  beforeEach(async () => {
    db = await createTestDatabase('decided');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    store = new PostgresEventStore({ knex: db.knex });
    const readStream = store.readStream.bind(store);
    store.readStream = async (...args) => {
      reads += 1;
      return readStream(...args);
    };
    reads = 0;
  });
  afterEach(async () => {
    await store.close();
    await db.drop();
  });

  /** One process's command: its own memory of decided states (none: it reads the stream every time). */
  const command = (decided: DecidedStates | undefined, streamId: string, type: 'Take' | 'Give', limit = 10, newStream = false) =>
    handleCommand({ store, streamId, decider: slots, command: { type, data: { userId: 'u1', limit } }, metadata: {}, decided, newStream });

  it('reads a stream once, then decides on what it appended, and a new stream not at all', async () => {
    const decided = new DecidedStates();
    await command(decided, 'user-a', 'Take', 10, true);
    expect(reads).toBe(0);
    await command(decided, 'user-b', 'Take');
    expect(reads).toBe(1);
    for (let i = 0; i < 5; i++) await command(decided, 'user-b', 'Take');
    expect(reads).toBe(1);
    expect((await store.readStream('user-b')).version).toBe(6);
  });

  it('sees what another process appended: the expected version refuses the remembered state and the limit holds', async () => {
    const here = new DecidedStates();
    const elsewhere = new DecidedStates();
    await command(here, 'user', 'Take', 2);
    await command(elsewhere, 'user', 'Take', 2);
    // Here it still remembers one slot taken, which would allow another: the stream says two.
    await expect(command(here, 'user', 'Take', 2)).rejects.toThrow('No slot left.');
    expect((await store.readStream('user')).version).toBe(2);
    expect(here.get('user', slots)).toEqual({ state: { taken: 2 }, version: 2, folded: 2 });
  });

  it('never refuses on a remembered state: a refusal is decided again on the stream as stored', async () => {
    const here = new DecidedStates();
    await command(here, 'user', 'Take', 1);
    // Another process gives the slot back; here it still remembers it taken, which would refuse.
    await command(undefined, 'user', 'Give');
    const taken = await command(here, 'user', 'Take', 1);
    expect(taken.version).toBe(3);
    expect(taken.state).toEqual({ taken: 1 });
  });

  it('never answers "nothing to do" on a remembered state', async () => {
    const here = new DecidedStates();
    await command(here, 'user', 'Take');
    await command(here, 'user', 'Give');
    // Here the stream holds nothing to give back; elsewhere a slot was taken since.
    await command(undefined, 'user', 'Take');
    const given = await command(here, 'user', 'Give');
    expect(given.events.map((event) => event.type)).toEqual(['UserDocumentRemoved']);
    expect(given.version).toBe(4);
  });

  it('keeps the limit exact when commands of one process race on a stream', async () => {
    const decided = new DecidedStates();
    await command(decided, 'user', 'Take', 5);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => command(decided, 'user', 'Take', 5)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(4);
    expect((await store.readStream('user')).version).toBe(5);
  });

  it('a stream it was told is new but is not is read and decided again', async () => {
    const decided = new DecidedStates();
    await command(undefined, 'user', 'Take', 1);
    await expect(command(decided, 'user', 'Take', 1, true)).rejects.toThrow('No slot left.');
  });

  it('forgets the least recently decided streams beyond its limit, and never goes back to an older state', () => {
    const decided = new DecidedStates(2);
    decided.set('a', slots, { state: { taken: 1 }, version: 1, folded: 1 });
    decided.set('b', slots, { state: { taken: 1 }, version: 1, folded: 1 });
    decided.set('c', slots, { state: { taken: 1 }, version: 1, folded: 1 });
    expect(decided.get('a', slots)).toBeUndefined();
    expect(decided.size).toBe(2);
    decided.set('c', slots, { state: { taken: 3 }, version: 3, folded: 3 });
    decided.set('c', slots, { state: { taken: 2 }, version: 2, folded: 2 });
    expect(decided.get('c', slots)?.version).toBe(3);
    expect(decided.get('c', {})).toBeUndefined();
  });
});
