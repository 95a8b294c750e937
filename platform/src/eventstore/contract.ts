/**
 * The event store contract: every adapter (PostgreSQL now, EventStoreDB later) runs this same suite.
 * Imported by `<adapter>.test.ts` files only.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Upcast } from './upcasting';
import {
  DuplicateEventError,
  START,
  WrongExpectedVersionError,
  comparePositions,
  type EventStore,
  type RecordedEvent,
  type Subscription,
} from './types';

export interface ContractStore {
  store: EventStore;
  /** The database where checkpoints live and where the handlers of these tests write their effects. */
  knex: Knex;
}

export interface ContractFactoryOptions {
  upcast?: Upcast;
  schemaVersionOf?: (type: string) => number;
  /** Runs inside each append before it commits, to widen race windows (adapters that can, honour it). */
  beforeCommit?: () => Promise<void>;
}

export type ContractFactory = (options?: ContractFactoryOptions) => Promise<ContractStore & { close(): Promise<void> }>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stream = (prefix = 'test') => `${prefix}-${randomUUID()}`;

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}

export function eventStoreContract(adapterName: string, factory: ContractFactory): void {
  describe(`EventStore contract: ${adapterName}`, () => {
    let ctx: ContractStore & { close(): Promise<void> };
    const opened: Subscription[] = [];

    beforeEach(async () => {
      ctx = await factory();
      await ctx.knex.schema.createTable('effects', (t) => {
        t.bigIncrements('id');
        t.text('subscriber').notNullable();
        t.uuid('event_id').notNullable();
        t.text('stream_id').notNullable();
        t.integer('stream_version').notNullable();
      });
    });

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((s) => s.stop()));
      await ctx.close();
    });

    const subscribeRecording = (name: string, extra: { batchSize?: number } = {}) => {
      const sub = ctx.store.subscribe({
        name,
        batchSize: extra.batchSize,
        pollIntervalMs: 20,
        handle: async (events, trx) => {
          for (const e of events) {
            await trx('effects').insert({ subscriber: name, event_id: e.id, stream_id: e.streamId, stream_version: e.streamVersion });
          }
        },
      });
      opened.push(sub);
      return sub;
    };

    describe('appending and reading a stream', () => {
      it('numbers events from 1, keeps their order, data and metadata', async () => {
        const id = stream();
        const result = await ctx.store.appendToStream(
          id,
          [
            { type: 'Opened', data: { n: 1 } },
            { type: 'Noted', data: { n: 2, text: 'ünïcode ✓' } },
          ],
          { expectedVersion: 'no_stream', metadata: { userId: 'user-1', correlationId: 'corr-1', causationId: 'cause-1' } },
        );
        expect(result.nextExpectedVersion).toBe(2);
        const read = await ctx.store.readStream(id);
        expect(read.version).toBe(2);
        expect(read.events.map((e) => [e.type, e.streamVersion, e.data])).toEqual([
          ['Opened', 1, { n: 1 }],
          ['Noted', 2, { n: 2, text: 'ünïcode ✓' }],
        ]);
        for (const e of read.events) {
          expect(e.metadata).toMatchObject({ userId: 'user-1', correlationId: 'corr-1', causationId: 'cause-1', schemaVersion: 1 });
          expect(Number.isNaN(Date.parse(e.metadata.occurredAt))).toBe(false);
          expect(e.id).toMatch(/^[0-9a-f-]{36}$/);
        }
        expect(comparePositions(read.events[1]!.position, result.position)).toBe(0);
      });

      it('reads a stream that does not exist as empty at version 0', async () => {
        expect(await ctx.store.readStream(stream())).toEqual({ version: 0, events: [] });
      });

      it('reads only the events after a given version, and still says where the stream is', async () => {
        const id = stream();
        await ctx.store.appendToStream(
          id,
          [1, 2, 3, 4].map((n) => ({ type: 'N', data: { n } })),
          { expectedVersion: 0 },
        );
        const tail = await ctx.store.readStream(id, { after: 2 });
        expect(tail.version).toBe(4);
        expect(tail.events.map((e) => [e.streamVersion, e.data])).toEqual([
          [3, { n: 3 }],
          [4, { n: 4 }],
        ]);
        expect(await ctx.store.readStream(id, { after: 4 })).toEqual({ version: 4, events: [] });
      });

      it('keeps the newest snapshot of a stream; a snapshot of a new shape replaces an older one', async () => {
        const id = stream();
        expect(await ctx.store.readSnapshot(id)).toBeUndefined();
        await ctx.store.writeSnapshot(id, { name: 'counter@1', version: 5, state: { count: 5, nested: { ok: true } } });
        await ctx.store.writeSnapshot(id, { name: 'counter@1', version: 3, state: { count: 3 } });
        expect(await ctx.store.readSnapshot(id)).toEqual({ name: 'counter@1', version: 5, state: { count: 5, nested: { ok: true } } });
        await Promise.all(
          [7, 9, 8].map((version) => ctx.store.writeSnapshot(id, { name: 'counter@1', version, state: { count: version } })),
        );
        expect(await ctx.store.readSnapshot(id)).toMatchObject({ version: 9, state: { count: 9 } });
        await ctx.store.writeSnapshot(id, { name: 'counter@2', version: 2, state: { total: 2 } });
        expect(await ctx.store.readSnapshot(id)).toEqual({ name: 'counter@2', version: 2, state: { total: 2 } });
      });

      it('checks the expected version and reports the actual one', async () => {
        const id = stream();
        await expect(ctx.store.appendToStream(id, [{ type: 'A', data: {} }], { expectedVersion: 'stream_exists' })).rejects.toBeInstanceOf(
          WrongExpectedVersionError,
        );
        await ctx.store.appendToStream(id, [{ type: 'A', data: {} }], { expectedVersion: 0 });
        await ctx.store.appendToStream(id, [{ type: 'B', data: {} }], { expectedVersion: 1 });
        const stale = ctx.store.appendToStream(id, [{ type: 'C', data: {} }], { expectedVersion: 1 });
        await expect(stale).rejects.toMatchObject({ name: 'WrongExpectedVersionError', streamId: id, expected: 1, actual: 2 });
        await expect(ctx.store.appendToStream(id, [{ type: 'C', data: {} }], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(
          WrongExpectedVersionError,
        );
        await ctx.store.appendToStream(id, [{ type: 'D', data: {} }], { expectedVersion: 'any' });
        await ctx.store.appendToStream(id, [{ type: 'E', data: {} }], { expectedVersion: 'stream_exists' });
        const read = await ctx.store.readStream(id);
        expect(read.events.map((e) => e.type)).toEqual(['A', 'B', 'D', 'E']);
      });

      it("answers the third event's place in the global log after appending three", async () => {
        const id = stream();
        await ctx.store.appendToStream(id, [{ type: 'Before', data: {} }], { expectedVersion: 0 });
        const result = await ctx.store.appendToStream(
          id,
          [1, 2, 3].map((n) => ({ type: 'N', data: { n } })),
          { expectedVersion: 1 },
        );
        let all: RecordedEvent[] = [];
        await eventually(
          async () => (all = (await ctx.store.readAll({ after: START, limit: 100 })).filter((e) => e.streamId === id)).length >= 4,
        );
        expect(all.map((e) => e.streamVersion)).toEqual([1, 2, 3, 4]);
        // Read-your-writes waits for exactly this position: neither a guess before it nor one past the log.
        expect(comparePositions(result.position, all[3]!.position)).toBe(0);
        expect(comparePositions(await ctx.store.headPosition(), result.position)).toBe(0);
      });

      it('refuses an event whose chosen id is already stored (a repeat), whatever the expected version', async () => {
        const id = stream();
        const chosen = randomUUID();
        await ctx.store.appendToStream(id, [{ type: 'A', data: {} }], { expectedVersion: 0 });
        await ctx.store.appendToStream(id, [{ type: 'Done', id: chosen, data: {} }], { expectedVersion: 'any' });
        for (let i = 0; i < 3; i++) await ctx.store.appendToStream(id, [{ type: 'Later', data: { i } }], { expectedVersion: 'any' });
        await expect(
          ctx.store.appendToStream(id, [{ type: 'Done', id: chosen, data: {} }], { expectedVersion: 'any' }),
        ).rejects.toBeInstanceOf(DuplicateEventError);
        await expect(ctx.store.appendToStream(id, [{ type: 'Done', id: chosen, data: {} }], { expectedVersion: 5 })).rejects.toBeInstanceOf(
          DuplicateEventError,
        );
        const read = await ctx.store.readStream(id);
        expect(read.events.filter((e) => e.id === chosen)).toHaveLength(1);
        expect(read.version).toBe(5);
      });

      it('lets exactly one of many concurrent appends at the same expected version win', async () => {
        const id = stream();
        await ctx.store.appendToStream(id, [{ type: 'Start', data: {} }], { expectedVersion: 0 });
        const attempts = await Promise.allSettled(
          Array.from({ length: 12 }, (_, i) => ctx.store.appendToStream(id, [{ type: 'Racer', data: { i } }], { expectedVersion: 1 })),
        );
        const won = attempts.filter((a) => a.status === 'fulfilled');
        const lost = attempts.filter((a) => a.status === 'rejected') as PromiseRejectedResult[];
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(11);
        for (const l of lost) expect(l.reason).toBeInstanceOf(WrongExpectedVersionError);
        expect((await ctx.store.readStream(id)).version).toBe(2);
      });

      it('lets exactly one of many concurrent creators of a new stream win', async () => {
        const id = stream();
        const attempts = await Promise.allSettled(
          Array.from({ length: 8 }, () => ctx.store.appendToStream(id, [{ type: 'Created', data: {} }], { expectedVersion: 'no_stream' })),
        );
        expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
        expect((await ctx.store.readStream(id)).events).toHaveLength(1);
      });
    });

    describe('the global log', () => {
      it('reads every stream in one global order, from a position, in pages', async () => {
        const a = stream('a');
        const b = stream('b');
        await ctx.store.appendToStream(a, [{ type: 'A1', data: {} }], { expectedVersion: 0 });
        await ctx.store.appendToStream(b, [{ type: 'B1', data: {} }], { expectedVersion: 0 });
        await ctx.store.appendToStream(a, [{ type: 'A2', data: {} }], { expectedVersion: 1 });
        // Committed events become readable once every older transaction in the cluster has ended.
        let all: RecordedEvent[] = [];
        await eventually(async () => (all = await ctx.store.readAll({ after: START, limit: 100 })).length >= 3);
        expect(all.map((e) => e.type)).toEqual(['A1', 'B1', 'A2']);
        for (let i = 1; i < all.length; i++) expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBe(-1);
        const page = await ctx.store.readAll({ after: all[0]!.position, limit: 1 });
        expect(page.map((e) => e.type)).toEqual(['B1']);
        expect(comparePositions(await ctx.store.headPosition(), all[2]!.position)).toBe(0);
      });

      it('counts the events after a position, of some types, up to a cap', async () => {
        const a = stream('a');
        await ctx.store.appendToStream(
          a,
          [
            { type: 'C1', data: {} },
            { type: 'C2', data: {} },
            { type: 'C1', data: {} },
            { type: 'C3', data: {} },
          ],
          { expectedVersion: 0 },
        );
        const events = (await ctx.store.readStream(a)).events;
        expect(await ctx.store.countEvents({ cap: 100 })).toBe(4);
        expect(await ctx.store.countEvents({ after: events[0]!.position, cap: 100 })).toBe(3);
        expect(await ctx.store.countEvents({ after: events[0]!.position, cap: 2 })).toBe(2);
        expect(await ctx.store.countEvents({ types: ['C1', 'C3'], cap: 100 })).toBe(3);
        expect(await ctx.store.countEvents({ after: events[1]!.position, types: ['C1'], cap: 100 })).toBe(1);
        expect(await ctx.store.countEvents({ types: [], cap: 100 })).toBe(0);
        expect(await ctx.store.countEvents({ after: await ctx.store.headPosition(), cap: 100 })).toBe(0);
      });

      it('pages the log as stored, both ways, and one stream on its own', async () => {
        const upcasting = await factory({
          schemaVersionOf: (type) => (type === 'Renamed' ? 2 : 1),
          upcast: (type, version, data) =>
            type === 'Renamed' && version === 1 ? { version: 2, data: { fullName: (data as { name: string }).name } } : { version, data },
        });
        try {
          const { store } = upcasting;
          const a = stream('a');
          const b = stream('b');
          await store.appendToStream(
            a,
            [{ type: 'Renamed', data: { name: 'Old Shape' }, metadata: { schemaVersion: 1, userId: 'u-1', correlationId: 'corr-1' } }],
            { expectedVersion: 0 },
          );
          await store.appendToStream(b, [{ type: 'B1', data: { n: 1 } }], { expectedVersion: 0 });
          await store.appendToStream(a, [{ type: 'A2', data: { n: 2 } }], { expectedVersion: 1 });
          const [a1, a2] = (await store.readStream(a)).events;
          const all = [a1!, (await store.readStream(b)).events[0]!, a2!];

          const first = await store.readStoredLog({ direction: 'forwards', limit: 2 });
          expect(first.map((e) => [e.streamId, e.streamVersion, e.type])).toEqual([
            [a, 1, 'Renamed'],
            [b, 1, 'B1'],
          ]);
          // As stored: the old schema version and its data, not the upcast shape.
          expect(first[0]).toMatchObject({
            id: all[0]!.id,
            schemaVersion: 1,
            data: { name: 'Old Shape' },
            metadata: { userId: 'u-1', correlationId: 'corr-1' },
          });
          expect(first[0]!.recordedAt).toBeInstanceOf(Date);
          expect(first.map((e) => e.position)).toEqual(all.slice(0, 2).map((e) => e.position));
          const rest = await store.readStoredLog({ direction: 'forwards', from: first[1]!.position, limit: 2 });
          expect(rest.map((e) => e.type)).toEqual(['A2']);
          expect(await store.readStoredLog({ direction: 'forwards', from: rest[0]!.position, limit: 2 })).toEqual([]);

          const newest = await store.readStoredLog({ direction: 'backwards', limit: 2 });
          expect(newest.map((e) => e.type)).toEqual(['A2', 'B1']);
          const older = await store.readStoredLog({ direction: 'backwards', from: newest[1]!.position, limit: 2 });
          expect(older.map((e) => e.type)).toEqual(['Renamed']);
          expect(await store.readStoredLog({ direction: 'backwards', from: older[0]!.position, limit: 2 })).toEqual([]);

          expect((await store.readStoredLog({ direction: 'backwards', streamId: a, limit: 10 })).map((e) => e.type)).toEqual([
            'A2',
            'Renamed',
          ]);
          expect(
            (await store.readStoredLog({ direction: 'forwards', streamId: a, from: all[0]!.position, limit: 10 })).map((e) => e.type),
          ).toEqual(['A2']);
          expect(await store.readStoredLog({ direction: 'forwards', streamId: stream('none'), limit: 10 })).toEqual([]);
        } finally {
          await upcasting.close();
        }
      });
    });

    describe('upcasting', () => {
      it('upgrades events stored at an old schema version when they are read', async () => {
        const upcasting = await factory({
          schemaVersionOf: (type) => (type === 'Renamed' ? 2 : 1),
          upcast: (type, version, data) =>
            type === 'Renamed' && version === 1 ? { version: 2, data: { fullName: (data as { name: string }).name } } : { version, data },
        });
        try {
          const id = stream();
          await upcasting.store.appendToStream(
            id,
            [
              { type: 'Renamed', data: { name: 'Old Shape' }, metadata: { schemaVersion: 1 } },
              { type: 'Renamed', data: { fullName: 'New Shape' } },
            ],
            { expectedVersion: 0 },
          );
          const read = await upcasting.store.readStream(id);
          expect(read.events.map((e) => [e.data, e.metadata.schemaVersion])).toEqual([
            [{ fullName: 'Old Shape' }, 2],
            [{ fullName: 'New Shape' }, 2],
          ]);
        } finally {
          await upcasting.close();
        }
      });
    });

    describe('catch-up subscriptions', () => {
      it('never skips an event committed late by a slow concurrent writer, and delivers each once, in order', async () => {
        const racy = await factory({ beforeCommit: async () => void (await sleep(Math.random() * 40)) });
        try {
          const seen: RecordedEvent[] = [];
          const failures: unknown[] = [];
          const sub = racy.store.subscribe({
            name: 'no-skip',
            batchSize: 7,
            pollIntervalMs: 5,
            onError: (error) => failures.push(error),
            handle: async (events) => {
              seen.push(...events);
            },
          });
          opened.push(sub);
          const writers = 8;
          const perWriter = 15;
          const streams = Array.from({ length: writers }, () => stream('w'));
          await Promise.all(
            streams.map(async (id) => {
              for (let i = 0; i < perWriter; i++) {
                await racy.store.appendToStream(id, [{ type: 'Tick', data: { i } }], { expectedVersion: i });
                await sleep(Math.random() * 5);
              }
            }),
          );
          const head = await racy.store.headPosition();
          await sub.waitFor(head, 20_000);
          expect(failures).toEqual([]);
          expect(seen).toHaveLength(writers * perWriter);
          expect(new Set(seen.map((e) => e.id)).size).toBe(writers * perWriter);
          for (let i = 1; i < seen.length; i++) expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBe(-1);
          for (const id of streams) {
            expect(seen.filter((e) => e.streamId === id).map((e) => e.streamVersion)).toEqual(
              Array.from({ length: perWriter }, (_, i) => i + 1),
            );
          }
        } finally {
          await racy.close();
        }
      });

      it('stores the checkpoint with the effects, so a crash mid-batch loses and repeats nothing', async () => {
        const id = stream();
        for (let i = 0; i < 30; i++) await ctx.store.appendToStream(id, [{ type: 'Tick', data: { i } }], { expectedVersion: i });
        let crashAt: number | undefined = 17;
        const crashing = ctx.store.subscribe({
          name: 'crashy',
          batchSize: 10,
          pollIntervalMs: 10,
          maxAttempts: 1_000,
          handle: async (events, trx) => {
            for (const e of events) {
              if (e.streamVersion === crashAt) throw new Error('simulated crash mid-batch');
              await trx('effects').insert({ subscriber: 'crashy', event_id: e.id, stream_id: e.streamId, stream_version: e.streamVersion });
            }
          },
        });
        const countEffects = async () => {
          const [row] = await ctx.knex('effects').where({ subscriber: 'crashy' }).count<{ count: string }[]>('* as count');
          return Number(row!.count);
        };
        // The batch 11..20 rolls back whole at 17; retried one by one, 11..16 commit and 17 keeps failing.
        await eventually(async () => (await countEffects()) >= 16);
        await sleep(100);
        await crashing.stop();
        expect(await countEffects()).toBe(16);
        crashAt = undefined;
        const resumed = subscribeRecording('crashy');
        await resumed.waitFor(await ctx.store.headPosition(), 10_000);
        const rows = await ctx.knex('effects').where({ subscriber: 'crashy' }).orderBy('stream_version');
        expect(rows.map((r: { stream_version: number }) => r.stream_version)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      });

      it('keeps effects exactly once when two instances of one subscriber race (compare-and-set)', async () => {
        const id = stream();
        for (let i = 0; i < 40; i++) await ctx.store.appendToStream(id, [{ type: 'Tick', data: { i } }], { expectedVersion: i });
        const one = subscribeRecording('twin', { batchSize: 3 });
        const two = subscribeRecording('twin', { batchSize: 5 });
        const head = await ctx.store.headPosition();
        await Promise.all([one.waitFor(head, 10_000).catch(() => undefined), two.waitFor(head, 10_000).catch(() => undefined)]);
        await eventually(async () => {
          const [row] = await ctx.knex('effects').where({ subscriber: 'twin' }).count<{ count: string }[]>('* as count');
          return Number(row!.count) >= 40;
        });
        const rows = await ctx.knex('effects').where({ subscriber: 'twin' }).orderBy('stream_version');
        expect(rows.map((r: { stream_version: number }) => r.stream_version)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      });

      it('delivers only the filtered types but moves past the others', async () => {
        const id = stream();
        await ctx.store.appendToStream(
          id,
          [
            { type: 'Wanted', data: {} },
            { type: 'Other', data: {} },
            { type: 'Wanted', data: {} },
            { type: 'Other', data: {} },
          ],
          { expectedVersion: 0 },
        );
        const got: string[] = [];
        const sub = ctx.store.subscribe({
          name: 'filtered',
          filter: { types: ['Wanted'] },
          pollIntervalMs: 10,
          handle: async (events) => {
            got.push(...events.map((e) => `${e.type}@${e.streamVersion}`));
          },
        });
        opened.push(sub);
        await sub.waitFor(await ctx.store.headPosition(), 10_000);
        expect(got).toEqual(['Wanted@1', 'Wanted@3']);
      });

      it('parks an event that keeps failing and goes on with the rest', async () => {
        const id = stream();
        for (let i = 0; i < 5; i++)
          await ctx.store.appendToStream(id, [{ type: 'Tick', data: { poison: i === 2 } }], { expectedVersion: i });
        const errors: boolean[] = [];
        const sub = ctx.store.subscribe({
          name: 'poisoned',
          pollIntervalMs: 10,
          maxAttempts: 3,
          onError: (_error, context) => errors.push(context.parked),
          handle: async (events, trx) => {
            for (const e of events) {
              if ((e.data as { poison: boolean }).poison) throw new Error('cannot handle this one');
              await trx('effects').insert({
                subscriber: 'poisoned',
                event_id: e.id,
                stream_id: e.streamId,
                stream_version: e.streamVersion,
              });
            }
          },
        });
        opened.push(sub);
        await sub.waitFor(await ctx.store.headPosition(), 15_000);
        const rows = await ctx.knex('effects').where({ subscriber: 'poisoned' }).orderBy('stream_version');
        expect(rows.map((r: { stream_version: number }) => r.stream_version)).toEqual([1, 2, 4, 5]);
        const parked = await ctx.knex('subscription_dead_letters').where({ subscription: 'poisoned' });
        expect(parked).toHaveLength(1);
        expect(parked[0]).toMatchObject({ stream_id: id, type: 'Tick', attempts: 3 });
        expect(errors.at(-1)).toBe(true);
      });

      it('parks an event that cannot be upcast for the subscriber that handles it, and holds nobody back', async () => {
        const broken = await factory({
          upcast: (type, version, data) => {
            if (type === 'Broken') throw new Error('no upcaster for Broken');
            return { version, data };
          },
        });
        try {
          await broken.knex.schema.createTable('effects', (t) => {
            t.text('subscriber');
            t.text('type');
          });
          const id = stream();
          await broken.store.appendToStream(
            id,
            [
              { type: 'Tick', data: {} },
              { type: 'Broken', data: {} },
              { type: 'Tick', data: {} },
            ],
            { expectedVersion: 0 },
          );
          const subscriber = (name: string, types: string[]) =>
            broken.store.subscribe({
              name,
              filter: { types },
              pollIntervalMs: 10,
              maxAttempts: 3,
              handle: async (events, trx) => {
                for (const e of events) await trx('effects').insert({ subscriber: name, type: e.type });
              },
            });
          const wantsIt = subscriber('wants-broken', ['Tick', 'Broken']);
          const ignoresIt = subscriber('ignores-broken', ['Tick']);
          const head = await broken.store.headPosition();
          await Promise.all([wantsIt.waitFor(head, 15_000), ignoresIt.waitFor(head, 15_000)]);
          await Promise.all([wantsIt.stop(), ignoresIt.stop()]);
          const effects = await broken.knex('effects').select('subscriber', 'type');
          expect(effects.filter((e: { subscriber: string }) => e.subscriber === 'wants-broken')).toHaveLength(2);
          expect(effects.filter((e: { subscriber: string }) => e.subscriber === 'ignores-broken')).toHaveLength(2);
          const parked = await broken.knex('subscription_dead_letters');
          expect(parked).toHaveLength(1);
          expect(parked[0]).toMatchObject({ subscription: 'wants-broken', type: 'Broken', attempts: 3 });
          expect(parked[0].error).toMatch(/no upcaster for Broken/);
          await expect(broken.store.readAll()).rejects.toThrow(/cannot be read: no upcaster for Broken/);
        } finally {
          await broken.close();
        }
      });

      it('waits out a transient fault in the handler for as long as it lasts, parks nothing, and says so once each way', async () => {
        const id = stream();
        for (let i = 0; i < 3; i++) await ctx.store.appendToStream(id, [{ type: 'Tick', data: { i } }], { expectedVersion: i });
        let outages = 12;
        const states: string[] = [];
        const sub = ctx.store.subscribe({
          name: 'outage',
          pollIntervalMs: 10,
          maxAttempts: 3,
          maxBackoffMs: 20,
          onStateChange: (change) => states.push(change.state),
          handle: async (events, trx) => {
            for (const e of events) {
              if (e.streamVersion === 2 && outages-- > 0) {
                throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
              }
              await trx('effects').insert({ subscriber: 'outage', event_id: e.id, stream_id: e.streamId, stream_version: e.streamVersion });
            }
          },
        });
        opened.push(sub);
        await sub.waitFor(await ctx.store.headPosition(), 15_000);
        expect(outages).toBeLessThan(0);
        const rows = await ctx.knex('effects').where({ subscriber: 'outage' }).orderBy('stream_version');
        expect(rows.map((r: { stream_version: number }) => r.stream_version)).toEqual([1, 2, 3]);
        expect(await ctx.knex('subscription_dead_letters').where({ subscription: 'outage' })).toEqual([]);
        expect(states).toEqual(['degraded', 'recovered']);
      });

      it('resolves waitFor at once for a past position and times out for a future one', async () => {
        const id = stream();
        const { position } = await ctx.store.appendToStream(id, [{ type: 'A', data: {} }], { expectedVersion: 0 });
        const sub = subscribeRecording('waiter');
        await sub.waitFor(position, 5_000);
        await expect(sub.waitFor({ txId: position.txId + 1_000_000n, seq: 0n }, 50)).rejects.toThrow(/did not reach/);
        expect(sub.isLive()).toBe(true);
      });
    });
  });
}
