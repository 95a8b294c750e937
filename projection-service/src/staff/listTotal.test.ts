import type { Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { countLimit, EXACT_TOTAL_ROWS, listTotal, roundDown } from './listTotal';

/** Rows of the broad filter: well past what a total counts exactly. */
const BROAD = 20_000;
/** Rows of the narrow filter: fewer than what a total counts exactly. */
const NARROW = 300;

let db: TestDatabase;
const sent: string[] = [];
const listen = (query: { sql: string }) => sent.push(query.sql);

beforeAll(async () => {
  db = await createTestDatabase('listtotal');
  await db.knex.raw(`
    create table items (id integer primary key, kind text not null);
    create index items_kind on items (kind, id);
    insert into items select n, case when n <= ${BROAD} then 'broad' else 'narrow' end
      from generate_series(1, ${BROAD + NARROW}) n;
    analyze items;
  `);
  db.knex.on('query', listen);
});

afterAll(async () => {
  db?.knex.off('query', listen);
  await db?.drop();
});

beforeEach(() => {
  sent.length = 0;
});

/** The page [start, end] of the items of a kind, as a list reads it. */
const ofKind = (knex: Knex, kind: string, [start, end]: readonly [number, number]) =>
  knex('items')
    .where({ kind })
    .orderBy('id')
    .offset(start)
    .limit(end - start + 1);
/** The rows a page holds, read before its total as the list does. */
async function page(query: Knex.QueryBuilder): Promise<number> {
  const rows = await query.clone();
  sent.length = 0;
  return rows.length;
}

describe('a list total over many rows', () => {
  test('is exact while the matches are fewer than the count reaches', async () => {
    const query = ofKind(db.knex, 'narrow', [0, 24]);
    expect(await listTotal(db.knex, query, [0, 24], await page(query))).toBe(NARROW);
  });

  test('of a short page is where the page ends, without counting', async () => {
    const query = ofKind(db.knex, 'narrow', [275, 324]);
    const received = await page(query);
    expect(received).toBe(25);
    expect(await listTotal(db.knex, query, [275, 324], received)).toBe(NARROW);
    expect(sent).toEqual([]);
  });

  test('of an empty list is 0, without counting', async () => {
    expect(await listTotal(db.knex, ofKind(db.knex, 'none', [0, 24]), [0, 24], 0)).toBe(0);
    expect(sent).toEqual([]);
  });

  test('past what it counts exactly is the planner estimate, read without counting every match', async () => {
    const query = ofKind(db.knex, 'broad', [0, 24]);
    const total = await listTotal(db.knex, query, [0, 24], await page(query));
    // The statistics of 20,000 equal values estimate them within a few percent, rounded down.
    expect(total).toBeGreaterThanOrEqual(BROAD * 0.9);
    expect(total).toBeLessThanOrEqual(BROAD * 1.1);
    expect(total).toBe(roundDown(total));
    expect(sent.some((sql) => /limit/i.test(sql) && /count/i.test(sql))).toBe(true);
    expect(sent.some((sql) => /^explain/i.test(sql))).toBe(true);
  });

  test('past what it counts exactly is never so low that the next page would not exist', async () => {
    // A filter the planner underestimates: it prices an equality of two expressions at 0.5 % of rows.
    const start = 15_000;
    const query = ofKind(db.knex, 'broad', [start, start + 24]).whereRaw('id % 7 = id % 7');
    const total = await listTotal(db.knex, query, [start, start + 24], await page(query));
    expect(total).toBeGreaterThanOrEqual(start + 25 + EXACT_TOTAL_ROWS + 1);
  });

  test.each([
    ['a full page: the estimate', 25],
    ['a page that turns out short: where it ends', 10],
  ])('known to reach what it counts, asks its estimate while the page is read; %s', async (_name, rows) => {
    const query = ofKind(db.knex, 'broad', [0, 24]);
    const first: string[] = [];
    let timer: NodeJS.Timeout | undefined;
    // The page's rows arrive when the estimate is asked, or after a while if it is not asked first.
    const received = new Promise<number>((resolve) => {
      const arrive = (what: string) => {
        first.push(what);
        db.knex.off('query', onQuery);
        clearTimeout(timer);
        resolve(rows);
      };
      const onQuery = (sent: { sql: string }) => /^explain/i.test(sent.sql) && arrive('estimate');
      db.knex.on('query', onQuery);
      timer = setTimeout(() => arrive('page'), 2_000);
    });
    const total = await listTotal(db.knex, query, [0, 24], received, countLimit([0, 24]));
    expect(first).toEqual(['estimate']);
    if (rows < 25) expect(total).toBe(rows);
    else expect(total).toBeGreaterThanOrEqual(countLimit([0, 24]));
    expect(total).toBe(roundDown(total));
    expect(sent.filter((sql) => /count/i.test(sql))).toEqual([]);
  });

  test('of a page past the end is exact, so react-admin can go back to a page that exists', async () => {
    const query = ofKind(db.knex, 'narrow', [500, 524]);
    expect(await page(query)).toBe(0);
    const total = await listTotal(db.knex, query, [500, 524], 0);
    expect(total).toBe(NARROW);
  });
});

test.each([
  [50_017, 50_000],
  [59_999, 59_000],
  [1_234, 1_200],
  [100_000, 100_000],
  [99, 99],
  [0, 0],
])('an estimate of %d is shown as %d', (estimate, shown) => {
  expect(roundDown(estimate)).toBe(shown);
});
