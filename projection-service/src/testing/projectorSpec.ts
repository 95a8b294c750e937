import {
  createLogger,
  eventStoreMigrations,
  migrate,
  personalDataMigrations,
  PersonalDataVault,
  PostgresEventStore,
  type EventMetadata,
  type Knex,
  type NewEvent,
} from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { projectionMigrations } from '../index';
import type { ReadModelProjector } from '../runner/projectEvents';
import { ProjectionRunner } from '../runner/projectionRunner';

type Row = Record<string, unknown>;

export interface RowQuery {
  /** Only the rows matching these columns. */
  where?: Row;
  /** Column(s) the rows are read in, so the expected list has a stable order. */
  orderBy?: string | string[];
}

/**
 * Given events, then rows: a projector tested against the read-model tables it writes, on a fresh
 * database of the embedded PostgreSQL with every read model's migrations. Events go through the real
 * event store and the real runner (the same transaction, checkpoint and ordering as in production),
 * so the spec sees exactly what the projector would build.
 *
 * Call it inside a `describe`: it registers the `beforeEach`/`afterEach` that make and drop the
 * database.
 */
export function projectorSpec(projectors: (vault: PersonalDataVault) => ReadModelProjector[]) {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let vault: PersonalDataVault;
  const logger = createLogger('silent');

  beforeEach(async () => {
    db = await createTestDatabase('proj');
    await migrate(db.knex, 'platform', [...eventStoreMigrations, ...personalDataMigrations]);
    await migrate(db.knex, 'projection', projectionMigrations);
    store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    vault = new PersonalDataVault(db.knex);
  });
  afterEach(async () => {
    await store.close();
    await db.drop();
  });

  /** Runs the projectors until they have seen every event; a new `version` replays from the start. */
  async function project(options: { version?: number } = {}): Promise<void> {
    const built = projectors(vault).map((p) => (options.version === undefined ? p : { ...p, version: options.version }));
    const runner = new ProjectionRunner({ store, projectors: built, logger, pollIntervalMs: 20 });
    runner.start();
    await runner.waitFor(await store.headPosition(), 10_000);
    await runner.stop();
  }

  async function rows(table: string, query: RowQuery = {}): Promise<Row[]> {
    await project();
    let select = db.knex(table).select('*');
    if (query.where) select = select.where(query.where);
    for (const column of [query.orderBy ?? []].flat()) select = select.orderBy(column);
    return select;
  }

  return {
    get knex(): Knex {
      return db.knex;
    },
    get store(): PostgresEventStore {
      return store;
    },
    /** Seals personal data the way the command side does, for events that carry it. */
    get vault(): PersonalDataVault {
      return vault;
    },
    /** Appends events to a stream, after whatever it already holds. */
    async given(stream: string, events: NewEvent[], metadata: Partial<EventMetadata> = {}): Promise<void> {
      const { version } = await store.readStream(stream);
      await store.appendToStream(stream, events, { expectedVersion: version, metadata });
    },
    project,
    /** Projects, then reads the table's rows. */
    rows,
    /** Projects, then expects exactly these rows (each one matched column by column on what it names). */
    async thenRows(table: string, expected: Row[], query: RowQuery = {}): Promise<void> {
      expect(await rows(table, query)).toMatchObject(expected);
    },
  };
}
