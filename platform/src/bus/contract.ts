/**
 * The bus contract: the embedded bus (the event store) and Kafka run this same suite, through the
 * worker helper, so it also proves that the same worker code runs on either. Imported by tests only.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { EventStore, RecordedEvent, Subscription } from '../eventstore/types';
import { startWorker, type WorkerOptions } from '../workers/worker';
import type { Bus } from './types';

export interface BusUnderTest {
  /** Where the tests append the events the bus delivers. */
  store: EventStore;
  bus: Bus;
  knex: Knex;
  /** Makes the bus deliver these already handled events to the named worker once more. */
  redeliver(worker: string, events: RecordedEvent[]): Promise<void>;
  /** Stream categories the tests use (Kafka topics). */
  close(): Promise<void>;
}

export type BusFactory = (categories: readonly string[]) => Promise<BusUnderTest>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

export function busContract(busName: string, factory: BusFactory): void {
  describe(`Bus contract: ${busName}`, () => {
    const category = `job${randomUUID().slice(0, 8)}`;
    const stream = () => `${category}-${randomUUID()}`;
    let ctx: BusUnderTest;
    const workers: Subscription[] = [];

    beforeEach(async () => {
      ctx = await factory([category, 'result']);
    });
    afterEach(async () => {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await ctx.close();
    });

    /** A worker that answers each Requested event with one Done event on `result-<stream>`, and logs each call. */
    const answering = (name: string, calls: RecordedEvent[], extra: Partial<WorkerOptions> = {}) => {
      const worker = startWorker(ctx.bus, {
        name,
        filter: { types: ['Requested'] },
        pollIntervalMs: 20,
        maxBackoffMs: 50,
        ...extra,
        handle:
          extra.handle ??
          (async (event, context) => {
            calls.push(event);
            await ctx.store.appendToStream(`result-${event.streamId}`, [{ type: 'Done', id: context.eventId(), data: { for: event.id } }], {
              expectedVersion: 'any',
              metadata: context.metadata,
            });
          }),
      });
      workers.push(worker);
      return worker;
    };

    const results = async (streams: string[]) => {
      const counts = await Promise.all(streams.map(async (id) => (await ctx.store.readStream(`result-${id}`)).events.length));
      return counts.reduce((a, b) => a + b, 0);
    };

    it('delivers the events of one stream in order, several streams at once', async () => {
      const streams = [stream(), stream(), stream()];
      for (let i = 0; i < 8; i++) {
        for (const id of streams) await ctx.store.appendToStream(id, [{ type: 'Requested', data: { i } }], { expectedVersion: i });
      }
      const calls: RecordedEvent[] = [];
      let running = 0;
      let most = 0;
      answering('ordered', calls, {
        concurrency: 3,
        handle: async (event) => {
          running += 1;
          most = Math.max(most, running);
          await sleep(5);
          calls.push(event);
          running -= 1;
        },
      });
      await eventually(() => calls.length >= 24);
      for (const id of streams) {
        expect(calls.filter((e) => e.streamId === id).map((e) => e.streamVersion)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      }
      expect(most).toBeGreaterThan(1);
    });

    it('delivers at least once: a handler that meets a transient fault gets the event again, nothing parked', async () => {
      const id = stream();
      for (let i = 0; i < 3; i++) await ctx.store.appendToStream(id, [{ type: 'Requested', data: { i } }], { expectedVersion: i });
      let outages = 4;
      const calls: RecordedEvent[] = [];
      answering('flaky', calls, {
        handle: async (event, context) => {
          if (event.streamVersion === 2 && outages-- > 0) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
          calls.push(event);
          await ctx.store.appendToStream(`result-${event.streamId}`, [{ type: 'Done', id: context.eventId(), data: {} }], {
            expectedVersion: 'any',
          });
        },
      });
      await eventually(async () => (await results([id])) >= 3);
      expect(calls.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
      expect(await ctx.knex('subscription_dead_letters').where({ subscription: 'worker:flaky' })).toEqual([]);
    });

    it('yields one result per event when events are delivered again (dedupe by event id)', async () => {
      const ids = [stream(), stream()];
      for (const id of ids) await ctx.store.appendToStream(id, [{ type: 'Requested', data: {} }], { expectedVersion: 0 });
      const calls: RecordedEvent[] = [];
      const first = answering('deduped', calls);
      await eventually(async () => (await results(ids)) >= 2);
      await first.stop();
      await ctx.redeliver('deduped', calls.slice());
      answering('deduped', calls);
      // The next event proves the second worker has run past the redelivered ones.
      const marker = stream();
      await ctx.store.appendToStream(marker, [{ type: 'Requested', data: {} }], { expectedVersion: 0 });
      await eventually(async () => (await results([marker])) >= 1);
      expect(await results(ids)).toBe(2);
    });

    it('parks an event whose handler keeps failing and goes on with the others', async () => {
      const poison = stream();
      const fine = stream();
      await ctx.store.appendToStream(poison, [{ type: 'Requested', data: { poison: true } }], { expectedVersion: 0 });
      await ctx.store.appendToStream(fine, [{ type: 'Requested', data: {} }], { expectedVersion: 0 });
      const parked: boolean[] = [];
      const calls: RecordedEvent[] = [];
      answering('poisoned', calls, {
        maxAttempts: 3,
        onError: (_error, context) => parked.push(context.parked),
        handle: async (event, context) => {
          if ((event.data as { poison?: boolean }).poison) throw new Error('cannot handle this one');
          calls.push(event);
          await ctx.store.appendToStream(`result-${event.streamId}`, [{ type: 'Done', id: context.eventId(), data: {} }], {
            expectedVersion: 'any',
          });
        },
      });
      await eventually(async () => (await ctx.knex('subscription_dead_letters').where({ subscription: 'worker:poisoned' })).length === 1);
      await eventually(async () => (await results([fine])) === 1);
      const [dead] = await ctx.knex('subscription_dead_letters').where({ subscription: 'worker:poisoned' });
      expect(dead).toMatchObject({ stream_id: poison, type: 'Requested', attempts: 3 });
      expect(parked).toEqual([false, false, true]);
    });

    it('resumes after a restart where it stopped: nothing lost, nothing answered twice', async () => {
      const ids = Array.from({ length: 5 }, stream);
      for (const id of ids.slice(0, 3)) await ctx.store.appendToStream(id, [{ type: 'Requested', data: {} }], { expectedVersion: 0 });
      const calls: RecordedEvent[] = [];
      const first = answering('restarted', calls);
      await eventually(async () => (await results(ids.slice(0, 3))) >= 3);
      await first.stop();
      for (const id of ids.slice(3)) await ctx.store.appendToStream(id, [{ type: 'Requested', data: {} }], { expectedVersion: 0 });
      answering('restarted', calls);
      await eventually(async () => (await results(ids)) >= 5);
      await sleep(200);
      expect(await results(ids)).toBe(5);
      expect(new Set(calls.map((e) => e.id)).size).toBe(5);
      expect(calls).toHaveLength(5);
    });
  });
}
