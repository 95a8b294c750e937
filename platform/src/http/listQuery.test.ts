import { z } from 'zod';
import { HttpProblem } from './problem';
import { MAX_LIST_ROWS, pageRows, parseListQuery, type SortColumns, type SortValues } from './listQuery';

interface Row {
  id: string;
  name: string;
  createdAt: string;
}
const COLUMNS: SortColumns<Row> = { id: 'row_id', name: 'name', createdAt: 'created_at' };
const parse = (query: Record<string, unknown>) =>
  parseListQuery(query, {
    sortColumns: COLUMNS,
    defaultSort: { field: 'createdAt', order: 'DESC' },
    filter: z.object({ q: z.string().optional() }).strict(),
  });
const problemOf = (query: Record<string, unknown>) => {
  try {
    parse(query);
  } catch (error) {
    return error instanceof HttpProblem ? error.toBody() : error;
  }
  throw new Error('expected a problem');
};

describe('parseListQuery', () => {
  it('without any parameter: the default sort and the whole list up to the cap', () => {
    expect(parse({})).toEqual({ sort: { field: 'createdAt', order: 'DESC' }, range: [0, MAX_LIST_ROWS - 1], filter: {} });
    expect(MAX_LIST_ROWS).toBe(1000);
  });

  it('accepts id and every field of the row as a sort key, in either case of order', () => {
    for (const field of ['id', 'name', 'createdAt']) {
      expect(parse({ sort: JSON.stringify([field, 'ASC']) }).sort).toEqual({ field, order: 'ASC' });
    }
    expect(parse({ sort: '["name","desc"]' }).sort).toEqual({ field: 'name', order: 'DESC' });
  });

  it('refuses an unknown sort field, naming the ones it knows', () => {
    expect(problemOf({ sort: '["password","ASC"]' })).toMatchObject({
      status: 400,
      errors: [{ field: 'sort', message: 'sort must be ["id"|"name"|"createdAt", "ASC"|"DESC"]' }],
    });
  });

  it('keeps a range within the cap', () => {
    expect(parse({ range: '[0,24]' }).range).toEqual([0, 24]);
    expect(parse({ range: '[0,4999]' }).range).toEqual([0, 999]);
    expect(parse({ range: '[2000,2999]' }).range).toEqual([2000, 2999]);
    expect(problemOf({ range: '[5,1]' })).toMatchObject({ status: 400, errors: [{ field: 'range' }] });
    expect(problemOf({ range: 'oops' })).toMatchObject({ status: 400, errors: [{ field: 'range' }] });
  });

  it('validates the filter with the endpoint schema', () => {
    expect(parse({ filter: '{"q":"knee"}' }).filter).toEqual({ q: 'knee' });
    expect(problemOf({ filter: '{"userId":"someone"}' })).toMatchObject({ status: 400 });
  });

  it('takes filter.id on every list (react-admin getMany), apart from the endpoint filter', () => {
    expect(parse({ filter: '{"id":["a","b"],"q":"knee"}' })).toMatchObject({ ids: ['a', 'b'], filter: { q: 'knee' } });
    expect(parse({ filter: '{"id":"a"}' })).toMatchObject({ ids: ['a'], filter: {} });
    expect(parse({ filter: '{"id":[7]}' }).ids).toEqual(['7']);
    expect(parse({ filter: '{}' }).ids).toBeUndefined();
    expect(problemOf({ filter: '{"id":[{"x":1}]}' })).toMatchObject({ status: 400, errors: [{ field: 'filter.id' }] });
    expect(problemOf({ filter: JSON.stringify({ id: Array.from({ length: 1001 }, (_, i) => String(i)) }) })).toMatchObject({ status: 400 });
  });
});

describe('pageRows (lists computed in memory)', () => {
  interface Item {
    id: string;
    lag: number | null;
    name: string;
  }
  const VALUES: SortValues<Item> = { id: (r) => r.id, lag: (r) => r.lag, name: (r) => r.name };
  const items: Item[] = [
    { id: 'c', lag: 3, name: 'x' },
    { id: 'a', lag: null, name: 'y' },
    { id: 'b', lag: 1, name: 'x' },
  ];
  const page = (sort: { field: keyof Item; order: 'ASC' | 'DESC' }, range: [number, number] = [0, 9], ids?: string[]) =>
    pageRows(items, VALUES, { sort, range, ids }).rows.map((r) => r.id);

  it('sorts with nulls last ascending and first descending, ties by id, and pages', () => {
    expect(page({ field: 'lag', order: 'ASC' })).toEqual(['b', 'c', 'a']);
    expect(page({ field: 'lag', order: 'DESC' })).toEqual(['a', 'c', 'b']);
    expect(page({ field: 'name', order: 'ASC' })).toEqual(['b', 'c', 'a']);
    expect(page({ field: 'id', order: 'ASC' }, [1, 1])).toEqual(['b']);
    expect(pageRows(items, VALUES, { sort: { field: 'id', order: 'ASC' }, range: [0, 0] }).total).toBe(3);
  });

  it('keeps only the rows filter.id names', () => {
    expect(page({ field: 'id', order: 'ASC' }, [0, 9], ['c', 'a', 'zz'])).toEqual(['a', 'c']);
    expect(pageRows(items, VALUES, { sort: { field: 'id', order: 'ASC' }, range: [0, 9], ids: ['b'] }).total).toBe(1);
  });
});
