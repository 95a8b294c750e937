import { randomUUID } from 'node:crypto';
import { eventStoreMigrations, HttpProblem, migrate, PostgresEventStore } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { listEvents, type EventLogFilter, type EventLogQuery } from './eventLog';
import { scanEvents, scanForEvent } from './eventLogScan';

/** The scan (EventStoreDB's path) against the SQL path on the same PostgreSQL log: the same answers. */
describe('event log by scanning the port', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const user = randomUUID();

  beforeAll(async () => {
    db = await createTestDatabase('logscan');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    store = new PostgresEventStore({ knex: db.knex });
    for (let i = 0; i < 12; i++) {
      const stream = i % 3 === 0 ? `claim-${randomUUID()}` : `user-${i % 2 === 0 ? user : randomUUID()}`;
      await store.appendToStream(stream, [{ type: `T${i % 4}`, data: { userId: i % 5 === 0 ? user : randomUUID(), n: i } }], {
        expectedVersion: 'any',
        metadata: { correlationId: `c-${i % 2}`, userId: i === 7 ? user : null },
      });
    }
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const query = (
    filter: EventLogFilter,
    order: 'ASC' | 'DESC' = 'DESC',
    range: [number, number] = [0, 24],
    ids?: string[],
  ): EventLogQuery => ({
    sort: { field: 'position', order },
    range,
    filter,
    ...(ids ? { ids } : {}),
  });

  it('answers every filter, both orders and any range as the SQL path does', async () => {
    const everything = await listEvents(db.knex, query({}, 'ASC'));
    expect(everything.total).toBe(12);
    const middle = everything.rows[5]!.recordedAt;
    const cases: EventLogQuery[] = [
      query({}),
      query({}, 'ASC', [3, 7]),
      query({}, 'DESC', [10, 20]),
      query({ streamPrefix: 'claim-' }),
      query({ streamId: everything.rows[1]!.streamId }, 'ASC'),
      query({ type: ['T1', 'T3'] }, 'ASC', [1, 3]),
      query({ type: 'T0' }),
      query({ userId: user }),
      query({ correlationId: 'c-1' }, 'ASC'),
      query({ recordedAt_gte: middle }),
      query({ recordedAt_lte: middle }, 'ASC'),
      query({}, 'DESC', [0, 24], [everything.rows[2]!.id, everything.rows[9]!.id]),
    ];
    for (const each of cases) {
      const expected = await listEvents(db.knex, each);
      expect(expected.total).toBeGreaterThan(0);
      expect(await scanEvents(store, each)).toEqual(expected);
    }
  });

  it('reads at most its cap, and counts only what it read', async () => {
    const capped = await scanEvents(store, query({}, 'DESC', [0, 24]), 5);
    expect(capped.total).toBe(5);
    expect(capped.rows).toEqual((await listEvents(db.knex, query({}, 'DESC', [0, 4]))).rows);
  });

  it('refuses a sort other than the log order, naming it', async () => {
    const refused = scanEvents(store, { ...query({}), sort: { field: 'type', order: 'ASC' } });
    await expect(refused).rejects.toBeInstanceOf(HttpProblem);
    await expect(refused).rejects.toMatchObject({ status: 400, detail: expect.stringContaining('not by type') });
  });

  it('finds one event by id among the newest it may read', async () => {
    const [oldest, newest] = [
      (await listEvents(db.knex, query({}, 'ASC', [0, 0]))).rows[0]!,
      (await listEvents(db.knex, query({}, 'DESC', [0, 0]))).rows[0]!,
    ];
    expect((await scanForEvent(store, newest.id))?.event_id).toBe(newest.id);
    expect((await scanForEvent(store, oldest.id))?.event_id).toBe(oldest.id);
    expect(await scanForEvent(store, oldest.id, 5)).toBeUndefined();
    expect(await scanForEvent(store, randomUUID())).toBeUndefined();
  });
});
