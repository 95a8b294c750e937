import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { copyRows, upsertRows } from './batchStatements';
import type { TableDescription } from './setBasedProjector';

type Row = Record<string, unknown>;

const description: TableDescription<Row> = {
  key: ['id'],
  columns: { id: 'uuid', name: 'text', n: 'integer', big: 'bigint', flag: 'boolean', at: 'timestamptz', doc: 'jsonb' },
};

/** Values that COPY's text format would read otherwise than meant if they were written as they are. */
const awkward: Row[] = [
  {
    id: randomUUID(),
    name: 'tab\there',
    n: 1,
    big: '9007199254740993',
    flag: true,
    at: new Date('2026-01-02T03:04:05.678Z'),
    doc: { a: 1 },
  },
  { id: randomUUID(), name: 'line\nbreak\r\nand return', n: -2, big: 0, flag: false, at: '2026-05-06T07:08:09Z', doc: ['x', 'y\tz'] },
  { id: randomUUID(), name: 'back\\slash \\N \\t', n: 0, big: null, flag: null, at: null, doc: { note: 'say "hi"\n\\ok' } },
  { id: randomUUID(), name: '\\N', n: null, big: '1', flag: true, at: null, doc: null },
  { id: randomUUID(), name: '', n: 3, big: '2', flag: false, at: null, doc: 'a JSON string' },
  { id: randomUUID(), name: 'Tinnitus — “ringing”, ü', n: 4, big: '3', flag: true, at: null, doc: { nested: { list: [1, null, true] } } },
];

describe('copyRows loads what upsertRows writes', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('copyrows');
    for (const table of ['copied', 'upserted'])
      await db.knex.raw(
        `create table ${table} (id uuid primary key, name text, n integer, big bigint, flag boolean, at timestamptz, doc jsonb)`,
      );
  }, 60_000);
  afterAll(async () => db.drop());

  it('every column type, with tabs, line breaks, backslashes and a literal \\N, comes back as the upsert writes it', async () => {
    await db.knex.transaction(async (trx) => {
      await copyRows(trx, 'copied', description, awkward);
      await upsertRows(trx, 'upserted', description, awkward);
    });
    const copied = await db.knex('copied').orderBy('id');
    expect(copied).toEqual(await db.knex('upserted').orderBy('id'));
    expect(copied.find((row: Row) => row.id === awkward[3]!.id)).toMatchObject({ name: '\\N', n: null });
    expect(copied.find((row: Row) => row.id === awkward[1]!.id)).toMatchObject({ name: 'line\nbreak\r\nand return' });
  });

  it('a row whose key is there already fails the load with the reason, and none of its rows stay', async () => {
    const load = db.knex.transaction((trx) => copyRows(trx, 'copied', description, [awkward[0]!]));
    await expect(load).rejects.toThrow(/^loading copied: duplicate key value/);
    expect(await db.knex('copied').count('* as n')).toEqual([{ n: String(awkward.length) }]);
  });
});
