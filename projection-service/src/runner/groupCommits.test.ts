import { PostgresEventStore, createLogger, eventStoreMigrations, migrate, type RecordedEvent } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { eventually, triedAgainWhile } from '@cc/platform/testing/eventually';
import { checkpointName, ProjectionRunner } from './projectionRunner';
import type { SetBasedProjector, TableRows } from './setBasedProjector';

type Row = Record<string, unknown>;
interface Counted {
  key: string;
  /** The projector that cannot project this event. */
  failFor?: string;
}

/** A projector counting the events of each key in a table of its own; it throws on the events it is told to fail. */
function counter(name: string): SetBasedProjector {
  const table = `group_${name}`;
  return {
    shape: 'set-based',
    name,
    version: 1,
    handles: ['Counted'],
    tables: [table],
    descriptions: { [table]: { key: ['key'], columns: { key: 'text', n: 'integer' } } },
    open: async () => undefined,
    preload: async () => undefined,
    touches: (event) => ({ [table]: [{ key: (event.data as Counted).key }] }),
    evolve: (rows: Readonly<Record<string, TableRows<Row>>>, event: RecordedEvent) => {
      const data = event.data as Counted;
      if (data.failFor === name) throw new Error(`${name} cannot count this`);
      const n = (rows[table]!.get({ key: data.key })?.n as number | undefined) ?? 0;
      rows[table]!.put({ key: data.key, n: n + 1 });
    },
    startBatch: () => undefined,
    settle: () => undefined,
  };
}

describe('the asynchronous projectors of one runner commit the batches of one append together', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;
  const names = ['alpha', 'beta', 'gamma'];

  beforeAll(async () => {
    db = await createTestDatabase('group_commits');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    for (const name of names) await db.knex.raw(`create table group_${name} (key text primary key, n integer not null)`);
    store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    runner = new ProjectionRunner({ store, projectors: names.map(counter), logger: createLogger('silent'), pollIntervalMs: 60_000 });
    runner.start();
    await eventually(() => names.every((name) => runner.runtime(name).live));
  });
  afterAll(async () => {
    await runner.stop();
    await store.close();
    await db.drop();
  });

  const countOf = async (name: string, key: string) =>
    ((await db.knex(`group_${name}`).where({ key }).first('n')) as { n: number } | undefined)?.n;

  it('in one transaction of five statements, where each projector sent six of its own', async () => {
    // The three commit together when the append's wake reaches them in one turn; on a loaded machine
    // the NOTIFY and the waiter's wakes may reach them apart, and the append is tried again then.
    const append = async (stream: string, key: string) => {
      const sent: { sql: string; tx?: string }[] = [];
      const note = (query: { sql: string; __knexTxId?: string }) =>
        void sent.push({ sql: query.sql.trim().toLowerCase(), tx: query.__knexTxId });
      db.knex.on('query', note);
      try {
        const { position } = await store.appendToStream(stream, [{ type: 'Counted', data: { key } }], { expectedVersion: 0 });
        await runner.waitFor(position, 10_000);
      } finally {
        db.knex.off('query', note);
      }
      // The statements of the append's first transaction: a subscriber's read on another connection
      // meanwhile (a late wake) is not part of it.
      const first = sent.find(({ sql }) => sql.startsWith('begin'))?.tx;
      return {
        transactions: new Set(sent.filter(({ sql }) => sql.startsWith('begin')).map(({ tx }) => tx)).size,
        sent: sent.filter(({ tx }) => tx !== undefined && tx === first).map(({ sql }) => sql),
      };
    };
    let key = '';
    const { sent } = await triedAgainWhile(
      (n) => append(`count-1-${n}`, (key = `one-${n}`)),
      ({ transactions }) => transactions > 1,
    );
    // The promise with every lock, one read of every table, one write that moves every checkpoint
    // too, and the commit.
    expect(sent).toEqual([
      expect.stringMatching(/^begin/),
      expect.stringMatching(/events_will_not_append\(\).*pg_try_advisory_xact_lock/),
      expect.stringMatching(/^(select|with)/),
      expect.stringMatching(/^with [\s\S]*insert into "group_[\s\S]*last_write as \(update subscription_checkpoints/),
      expect.stringMatching(/^commit/),
    ]);
    for (const name of names) expect(await countOf(name, key)).toBe(1);
  });

  it('when one projector fails, the others commit alone, and its event is retried and parked as before', async () => {
    const { position } = await store.appendToStream('count-2', [{ type: 'Counted', data: { key: 'two', failFor: 'beta' } }], {
      expectedVersion: 0,
    });
    await runner.waitFor(position, 20_000);
    expect(await countOf('alpha', 'two')).toBe(1);
    expect(await countOf('gamma', 'two')).toBe(1);
    expect(await countOf('beta', 'two')).toBeUndefined();
    const parked = await db.knex('subscription_dead_letters').select('subscription', 'stream_id', 'attempts');
    expect(parked).toEqual([{ subscription: checkpointName(counter('beta')), stream_id: 'count-2', attempts: 5 }]);
    expect(runner.runtime('beta').lastError?.message).toBe('Error: beta cannot count this');

    // Past the parked event, all three go on together.
    const next = await store.appendToStream('count-3', [{ type: 'Counted', data: { key: 'two' } }], { expectedVersion: 0 });
    await runner.waitFor(next.position, 10_000);
    expect(await Promise.all(names.map((name) => countOf(name, 'two')))).toEqual([2, 1, 2]);
  }, 30_000);
});
