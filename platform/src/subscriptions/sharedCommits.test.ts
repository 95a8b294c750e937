import type { Knex } from 'knex';
import { migrate } from '../db/migrations';
import { PostgresEventStore } from '../eventstore/postgres';
import { eventStoreMigrations } from '../eventstore/postgresMigrations';
import type { GlobalPosition, RecordedEvent, Subscription } from '../eventstore/types';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { eventually, triedAgainWhile } from '../testing/eventually';
import { SharedCommits } from './sharedCommits';
import { SharedReads } from './sharedReads';

const LOCK_SPACE = 0x54455354; // "TEST"

type Handler = (events: RecordedEvent[], trx: Knex.Transaction) => Promise<void>;

describe('subscribers that commit their batches together', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const subscriptions: Subscription[] = [];
  let run = 0;

  beforeAll(async () => {
    db = await createTestDatabase('shared_commits');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    await db.knex.raw('create table handled (subscriber text not null, stream_id text not null)');
    store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
  });
  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  /**
   * Subscribers of `type` named `names`, sharing reads and commits; `handlers` replace the one that
   * records each event in `handled`. Answers the group and each subscriber's full name.
   */
  async function subscribeAll(
    type: string,
    names: string[],
    handlers: Record<string, Handler> = {},
    maxAttempts = 5,
    /** The group's handler sends the checkpoints as the last clause of a write of its own, as the projectors' does. */
    checkpointsInTheWrite = false,
  ) {
    run += 1;
    const full = (name: string) => `${name}-${run}`;
    const record =
      (name: string): Handler =>
      async (events, trx) => {
        await trx('handled').insert(events.map((event) => ({ subscriber: name, stream_id: event.streamId })));
      };
    const handlerOf = new Map(names.map((name) => [full(name), handlers[name] ?? record(name)]));
    const group = new SharedCommits(async (parts, trx, checkpoints) => {
      for (const part of parts) await handlerOf.get(part.name)!(part.events, trx);
      if (!checkpointsInTheWrite) return;
      const { rows } = (await trx.raw(
        `with noted as (insert into handled (subscriber, stream_id) values ('group', 'write') returning 1),
         last_write as (${checkpoints.sql} returning 1)
         select (select count(*) from last_write)::int as changed`,
        checkpoints.bindings as Knex.RawBinding[],
      )) as { rows: { changed: number }[] };
      checkpoints.check(rows[0]!.changed);
    });
    const reads = new SharedReads();
    for (const name of names) {
      subscriptions.push(
        store.subscribe({
          name: full(name),
          filter: { types: [type] },
          pollIntervalMs: 60_000,
          maxBackoffMs: 200,
          maxAttempts,
          readOnly: true,
          batchLock: { space: LOCK_SPACE, key: full(name) },
          sharedReads: reads,
          sharedCommits: group,
          handle: (events, trx) => handlerOf.get(full(name))!(events, trx),
        }),
      );
    }
    const waitFor = (position: GlobalPosition, only?: string[]) =>
      Promise.all(subscriptions.filter((s) => !only || only.map(full).includes(s.name)).map((s) => s.waitFor(position, 10_000)));
    // Every one at the head and resting, so an append wakes them together.
    await eventually(() => subscriptions.every((subscription) => subscription.isLive()));
    return { group, full, waitFor };
  }

  const handledBy = async (stream: string) =>
    (await db.knex('handled').where({ stream_id: stream }).orderBy('subscriber').pluck('subscriber')) as string[];

  /** Counts the statements the pool sends while `work` runs, by their first words. */
  async function counting(work: () => Promise<void>) {
    const sent: string[] = [];
    const count = (query: { sql: string }) => void sent.push(query.sql.trim().toLowerCase());
    db.knex.on('query', count);
    try {
      await work();
    } finally {
      db.knex.off('query', count);
    }
    return {
      transactions: sent.filter((sql) => sql.startsWith('begin')).length,
      checkpointMoves: sent.filter((sql) => sql.startsWith('update subscription_checkpoints')).length,
      locks: sent.filter((sql) => sql.includes('events_will_not_append')).length,
    };
  }

  it('commits the batches of one append in one transaction, one statement for the locks and one for the checkpoints', async () => {
    const { group, waitFor } = await subscribeAll('Together', ['a', 'b', 'c']);
    // The three commit together when the append's wake reaches them in one turn. On a loaded machine
    // the NOTIFY and the waiters' wakes may reach them apart, and each part commits on its own: an
    // append is tried again then (never more than three), and each one's statements are its own.
    const append = async (stream: string) => {
      const before = { ...group.counts };
      const statements = await counting(async () => {
        const { position } = await store.appendToStream(stream, [{ type: 'Together', data: {} }], { expectedVersion: 0 });
        await waitFor(position);
      });
      const counts = { transactions: group.counts.transactions - before.transactions, batches: group.counts.batches - before.batches };
      return { statements, counts };
    };
    let stream = '';
    const seen = await triedAgainWhile(
      (n) => append((stream = `together-${n}`)),
      (result) => result.statements.transactions > 1,
    );
    expect(seen.statements).toEqual({ transactions: 1, checkpointMoves: 1, locks: 1 });
    expect(seen.counts).toEqual({ transactions: 1, batches: 3 });
    expect(group.counts.fallbacks).toBe(0);
    expect(await handledBy(stream)).toEqual(['a', 'b', 'c']);
  });

  it('when one handler fails, the others commit alone and the failing event is retried and parked as without a group', async () => {
    const failing: Handler = async (events, trx) => {
      if (events.some((event) => (event.data as { bad?: boolean }).bad)) throw new Error('cannot project this one');
      await trx('handled').insert(events.map((event) => ({ subscriber: 'bad', stream_id: event.streamId })));
    };
    const { group, full, waitFor } = await subscribeAll('Failing', ['a', 'bad', 'c'], { bad: failing }, 2);
    // As in the test above, a loaded machine may wake the three apart; each then commits alone and
    // no group transaction falls back. Such an append is tried again, and each one is checked in full.
    const appendOne = async (stream: string, data: { bad?: boolean }) => {
      const before = { ...group.counts };
      const { position } = await store.appendToStream(stream, [{ type: 'Failing', data }], { expectedVersion: 0 });
      await waitFor(position);
      return {
        stream,
        transactions: group.counts.transactions - before.transactions,
        batches: group.counts.batches - before.batches,
        fallbacks: group.counts.fallbacks - before.fallbacks,
      };
    };
    const parkedStreams: string[] = [];
    const poisoned = await triedAgainWhile(
      async (n) => {
        const result = await appendOne(`failing-poisoned-${n}`, { bad: true });
        parkedStreams.push(result.stream);
        expect(await handledBy(result.stream)).toEqual(['a', 'c']);
        return result;
      },
      (result) => result.fallbacks === 0,
    );
    expect(poisoned.fallbacks).toBe(1);
    expect(
      await db
        .knex('subscription_dead_letters')
        .where({ subscription: full('bad') })
        .orderBy('stream_id')
        .pluck('stream_id'),
    ).toEqual(parkedStreams.sort());
    // The next append finds every one of them past the parked events, committing together again.
    const next = await triedAgainWhile(
      (n) => appendOne(`failing-next-${n}`, {}),
      (result) => result.batches !== 3,
    );
    expect(await handledBy(next.stream)).toEqual(['a', 'bad', 'c']);
    expect(next).toMatchObject({ transactions: 1, batches: 3, fallbacks: 0 });
  });

  it.each([
    ['the group', false],
    ["the handler's last write", true],
  ])(
    'when a checkpoint was moved by another process (checkpoints moved by %s), the others commit alone and that one goes on from where it was moved',
    async (_by, checkpointsInTheWrite) => {
      const movedElsewhere = new Set<string>();
      const type = checkpointsInTheWrite ? 'MovedInWrite' : 'Moved';
      const { full, waitFor, group } = await subscribeAll(
        type,
        ['a', 'moved', 'c'],
        {
          // Another instance of "moved" handles each stream's event first and moves the checkpoint past it.
          moved: async (events, trx) => {
            const stream = events.at(-1)!.streamId;
            if (!movedElsewhere.has(stream)) {
              movedElsewhere.add(stream);
              const to = events.at(-1)!.position;
              await db
                .knex('subscription_checkpoints')
                .where({ name: full('moved') })
                .update({ tx_id: db.knex.raw('?::xid8', [to.txId.toString()]), seq: to.seq.toString() });
            }
            await trx('handled').insert(events.map((event) => ({ subscriber: 'moved', stream_id: event.streamId })));
          },
        },
        5,
        checkpointsInTheWrite,
      );
      // Tried again when a loaded machine wakes them apart (no group transaction to fall back).
      const moved = await triedAgainWhile(
        async (n) => {
          const stream = `${type}-${n}`;
          const before = group.counts.fallbacks;
          const { position } = await store.appendToStream(stream, [{ type, data: {} }], { expectedVersion: 0 });
          await waitFor(position);
          return { stream, fallbacks: group.counts.fallbacks - before };
        },
        (result) => result.fallbacks === 0,
      );
      expect(moved.fallbacks).toBe(1);
      // Handled once, by the instance that moved the checkpoint: neither the group's try nor its own wrote it.
      expect(await handledBy(moved.stream)).toEqual(['a', 'c']);
      // The refused group transaction left nothing of its own write either.
      expect(await handledBy('write')).toEqual([]);
    },
  );

  it('does not hold the others back while one batch waits for a lock held elsewhere', async () => {
    const { full, waitFor, group } = await subscribeAll('Locked', ['a', 'b', 'locked']);
    const holder = await db.knex.transaction();
    try {
      await holder.raw('select pg_advisory_xact_lock(?, hashtext(?))', [LOCK_SPACE, full('locked')]);
      const { position } = await store.appendToStream('locked-1', [{ type: 'Locked', data: {} }], { expectedVersion: 0 });
      await waitFor(position, ['a', 'b']);
      expect(await handledBy('locked-1')).toEqual(['a', 'b']);
      await holder.commit();
      await waitFor(position);
    } finally {
      if (!holder.isCompleted()) await holder.rollback();
    }
    expect(await handledBy('locked-1')).toEqual(['a', 'b', 'locked']);
    expect(group.counts.fallbacks).toBe(1);
  });

  it('commits a batch asked alone in its own transaction, as without a group', async () => {
    const { group, waitFor } = await subscribeAll('Alone', ['only']);
    const { position } = await store.appendToStream('alone-1', [{ type: 'Alone', data: {} }], { expectedVersion: 0 });
    await waitFor(position);
    await eventually(async () => (await handledBy('alone-1')).length === 1);
    expect(group.counts).toEqual({ transactions: 0, batches: 0, fallbacks: 0 });
  });
});
