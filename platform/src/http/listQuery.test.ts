import { z } from 'zod';
import { HttpProblem } from './problem';
import { MAX_LIST_ROWS, parseListQuery, type SortColumns } from './listQuery';

interface Row {
  id: string;
  name: string;
  createdAt: string;
}
const COLUMNS: SortColumns<Row> = { id: 'row_id', name: 'name', createdAt: 'created_at' };
const parse = (query: Record<string, unknown>) =>
  parseListQuery(query, { sortColumns: COLUMNS, defaultSort: { field: 'createdAt', order: 'DESC' }, filter: z.object({ q: z.string().optional() }).strict() });
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
});
