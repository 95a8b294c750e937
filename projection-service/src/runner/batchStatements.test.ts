import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { copyRows, deleteRows, readTouched, readTouchedTables, upsertRows, writeChanges, type TableChanges } from './batchStatements';
import type { ColumnType, TableDescription } from './setBasedProjector';

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

/** Three tables between them holding every column type, keyed by one column or two. */
const tables: Record<string, TableDescription<Row>> = {
  people: {
    key: ['id'],
    columns: { id: 'uuid', name: 'text', n: 'integer', big: 'bigint', flag: 'boolean', at: 'timestamptz', doc: 'jsonb', tx: 'xid8' },
  },
  visits: { key: ['person_id', 'day'], columns: { person_id: 'uuid', day: 'text', seen: 'timestamptz', note: 'jsonb' } },
  tallies: { key: ['name'], columns: { name: 'text', total: 'bigint', tx: 'xid8', done: 'boolean' } },
};
const SQL_TYPE: Record<ColumnType, string> = {
  uuid: 'uuid',
  text: 'text',
  integer: 'integer',
  bigint: 'bigint',
  boolean: 'boolean',
  timestamptz: 'timestamptz',
  jsonb: 'jsonb',
  xid8: 'xid8',
};
const createTable = (name: string, description: TableDescription<Row>) =>
  `create table ${name} (${Object.entries(description.columns)
    .map(([column, type]) => `${column} ${SQL_TYPE[type]}`)
    .join(', ')}, primary key (${description.key.join(', ')}))`;

const ids = Array.from({ length: 4 }, () => randomUUID());
/** A row the write adds (the same id in both copies of the tables, so they compare). */
const added = randomUUID();
const seed: Record<string, Row[]> = {
  people: ids.map((id, i) => ({
    id,
    name: i === 0 ? "tab\there, a quote ' and \\N" : `person ${i}`,
    n: i === 1 ? null : i * 7,
    big: i === 2 ? '9007199254740993' : String(i),
    flag: i % 2 === 0,
    at: i === 3 ? null : new Date(Date.UTC(2026, 0, 1 + i, 3, 4, 5, 678)),
    doc: i === 0 ? { nested: { list: [1, null, true] } } : i === 1 ? ['x', 'y'] : i === 2 ? 'a JSON string' : null,
    tx: String(100 + i),
  })),
  visits: ids.flatMap((id, i) =>
    ['2026-01-01', '2026-01-02'].map((day) => ({ person_id: id, day, seen: new Date(Date.UTC(2026, 1, i + 1)), note: { i, day } })),
  ),
  tallies: ['a', 'b', 'c'].map((name, i) => ({ name, total: String(2 ** 40 + i), tx: i === 2 ? null : String(i), done: i === 1 })),
};

/** Counts the statements knex sends while `work` runs. */
async function counted(db: TestDatabase, work: () => Promise<unknown>) {
  let statements = 0;
  const count = () => (statements += 1);
  db.knex.on('query', count);
  try {
    await work();
  } finally {
    db.knex.off('query', count);
  }
  return statements;
}

