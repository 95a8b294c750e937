import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { createKnex } from '../db/knex';
import { migrate } from '../db/migrations';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { eventStoreContract, type ContractFactoryOptions } from './contract';
import { PostgresEventStore } from './postgres';
import { eventStoreMigrations } from './postgresMigrations';
import type { GlobalPosition } from './types';

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function openStore(options: ContractFactoryOptions = {}) {
  const db = await createTestDatabase('es');
  await migrate(db.knex, 'platform', eventStoreMigrations);
  const store = new PostgresEventStore({ knex: db.knex, connectionString: db.url, ...options });
  return {
    store,
    knex: db.knex,
    db,
    async close() {
      await store.close();
      await db.drop();
    },
  };
}

eventStoreContract('PostgreSQL', openStore);

describe('PostgreSQL event store specifics', () => {
  let opened: Awaited<ReturnType<typeof openStore>>;
  beforeEach(async () => {
    opened = await openStore();
  });
  afterEach(async () => opened.close());

  it('refuses to edit or delete an event', async () => {
    await opened.store.appendToStream('fixed-1', [{ type: 'A', data: { v: 1 } }], { expectedVersion: 0 });
    await expect(opened.knex('events').update({ data: JSON.stringify({ v: 2 }) })).rejects.toThrow(/immutable/);
    await expect(opened.knex('events').del()).rejects.toThrow(/immutable/);
    expect((await opened.store.readStream('fixed-1')).events[0]!.data).toEqual({ v: 1 });
  });

  it('records an operator as the actor only when one is named, with no user id', async () => {
    await opened.store.appendToStream('acted-1', [{ type: 'A', data: {} }], {
      expectedVersion: 0,
      metadata: { userId: null, operator: 'ops@host-1' },
    });
    await opened.store.appendToStream('acted-1', [{ type: 'B', data: {} }], {
      expectedVersion: 1,
      metadata: { userId: '7f0c1c52-5a4e-4a55-9a3c-8f2d1b9e0a11' },
    });
    const [byOperator, byUser] = (await opened.store.readStream('acted-1')).events;
    expect(byOperator!.metadata).toMatchObject({ userId: null, operator: 'ops@host-1' });
    expect(byUser!.metadata.userId).toBe('7f0c1c52-5a4e-4a55-9a3c-8f2d1b9e0a11');
    expect(byUser!.metadata).not.toHaveProperty('operator');
  });

  it('does not show an event to global readers while an older transaction is still open', async () => {
    const db: TestDatabase = opened.db;
    await opened.store.appendToStream('early', [{ type: 'A', data: {} }], { expectedVersion: 0 });
    // Readable once no older transaction of this database is running.
    await waitUntil(async () => (await opened.store.readAll()).length === 1);
    // An open transaction that has written (so it holds a transaction id) ...
    const slow = await db.knex.transaction();
    try {
      await slow.raw("insert into event_streams (stream_id, version) values ('slow', 0)");
      // ... and a later append that commits before it.
      const late = await opened.store.appendToStream('late', [{ type: 'B', data: {} }], { expectedVersion: 0 });
      expect((await opened.store.readAll()).map((e) => e.type)).toEqual(['A']);
      // The head is the newest committed event even while it is not readable yet, so waiting for it is safe.
      expect(await opened.store.headPosition()).toEqual(late.position);
    } finally {
      // Never leave it open: an open transaction holds back every reader of this database.
      await slow.rollback();
    }
    await waitUntil(async () => (await opened.store.readAll()).length === 2);
    expect((await opened.store.readAll()).map((e) => e.type)).toEqual(['A', 'B']);
  });

  it('is not held back by an open transaction in another database of the same server', async () => {
    const neighbour = await createTestDatabase('es_neighbour');
    const other = await neighbour.knex.transaction();
    try {
      await other.raw('create table busy (v int)');
      await other.raw('insert into busy values (1)');
      // Our append gets a newer transaction id than the neighbour's, which is still running.
      await opened.store.appendToStream('here', [{ type: 'Here', data: {} }], { expectedVersion: 0 });
      // The id is cluster-wide, but a neighbour cannot append to our events table: it does not count.
      await waitUntil(async () => (await opened.store.readAll()).length === 1, 5_000);
    } finally {
      await other.rollback();
      await neighbour.drop();
    }
  });

  it('is not held back by an open transaction that said first it would append no events (a projector batch)', async () => {
    const batch = await opened.db.knex.transaction();
    try {
      await batch.raw('select events_will_not_append()');
      await batch.raw("insert into event_streams (stream_id, version) values ('projector-batch', 0)");
      await opened.store.appendToStream('after-batch', [{ type: 'AfterBatch', data: {} }], { expectedVersion: 0 });
      await waitUntil(async () => (await opened.store.readAll()).length === 1, 5_000);
      // The promise is kept by the database: the batch cannot append after all.
      await expect(
        batch.raw(
          `select events_append('sneaky', 'any', '[{"event_id":"${'7f0c1c52-5a4e-4a55-9a3c-8f2d1b9e0a12'}","type":"S","schema_version":1,"data":{},"metadata":{}}]'::jsonb)`,
        ),
      ).rejects.toThrow(/said it would append no events/);
    } finally {
      await batch.rollback();
    }
    expect((await opened.store.readStream('sneaky')).events).toEqual([]);
  });

  it('refuses the promise from a transaction that has already written, since it may have appended', async () => {
    const late = await opened.db.knex.transaction();
    try {
      await late.raw("insert into event_streams (stream_id, version) values ('wrote-first', 0)");
      await expect(late.raw('select events_will_not_append()')).rejects.toThrow(/must come before the transaction writes anything/);
    } finally {
      await late.rollback();
    }
  });

  it('still waits for an open transaction that made no such promise, even while promised ones run beside it', async () => {
    const promised = await opened.db.knex.transaction();
    const plain = await opened.db.knex.transaction();
    try {
      await promised.raw('select events_will_not_append()');
      await promised.raw("insert into event_streams (stream_id, version) values ('promised', 0)");
      await plain.raw("insert into event_streams (stream_id, version) values ('plain', 0)");
      await opened.store.appendToStream('behind-plain', [{ type: 'BehindPlain', data: {} }], { expectedVersion: 0 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await opened.store.readAll()).toEqual([]);
    } finally {
      await plain.rollback();
      await promised.rollback();
    }
    await waitUntil(async () => (await opened.store.readAll()).length === 1, 5_000);
  });

  it('reads an event soon after the older transaction that hid it ends, not a whole poll interval later', async () => {
    const seen: string[] = [];
    const sub = opened.store.subscribe({
      name: 'patient',
      pollIntervalMs: 60_000,
      handle: async (events) => void seen.push(...events.map((e) => e.type)),
    });
    try {
      await sub.waitFor(await opened.store.headPosition(), 10_000);
      const older = await opened.db.knex.transaction();
      let position;
      try {
        await older.raw("insert into event_streams (stream_id, version) values ('older', 0)");
        // The append wakes the subscriber, whose read cannot see the event while `older` is open.
        position = (await opened.store.appendToStream('hidden', [{ type: 'Hidden', data: {} }], { expectedVersion: 0 })).position;
        await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        await older.rollback();
      }
      // No append comes after: before, the subscriber slept its whole poll interval (a minute here).
      await sub.waitFor(position, 10_000);
      expect(seen).toEqual(['Hidden']);
    } finally {
      await sub.stop();
    }
  });

  it('moves a checkpoint past events it does not handle with one statement, and a batch it handles in one transaction that promised no append', async () => {
    const statements: string[] = [];
    const record = (q: { sql: string }) => void statements.push(q.sql.replace(/\s+/g, ' ').trim().toLowerCase());
    const handled: string[] = [];
    await opened.store.appendToStream('warm', [{ type: 'NotWanted', data: {} }], { expectedVersion: 0 });
    const sub = opened.store.subscribe({
      name: 'picky',
      readOnly: true,
      filter: { types: ['Wanted'] },
      handle: async (events) => void handled.push(...events.map((e) => e.type)),
    });
    // A waiter is answered as soon as the read found nothing for it, before the checkpoint is written.
    const stored = async (position: GlobalPosition) =>
      waitUntil(
        async () =>
          (
            await opened.knex.raw(
              `select (tx_id, seq) >= (?::xid8, ?::bigint) as reached from subscription_checkpoints where name = 'picky'`,
              [position.txId.toString(), position.seq.toString()],
            )
          ).rows[0]?.reached === true,
        5_000,
      );
    try {
      const head = await opened.store.headPosition();
      await sub.waitFor(head, 10_000);
      await stored(head);
      opened.knex.on('query', record);
      const skipped = await opened.store.appendToStream('other', [{ type: 'NotWanted', data: {} }], { expectedVersion: 0 });
      await sub.waitFor(skipped.position, 10_000);
      await stored(skipped.position);
      const skipping = statements.splice(0).filter((sql) => !sql.startsWith('select'));
      expect(skipping).toEqual([expect.stringMatching(/^update subscription_checkpoints/)]);
      const wanted = await opened.store.appendToStream('wanted', [{ type: 'Wanted', data: {} }], { expectedVersion: 0 });
      await sub.waitFor(wanted.position, 10_000);
      // Reads (the log, the head) and the append itself left aside: what the subscriber wrote.
      const handling = statements.filter((sql) => !sql.startsWith('select') || sql.startsWith('select events_will_not_append'));
      expect(handling).toEqual([
        'begin;',
        'select events_will_not_append()',
        expect.stringMatching(/^update subscription_checkpoints/),
        'commit;',
      ]);
      expect(handled).toEqual(['Wanted']);
    } finally {
      opened.knex.off('query', record);
      await sub.stop();
    }
  });

  it('takes a batch lock in the statement that promises no append, and holds it while the handler runs', async () => {
    const statements: string[] = [];
    const record = (q: { sql: string }) => void statements.push(q.sql.replace(/\s+/g, ' ').trim().toLowerCase());
    const held: number[] = [];
    const sub = opened.store.subscribe({
      name: 'locked',
      readOnly: true,
      filter: { types: ['Locked'] },
      batchLock: { space: 4242, key: 'locked-batches' },
      handle: async () => {
        // Seen from another connection: the lock is taken by the batch's own transaction.
        const { rows } = (await opened.knex.raw(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 4242 and objid = hashtext('locked-batches')::oid and granted`,
        )) as { rows: { n: number }[] };
        held.push(rows[0]!.n);
      },
    });
    try {
      await sub.waitFor(await opened.store.headPosition(), 10_000);
      opened.knex.on('query', record);
      const { position } = await opened.store.appendToStream('locked', [{ type: 'Locked', data: {} }], { expectedVersion: 0 });
      await sub.waitFor(position, 10_000);
      expect(statements.filter((sql) => sql.includes('events_will_not_append') || sql.includes('pg_advisory_xact_lock'))).toEqual([
        'select events_will_not_append(), pg_advisory_xact_lock($1, hashtext($2))',
      ]);
      expect(held).toEqual([1]);
    } finally {
      opened.knex.off('query', record);
      await sub.stop();
    }
  });

  it('filters a subscriber’s types in SQL: its pages hold only its events, and it still passes the others', async () => {
    const noise = Array.from({ length: 60 }, () => ({ type: 'NotWanted', data: {} }));
    await opened.store.appendToStream('a', [...noise, { type: 'Wanted', data: { n: 1 } }, ...noise], { expectedVersion: 0 });
    await opened.store.appendToStream('b', [{ type: 'Wanted', data: { n: 2 } }, { type: 'Wanted', data: { n: 3 } }, ...noise], {
      expectedVersion: 0,
    });
    const reads: string[] = [];
    // Reads of log pages (the head's position, also read by an idle subscriber, left aside).
    const record = (q: { sql: string }) => void (q.sql.includes('position_text') && reads.push(q.sql));
    const batches: number[][] = [];
    opened.knex.on('query', record);
    const sub = opened.store.subscribe({
      name: 'filtered-in-sql',
      readOnly: true,
      batchSize: 2,
      filter: { types: ['Wanted'] },
      handle: async (events) => void batches.push(events.map((e) => (e.data as { n: number }).n)),
    });
    try {
      const head = await opened.store.headPosition();
      await sub.waitFor(head, 10_000);
      expect(batches).toEqual([[1, 2], [3]]);
      expect(sub.position()).toEqual(head);
      // Three pages read (two full, one short that reached the end), not one per two events of the log.
      expect(reads.length).toBeLessThanOrEqual(4);
      expect(reads.every((sql) => /type = any/.test(sql))).toBe(true);
    } finally {
      opened.knex.off('query', record);
      await sub.stop();
    }
  });

  it('orders the log by number, not by text, across a change in the number of digits (9 → 10)', async () => {
    const row = (tx: string, seq: number, stream: string) => ({
      global_position: seq,
      transaction_id: opened.knex.raw('?::xid8', [tx]),
      event_id: opened.knex.raw('gen_random_uuid()'),
      stream_id: stream,
      stream_version: 1,
      type: 'Tick',
      data: '{}',
      metadata: JSON.stringify({ userId: null, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() }),
    });
    // Written directly so the transaction ids straddle 9 → 10, below any transaction still running.
    await opened.knex('events').insert([row('9', 2, 'nine'), row('10', 1, 'ten'), row('11', 3, 'eleven')]);
    const all = await opened.store.readAll();
    expect(all.map((e) => `${e.position.txId}.${e.position.seq}`)).toEqual(['9.2', '10.1', '11.3']);
    const after = await opened.store.readAll({ after: all[0]!.position });
    expect(after.map((e) => e.streamId)).toEqual(['ten', 'eleven']);
  });

  it('appends in one statement committed on its own, not a transaction of several round trips', async () => {
    await opened.store.appendToStream('warm', [{ type: 'A', data: {} }], { expectedVersion: 0 });
    const statements: string[] = [];
    const record = (query: { sql: string }) => statements.push(query.sql);
    opened.knex.on('query', record);
    try {
      await opened.store.appendToStream(
        'one-trip',
        [
          { type: 'A', data: { n: 1 } },
          { type: 'B', data: { n: 2 } },
        ],
        { expectedVersion: 0 },
      );
    } finally {
      opened.knex.off('query', record);
    }
    // The NOTIFY goes after the commit on a statement of its own (see the next test).
    const appending = statements.filter((sql) => !/pg_notify/.test(sql));
    expect(appending).toHaveLength(1);
    expect(appending[0]).toMatch(/events_append/);
    const { events, version } = await opened.store.readStream('one-trip');
    expect(version).toBe(2);
    expect(events.map((e) => [e.type, e.streamVersion, e.data])).toEqual([
      ['A', 1, { n: 1 }],
      ['B', 2, { n: 2 }],
    ]);
    expect(events[0]!.position.txId).toBe(events[1]!.position.txId);
    expect(events[0]!.position.seq < events[1]!.position.seq).toBe(true);
  });

  it('prepares its append once per connection and reuses it, not parsed and planned again on every append', async () => {
    // One connection, so the appends and the look at its prepared statements share it.
    const knex = createKnex(opened.db.url, { max: 1 });
    const store = new PostgresEventStore({ knex, connectionString: opened.db.url });
    try {
      for (const [i, expectedVersion] of (['no_stream', 1, 'any'] as const).entries()) {
        await store.appendToStream('prepared', [{ type: 'A', data: { i } }], { expectedVersion });
      }
      const { rows } = (await knex.raw(
        `select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement ~ 'events_append'`,
      )) as { rows: { statement: string; runs: number }[] };
      expect(rows).toHaveLength(1);
      expect(rows[0]!.runs).toBe(3);
      expect((await store.readStream('prepared')).events.map((e) => [e.streamVersion, e.data])).toEqual([
        [1, { i: 0 }],
        [2, { i: 1 }],
        [3, { i: 2 }],
      ]);
    } finally {
      await store.close();
      await knex.destroy();
    }
  });

  it('records a single event (the one-row insert) as it records each of several: id, version, type, schema version, data, metadata, place', async () => {
    const alone = await opened.store.appendToStream(
      'single',
      [{ id: '0f8b0c9e-8a55-4c1f-9a43-3f4b5b6c7d01', type: 'A', data: { n: 1 }, metadata: { schemaVersion: 3, userId: null } }],
      { expectedVersion: 'no_stream', metadata: { correlationId: 'c-1', occurredAt: '2026-11-27T08:00:00.000Z' } },
    );
    const several = await opened.store.appendToStream(
      'several',
      [
        { id: '0f8b0c9e-8a55-4c1f-9a43-3f4b5b6c7d02', type: 'A', data: { n: 1 }, metadata: { schemaVersion: 3, userId: null } },
        { type: 'B', data: {} },
      ],
      { expectedVersion: 'no_stream', metadata: { correlationId: 'c-1', occurredAt: '2026-11-27T08:00:00.000Z' } },
    );
    const rows = (await opened
      .knex('events')
      .select('stream_id', 'event_id', 'stream_version', 'type', 'schema_version', 'data', 'metadata')
      .select(opened.knex.raw('transaction_id::text as tx, global_position::text as seq'))
      .where({ stream_version: 1 })
      .orderBy('global_position')) as Record<string, unknown>[];
    const shape = ({ event_id: _id, stream_id: _stream, tx: _tx, seq: _seq, ...rest }: Record<string, unknown>) => rest;
    expect(rows.map((row) => row.stream_id)).toEqual(['single', 'several']);
    expect(rows[0]!.event_id).toBe('0f8b0c9e-8a55-4c1f-9a43-3f4b5b6c7d01');
    expect(shape(rows[0]!)).toEqual(shape(rows[1]!));
    expect(shape(rows[0]!)).toMatchObject({
      stream_version: 1,
      type: 'A',
      schema_version: 3,
      data: { n: 1 },
      metadata: { correlationId: 'c-1' },
    });
    expect(alone).toEqual({
      nextExpectedVersion: 1,
      position: { txId: BigInt(rows[0]!.tx as string), seq: BigInt(rows[0]!.seq as string) },
    });
    expect(several.nextExpectedVersion).toBe(2);
  });

  it('notifies listeners in other processes after the append has committed', async () => {
    const listener = new pg.Client({ connectionString: opened.db.url });
    await listener.connect();
    try {
      await listener.query('listen cc_events_appended');
      // What a fresh connection sees the moment the notification arrives.
      const seenAtNotification = new Promise<number>((resolve, reject) => {
        listener.once('notification', () => {
          opened
            .knex('events')
            .where({ stream_id: 'announced' })
            .count<{ count: string }[]>('* as count')
            .then(([row]) => resolve(Number(row!.count)), reject);
        });
      });
      await opened.store.appendToStream('announced', [{ type: 'A', data: {} }], { expectedVersion: 0 });
      expect(await seenAtNotification).toBe(1);
    } finally {
      await listener.end();
    }
  });

  it('answers a wrong expected version with the actual version, for every kind of expectation', async () => {
    await opened.store.appendToStream(
      'versions',
      [
        { type: 'A', data: {} },
        { type: 'B', data: {} },
      ],
      { expectedVersion: 'no_stream' },
    );
    await expect(
      opened.store.appendToStream('versions', [{ type: 'C', data: {} }], { expectedVersion: 'no_stream' }),
    ).rejects.toMatchObject({
      name: 'WrongExpectedVersionError',
      expected: 'no_stream',
      actual: 2,
    });
    await expect(opened.store.appendToStream('versions', [{ type: 'C', data: {} }], { expectedVersion: 0 })).rejects.toMatchObject({
      expected: 0,
      actual: 2,
    });
    await expect(
      opened.store.appendToStream('nothing-yet', [{ type: 'C', data: {} }], { expectedVersion: 'stream_exists' }),
    ).rejects.toMatchObject({
      expected: 'stream_exists',
      actual: 0,
    });
    await expect(opened.store.appendToStream('versions', [{ type: 'C', data: {} }], { expectedVersion: -1 })).rejects.toThrow(
      /Invalid expected version/,
    );
    expect((await opened.store.appendToStream('versions', [{ type: 'C', data: {} }], { expectedVersion: 'any' })).nextExpectedVersion).toBe(
      3,
    );
    expect((await opened.store.readStream('versions')).events.map((e) => e.type)).toEqual(['A', 'B', 'C']);
  });

  it('resumes after the subscriber process is SIGKILLed mid-batch, with no lost or repeated effect', async () => {
    await opened.knex.schema.createTable('effects', (t) => {
      t.bigIncrements('id');
      t.text('subscriber');
      t.uuid('event_id');
      t.text('stream_id');
      t.integer('stream_version');
    });
    for (let i = 0; i < 25; i++) {
      await opened.store.appendToStream('victim', [{ type: 'Tick', data: { i } }], { expectedVersion: i });
    }
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'testing/killableSubscriber.ts')], {
      env: { ...process.env, TEST_DATABASE_URL: opened.db.url, KILL_AT_VERSION: '15' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
    expect(signal).toBe('SIGKILL');
    expect(output).toContain('killing myself');

    // The batch 11..20 was cut off after writing 11..15: none of it may remain.
    const afterKill = await opened.knex('effects').orderBy('stream_version').pluck('stream_version');
    expect(afterKill).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));

    const resumed = opened.store.subscribe({
      name: 'killable',
      pollIntervalMs: 10,
      handle: async (events, trx) => {
        for (const e of events) {
          await trx('effects').insert({ subscriber: 'killable', event_id: e.id, stream_id: e.streamId, stream_version: e.streamVersion });
        }
      },
    });
    await resumed.waitFor(await opened.store.headPosition(), 10_000);
    await resumed.stop();
    const final = await opened.knex('effects').orderBy('stream_version').pluck('stream_version');
    expect(final).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  }, 60_000);
});
