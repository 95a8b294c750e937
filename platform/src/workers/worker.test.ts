import { migrate } from '../db/migrations';
import { PostgresEventStore } from '../eventstore/postgres';
import { eventStoreMigrations } from '../eventstore/postgresMigrations';
import { DuplicateEventError, comparePositions, type GlobalPosition } from '../eventstore/types';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { idempotentEventId, startWorker } from './worker';

describe('worker subscriber helper', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeEach(async () => {
    db = await createTestDatabase('worker');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
  });
  afterEach(async () => {
    await store.close();
    await db.drop();
  });

  /** A worker that answers every Requested event with a Done event on a result stream. */
  const answer = (name = 'answerer') =>
    startWorker(store, {
      name,
      filter: { types: ['Requested'] },
      pollIntervalMs: 10,
      handle: async (event, context) => {
        await store.appendToStream(`result-${event.streamId}`, [{ type: 'Done', id: context.eventId(), data: { for: event.id } }], {
          expectedVersion: 'any',
          metadata: context.metadata,
        });
      },
    });

  it('answers each event once, with causation and correlation carried over', async () => {
    const { position } = await store.appendToStream('job-1', [{ type: 'Requested', data: {} }], {
      expectedVersion: 0,
      metadata: { correlationId: 'corr-42', userId: 'u1' },
    });
    const worker = answer();
    await worker.waitFor(position, 10_000);
    await worker.stop();
    const { events } = await store.readStream('result-job-1');
    const [requested] = (await store.readStream('job-1')).events;
    expect(events).toHaveLength(1);
    expect(events[0]!.metadata).toMatchObject({ correlationId: 'corr-42', causationId: requested!.id, userId: null });
  });

  it('yields one result when the same event is delivered again (redelivery after a lost checkpoint)', async () => {
    const { position } = await store.appendToStream('job-2', [{ type: 'Requested', data: {} }], { expectedVersion: 0 });
    const first = answer();
    await first.waitFor(position, 10_000);
    await first.stop();
    // As if the checkpoint had never been written: the event comes again.
    await db
      .knex('subscription_checkpoints')
      .where({ name: 'worker:answerer' })
      .update({ tx_id: db.knex.raw("'0'::xid8"), seq: 0 });
    const again = answer();
    await again.waitFor(position as GlobalPosition, 10_000);
    await again.stop();
    expect((await store.readStream('result-job-2')).events).toHaveLength(1);
    expect(await db.knex('subscription_dead_letters')).toHaveLength(0);
  });

  it('reads only the types it handles, passes the others, and reads no more once a read reached the head', async () => {
    for (let i = 0; i < 120; i++)
      await store.appendToStream(`before-${i}`, [{ type: 'Other', data: {} }], { expectedVersion: 'no_stream' });
    await store.appendToStream('job-typed', [{ type: 'Requested', data: {} }], { expectedVersion: 0 });
    let last: GlobalPosition | undefined;
    for (let i = 0; i < 30; i++)
      last = (await store.appendToStream(`after-${i}`, [{ type: 'Other', data: {} }], { expectedVersion: 'no_stream' })).position;
    let reads = 0;
    let carried = 0;
    const count = (response: unknown, query: { sql: string }) => {
      if (!/position_text/.test(query.sql)) return;
      reads += 1;
      const rows = Array.isArray(response) ? response : ((response as { rows?: unknown[] } | undefined)?.rows ?? []);
      // A page read answers with a row of positions even when it found no event.
      carried += (rows as { event_id?: string | null }[]).filter((row) => row.event_id).length;
    };
    db.knex.on('query-response', count);
    const handled: string[] = [];
    const worker = startWorker(store, {
      name: 'typed',
      filter: { types: ['Requested'] },
      pollIntervalMs: 60_000,
      handle: async (event) => void handled.push(event.streamId),
    });
    try {
      await worker.waitFor(last!, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      db.knex.off('query-response', count);
      await worker.stop();
    }
    expect(handled).toEqual(['job-typed']);
    // The one event of its type, not the 150 of the log; a reader waiting may add one read that finds nothing.
    expect(carried).toBe(1);
    expect(reads).toBeLessThanOrEqual(2);
    const [stored] = await db.knex('subscription_checkpoints').where({ name: 'worker:typed' }).select(db.knex.raw('seq::text as seq'));
    expect(stored.seq).toBe(last!.seq.toString());
  });

  it('refuses a second append of the same event id with a typed error', async () => {
    const id = idempotentEventId('w', 'e', '0');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idempotentEventId('w', 'e', '0')).toBe(id);
    expect(idempotentEventId('w', 'e', '1')).not.toBe(id);
    await store.appendToStream('s', [{ type: 'A', id, data: {} }], { expectedVersion: 'any' });
    await expect(store.appendToStream('s', [{ type: 'A', id, data: {} }], { expectedVersion: 'any' })).rejects.toBeInstanceOf(
      DuplicateEventError,
    );
    expect((await store.readStream('s')).version).toBe(1);
  });

  it('parks an event whose handler keeps failing and goes on', async () => {
    await store.appendToStream('job-3', [{ type: 'Requested', data: { poison: true } }], { expectedVersion: 0 });
    const { position } = await store.appendToStream('job-4', [{ type: 'Requested', data: {} }], { expectedVersion: 0 });
    const parked: boolean[] = [];
    const worker = startWorker(store, {
      name: 'fragile',
      pollIntervalMs: 10,
      maxAttempts: 2,
      onError: (_e, context) => parked.push(context.parked),
      handle: async (event, context) => {
        if ((event.data as { poison?: boolean }).poison) throw new Error('cannot do this one');
        await store.appendToStream(`result-${event.streamId}`, [{ type: 'Done', id: context.eventId(), data: {} }], {
          expectedVersion: 'any',
        });
      },
    });
    await worker.waitFor(position, 15_000);
    await worker.stop();
    expect((await store.readStream('result-job-4')).events).toHaveLength(1);
    expect(await db.knex('subscription_dead_letters').where({ subscription: 'worker:fragile' })).toHaveLength(1);
    expect(parked.at(-1)).toBe(true);
  });

  describe('concurrently, outside any transaction', () => {
    const checkpointOf = async (name: string): Promise<GlobalPosition> => {
      const row = await db
        .knex('subscription_checkpoints')
        .where({ name: `worker:${name}` })
        .first(db.knex.raw('tx_id::text as tx, seq::text as seq'));
      return row ? { txId: BigInt(row.tx), seq: BigInt(row.seq) } : { txId: 0n, seq: 0n };
    };
    const eventually = async (check: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error('condition not met in time');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const gate = () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };

    it('handles up to `concurrency` events at once and moves the checkpoint only past answered work, contiguously', async () => {
      const positions: GlobalPosition[] = [];
      for (let i = 0; i < 6; i++) {
        positions.push((await store.appendToStream(`job-c${i}`, [{ type: 'Requested', data: { i } }], { expectedVersion: 0 })).position);
      }
      const gates = Array.from({ length: 6 }, gate);
      const started: number[] = [];
      let running = 0;
      let most = 0;
      const worker = startWorker(store, {
        name: 'parallel',
        filter: { types: ['Requested'] },
        concurrency: 3,
        pollIntervalMs: 10,
        handle: async (event, context) => {
          const { i } = event.data as { i: number };
          started.push(i);
          most = Math.max(most, ++running);
          await gates[i]!.opened;
          await store.appendToStream(`result-${event.streamId}`, [{ type: 'Done', id: context.eventId(), data: {} }], {
            expectedVersion: 'any',
          });
          running -= 1;
        },
      });
      await eventually(() => started.length === 3);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(started).toEqual([0, 1, 2]);

      // The second and third are answered, the first is not: two more start, the checkpoint stays before the first.
      gates[1]!.open();
      gates[2]!.open();
      await eventually(() => started.length === 5);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(comparePositions(await checkpointOf('parallel'), positions[0]!)).toBe(-1);

      gates[0]!.open();
      await worker.waitFor(positions[2]!, 5_000);
      expect(comparePositions(await checkpointOf('parallel'), positions[2]!)).toBeGreaterThanOrEqual(0);
      expect(comparePositions(await checkpointOf('parallel'), positions[3]!)).toBe(-1);

      gates.forEach((g) => g.open());
      await worker.waitFor(positions[5]!, 5_000);
      await worker.stop();
      expect(most).toBe(3);
      for (let i = 0; i < 6; i++) expect((await store.readStream(`result-job-c${i}`)).events).toHaveLength(1);
    });

    it('keeps the events of one stream in order', async () => {
      for (let i = 0; i < 4; i++) {
        await store.appendToStream('ordered-a', [{ type: 'Requested', data: { i } }], { expectedVersion: i });
        await store.appendToStream('ordered-b', [{ type: 'Requested', data: { i } }], { expectedVersion: i });
      }
      const seen: Record<string, number[]> = { 'ordered-a': [], 'ordered-b': [] };
      const worker = startWorker(store, {
        name: 'ordered',
        filter: { types: ['Requested'] },
        concurrency: 4,
        pollIntervalMs: 10,
        handle: async (event) => {
          // Earlier events take longer, so without the per-stream rule later ones would overtake them.
          await new Promise((resolve) => setTimeout(resolve, (4 - (event.data as { i: number }).i) * 30));
          seen[event.streamId]!.push((event.data as { i: number }).i);
        },
      });
      await worker.waitFor(await store.headPosition(), 10_000);
      await worker.stop();
      expect(seen).toEqual({ 'ordered-a': [0, 1, 2, 3], 'ordered-b': [0, 1, 2, 3] });
    });

    it('holds no transaction open while the handler runs', async () => {
      const { position } = await store.appendToStream('job-tx', [{ type: 'Requested', data: {} }], { expectedVersion: 0 });
      const openTransactions: number[] = [];
      const worker = startWorker(store, {
        name: 'no-transaction',
        filter: { types: ['Requested'] },
        pollIntervalMs: 10,
        handle: async () => {
          const { rows } = await db.knex.raw(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
          );
          openTransactions.push(rows[0].n);
        },
      });
      await worker.waitFor(position, 10_000);
      await worker.stop();
      expect(openTransactions).toEqual([0]);
    });

    it('delivers again, after a stop, what was not answered, and a repeated answer is one result', async () => {
      const positions: GlobalPosition[] = [];
      for (let i = 0; i < 3; i++) {
        positions.push((await store.appendToStream(`job-r${i}`, [{ type: 'Requested', data: { i } }], { expectedVersion: 0 })).position);
      }
      const handled: number[] = [];
      const delivered: number[] = [];
      const run = (hangOn: number | undefined) =>
        startWorker(store, {
          name: 'redelivery',
          filter: { types: ['Requested'] },
          concurrency: 3,
          pollIntervalMs: 10,
          handle: async (event, context) => {
            const { i } = event.data as { i: number };
            delivered.push(i);
            if (i === hangOn) {
              await new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new Error('stopped'))));
            }
            await store.appendToStream(`result-${event.streamId}`, [{ type: 'Done', id: context.eventId(), data: {} }], {
              expectedVersion: 'any',
            });
            handled.push(i);
          },
        });
      const first = run(0);
      await eventually(() => handled.length === 2);
      await first.stop();
      expect(comparePositions(await checkpointOf('redelivery'), positions[0]!)).toBe(-1);
      expect(await db.knex('subscription_dead_letters').where({ subscription: 'worker:redelivery' })).toHaveLength(0);

      const second = run(undefined);
      await second.waitFor(positions[2]!, 10_000);
      await second.stop();
      // Everything from the unanswered one on comes again; the answers already given are refused as repeats.
      expect(delivered.slice(3).sort()).toEqual([0, 1, 2]);
      expect(handled.sort()).toEqual([0, 1, 2]);
      for (let i = 0; i < 3; i++) expect((await store.readStream(`result-job-r${i}`)).events).toHaveLength(1);
    });
  });
});
