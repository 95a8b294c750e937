import { migrate, type PersonalDataVault } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { projectionMigrations, readModelProjectors } from '../index';
import { isSetBased } from './projectEvents';
import type { ColumnType } from './setBasedProjector';

/** How PostgreSQL names each type (`format_type`). */
const POSTGRES_NAME: Record<ColumnType, string> = {
  uuid: 'uuid',
  text: 'text',
  integer: 'integer',
  bigint: 'bigint',
  boolean: 'boolean',
  timestamptz: 'timestamp with time zone',
  jsonb: 'jsonb',
  xid8: 'xid8',
};

describe('set-based projectors describe their tables as the migrations make them', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('desc');
    await migrate(db.knex, 'projection', projectionMigrations);
  }, 60_000);
  afterAll(async () => db.drop());

  // Only names and descriptions are read: no projector touches the vault when it is made.
  const projectors = readModelProjectors(undefined as unknown as PersonalDataVault).filter(isSetBased);

  it('there are set-based projectors to check', () => {
    expect(projectors.map((p) => p.name)).toEqual(expect.arrayContaining(['claims', 'claim_history', 'activities']));
  });

  it.each(
    projectors.flatMap((p) =>
      Object.entries(p.descriptions).map(([table, description]) => [`${p.name}: ${table}`, table, description] as const),
    ),
  )('%s: every column with its type, and the primary key', async (_name, table, description) => {
    const { rows: columns } = (await db.knex.raw(
      `select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
         where attrelid = ?::regclass and attnum > 0 and not attisdropped`,
      [table],
    )) as { rows: { name: string; type: string }[] };
    const described = Object.entries(description.columns).map(([name, type]) => ({ name, type: POSTGRES_NAME[type] }));
    expect([...described].sort((a, b) => a.name.localeCompare(b.name))).toEqual(columns.sort((a, b) => a.name.localeCompare(b.name)));
    const { rows: key } = (await db.knex.raw(
      `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
         where i.indrelid = ?::regclass and i.indisprimary`,
      [table],
    )) as { rows: { name: string }[] };
    expect(key.map((k) => k.name).sort()).toEqual([...description.key].sort());
  });
});