describe('a batch reads and writes all its tables in one statement each', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('onetrip');
    for (const prefix of ['apart_', 'together_'])
      for (const [table, description] of Object.entries(tables)) {
        await db.knex.raw(createTable(prefix + table, description));
        await db.knex.transaction((trx) => upsertRows(trx, prefix + table, description, seed[table]!));
      }
  }, 60_000);
  afterAll(async () => db.drop());

  const lookups = () => [
    {
      table: 'apart_people',
      description: tables.people!,
      values: new Map<string, unknown[]>([
        ['id', [ids[0], ids[2], randomUUID()]],
        ['name', ['person 3']],
      ]),
    },
    {
      table: 'apart_visits',
      description: tables.visits!,
      values: new Map<string, unknown[]>([
        ['person_id', [ids[1]]],
        ['day', ['2026-01-02']],
      ]),
    },
    { table: 'apart_tallies', description: tables.tallies!, values: new Map<string, unknown[]>() },
    { table: 'apart_tallies', description: tables.tallies!, values: new Map<string, unknown[]>([['name', ['b', 'c', 'zzz']]]) },
  ];

  it('the one read answers, table by table, exactly the rows and values the read of each table alone does, every column type', async () => {
    await db.knex.transaction(async (trx) => {
      const apart = [];
      for (const { table, description, values } of lookups()) apart.push(await readTouched(trx, table, description, values));
      let together: Row[][] = [];
      expect(await counted(db, async () => (together = await readTouchedTables(trx, lookups())))).toBe(1);
      const byKey = (rows: Row[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      expect(together.map(byKey)).toStrictEqual(apart.map(byKey));
      expect(together.map((rows) => rows.length)).toEqual([3, 5, 0, 2]);
      // The same JavaScript types: a Date, bigint and xid8 as strings, JSON parsed.
      const first = together[0]!.find((row) => row.id === ids[0])!;
      expect(first.at).toBeInstanceOf(Date);
      expect(first).toMatchObject({ big: '0', tx: '100', doc: { nested: { list: [1, null, true] } } });
    });
  });

  it('one table alone is read as before, and no lookup at all reads nothing', async () => {
    await db.knex.transaction(async (trx) => {
      const [, , , tallies] = lookups();
      expect(await counted(db, () => readTouchedTables(trx, [tallies!, { ...tallies!, values: new Map() }]))).toBe(1);
      expect(await counted(db, () => readTouchedTables(trx, [{ ...tallies!, values: new Map() }]))).toBe(0);
    });
  });

  it('the one write leaves every table as the separate upserts and deletes do', async () => {
    const changes = (prefix: string): TableChanges[] => [
      {
        table: `${prefix}people`,
        description: tables.people!,
        upserts: [
          { ...seed.people![0]!, name: 'renamed', big: '9007199254740995', doc: [{ deep: 'x\ty' }], tx: '999' },
          { ...seed.people![1]!, id: added, at: new Date('2026-06-01T00:00:00.001Z') },
        ],
        deletes: [seed.people![3]!],
      },
      {
        table: `${prefix}visits`,
        description: tables.visits!,
        upserts: [{ person_id: ids[0], day: '2026-03-03', seen: null, note: null }],
        deletes: seed.visits!.filter((row) => row.person_id === ids[1] || (row.person_id === ids[2] && row.day === '2026-01-01')),
      },
      { table: `${prefix}tallies`, description: tables.tallies!, upserts: [], deletes: [seed.tallies![0]!] },
    ];
    await db.knex.transaction(async (trx) => {
      for (const { table, description, upserts, deletes } of changes('apart_')) {
        await upsertRows(trx, table, description, upserts);
        await deleteRows(trx, table, description, deletes);
      }
    });
    expect(await counted(db, () => db.knex.transaction((trx) => writeChanges(trx, changes('together_'))))).toBe(3); // begin, the write, commit
    for (const [table, description] of Object.entries(tables)) {
      const order = [...description.key];
      const together = await db.knex(`together_${table}`).orderBy(order);
      expect(together).toStrictEqual(await db.knex(`apart_${table}`).orderBy(order));
      expect(together.length).toBeGreaterThan(0);
    }
    expect(await db.knex('together_people').where({ id: added })).toHaveLength(1);
  });

  it('a table whose batch would both write and remove one row fails before anything is written', async () => {
    const row = { name: 'zz', total: '1', tx: null, done: false };
    const write = db.knex.transaction((trx) =>
      writeChanges(trx, [{ table: 'together_tallies', description: tables.tallies!, upserts: [row], deletes: [row] }]),
    );
    await expect(write).rejects.toThrow(/both writes and removes one together_tallies row/);
    expect(await db.knex('together_tallies').where({ name: 'zz' })).toEqual([]);
  });

  it('a failing write names its tables and the reason PostgreSQL gives, and none of its changes stay', async () => {
    const before = await db.knex('together_people').orderBy('id');
    const write = db.knex.transaction((trx) =>
      writeChanges(trx, [
        { table: 'together_people', description: tables.people!, upserts: [{ ...seed.people![2]!, name: 'never' }], deletes: [] },
        {
          table: 'together_tallies',
          description: tables.tallies!,
          upserts: [{ name: null, total: '1', tx: null, done: true }],
          deletes: [],
        },
      ]),
    );
    await expect(write).rejects.toThrow(/^writing together_people, writing together_tallies: null value in column "name"/);
    expect(await db.knex('together_people').orderBy('id')).toStrictEqual(before);
  });
  it('a trailing write goes in as the last clause, is told the rows it changed, and its refusal undoes the whole write', async () => {
    await db.knex.raw('create table trailing_marks (name text primary key, at integer not null)');
    await db.knex('trailing_marks').insert([
      { name: 'a', at: 1 },
      { name: 'b', at: 1 },
    ]);
    /** Moves the marks from 1 to 2, as the checkpoints' compare-and-set does; refuses unless every one moved. */
    const marks = (names: string[], told: number[]) => ({
      what: 'moving the marks',
      sql: 'update trailing_marks set at = 2 where name = any(?) and at = 1',
      bindings: [names],
      check: (rowCount: number) => {
        told.push(rowCount);
        if (rowCount !== names.length) throw new Error(`only ${rowCount} of ${names.length} marks moved`);
      },
    });
    const row = { name: 'trailing', total: '7', tx: null, done: true };
    const write = (names: string[], told: number[]) =>
      db.knex.transaction((trx) =>
        writeChanges(trx, [{ table: 'together_tallies', description: tables.tallies!, upserts: [row], deletes: [] }], marks(names, told)),
      );

    const told: number[] = [];
    expect(await counted(db, () => write(['a'], told))).toBe(3); // begin, the write with the marks, commit
    expect(told).toEqual([1]);
    expect(await db.knex('together_tallies').where({ name: 'trailing' }).first('total')).toEqual({ total: '7' });
    expect(await db.knex('trailing_marks').orderBy('name')).toEqual([
      { name: 'a', at: 2 },
      { name: 'b', at: 1 },
    ]);

    // "a" moved already: the check refuses, and neither the row nor "b"'s move stays.
    await db.knex('together_tallies').where({ name: 'trailing' }).del();
    const refused: number[] = [];
    await expect(write(['a', 'b'], refused)).rejects.toThrow('only 1 of 2 marks moved');
    expect(refused).toEqual([1]);
    expect(await db.knex('together_tallies').where({ name: 'trailing' })).toEqual([]);
    expect(await db.knex('trailing_marks').where({ name: 'b' }).first('at')).toEqual({ at: 1 });

    // With nothing to write, the trailing write is left to the caller: nothing is sent, check is not called.
    const untold: number[] = [];
    expect(await counted(db, () => db.knex.transaction((trx) => writeChanges(trx, [], marks(['b'], untold))))).toBe(2);
    expect(untold).toEqual([]);
  });
});
