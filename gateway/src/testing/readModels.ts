import { Writable } from 'node:stream';
import os from 'node:os';
import { commandMigrations } from '@cc/command-service';
import { createProjectionService, projectionMigrations, projectionRunnerMigrations, readModelProjectors } from '@cc/projection-service';
import {
  createLogger,
  eventStoreMigrations,
  LocalObjectStorage,
  migrate,
  personalDataMigrations,
  PersonalDataVault,
  PostgresEventStore,
  type Knex,
} from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';

/** Every table the read models write (the projectors' own declaration). */
export function readModelTables(): string[] {
  return readModelProjectors(undefined as unknown as PersonalDataVault)
    .flatMap((p) => [...p.tables])
    .sort();
}

export async function migrateAll(knex: Knex): Promise<void> {
  await migrate(knex, 'platform', [...eventStoreMigrations, ...personalDataMigrations]);
  await migrate(knex, 'command', commandMigrations);
  await migrate(knex, 'projection', projectionMigrations);
  await migrate(knex, 'projection_runner', projectionRunnerMigrations);
}

/** Every row of the given tables, in a stable order, as text. */
export async function dumpTables(knex: Knex, tables: readonly string[]): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = (await knex.raw(`select to_jsonb(t)::text as row from ${table} t`)) as { rows: { row: string }[] };
    result[table] = rows.map((r) => r.row).sort();
  }
  return result;
}

/** A quiet logger that keeps its lines. */
export function collectingLogger(lines: string[] = []) {
  return createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
}

/**
 * What the read models hold when built once from the beginning, without faults: the same events and
 * keys copied into a new database, projected by a fresh runner.
 */
export async function freshBuild(source: Knex, tables: readonly string[] = readModelTables()): Promise<Record<string, string[]>> {
  const fresh: TestDatabase = await createTestDatabase('fresh');
  try {
    await migrateAll(fresh.knex);
    const { rows: events } = (await source.raw(
      `select global_position::text as global_position, transaction_id::text as transaction_id, event_id, stream_id, stream_version, type, schema_version, data, metadata, created_at from events`,
    )) as { rows: Record<string, unknown>[] };
    for (let i = 0; i < events.length; i += 200) {
      await fresh.knex('events').insert(
        events.slice(i, i + 200).map((e) => ({
          ...e,
          transaction_id: fresh.knex.raw('?::xid8', [e.transaction_id as string]),
          data: JSON.stringify(e.data),
          metadata: JSON.stringify(e.metadata),
        })),
      );
    }
    const keys = await source('personal_data_keys').select('subject_id', 'key');
    for (let i = 0; i < keys.length; i += 200) await fresh.knex('personal_data_keys').insert(keys.slice(i, i + 200));
    const store = new PostgresEventStore({ knex: fresh.knex, connectionString: fresh.url });
    const service = createProjectionService({
      knex: fresh.knex,
      store,
      vault: new PersonalDataVault(fresh.knex),
      storage: new LocalObjectStorage(os.tmpdir()),
      logger: createLogger('silent'),
      pollIntervalMs: 50,
    });
    service.runner.start();
    await service.runner.waitFor(await store.headPosition(), 60_000);
    await service.runner.stop();
    await store.close();
    return await dumpTables(fresh.knex, tables);
  } finally {
    await fresh.drop();
  }
}
