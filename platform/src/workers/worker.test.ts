import { migrate } from '../db/migrations';
import { PostgresEventStore } from '../eventstore/postgres';
import { eventStoreMigrations } from '../eventstore/postgresMigrations';
import { DuplicateEventError, type GlobalPosition } from '../eventstore/types';
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
        await store.appendToStream(
          `result-${event.streamId}`,
          [{ type: 'Done', id: context.eventId(), data: { for: event.id } }],
          { expectedVersion: 'any', metadata: context.metadata },
        );
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
    await db.knex('subscription_checkpoints').where({ name: 'worker:answerer' }).update({ tx_id: db.knex.raw("'0'::xid8"), seq: 0 });
    const again = answer();
    await again.waitFor(position as GlobalPosition, 10_000);
    await again.stop();
    expect((await store.readStream('result-job-2')).events).toHaveLength(1);
    expect(await db.knex('subscription_dead_letters')).toHaveLength(0);
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
        await store.appendToStream(`result-${event.streamId}`, [{ type: 'Done', id: context.eventId(), data: {} }], { expectedVersion: 'any' });
      },
    });
    await worker.waitFor(position, 15_000);
    await worker.stop();
    expect((await store.readStream('result-job-4')).events).toHaveLength(1);
    expect(await db.knex('subscription_dead_letters').where({ subscription: 'worker:fragile' })).toHaveLength(1);
    expect(parked.at(-1)).toBe(true);
  });
});
