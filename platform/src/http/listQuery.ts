import type { Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { problems } from './problem';

/**
 * The ra-data-simple-rest list contract: `sort=["field","ASC"]`, `range=[start,end]` (inclusive),
 * `filter={...}`, each JSON in the query string; the answer carries `Content-Range: name start-end/total`.
 */
export interface ListQuery<Field extends string, Filter> {
  sort: { field: Field; order: 'ASC' | 'DESC' };
  range: [number, number];
  filter: Filter;
}

/**
 * The most rows one answer carries. A request without `range` (the spec's own client sends none)
 * gets the whole list up to this many, and `Content-Range` tells the rest (`claims 0-999/1234`).
 */
export const MAX_LIST_ROWS = 1000;

/**
 * How to order a list by each field its rows carry: a SQL expression, constant text that never
 * comes from the request. The type asks for one entry per field of the row (`id` included), so a
 * field added to a list's DTO does not compile until it can be sorted on: react-admin sorts by
 * `id` by default and by any column it shows. An expression may use the named binding `:now`.
 */
export type SortColumns<Row> = { readonly [K in keyof Row & string]-?: string };

function json(value: unknown, name: string): unknown {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw problems.validation([{ field: name, message: `${name} must be JSON` }]);
  try {
    return JSON.parse(value);
  } catch {
    throw problems.validation([{ field: name, message: `${name} must be JSON` }]);
  }
}

const ORDER = z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['ASC', 'DESC']));

export function parseListQuery<Field extends string, Filter>(
  query: Record<string, unknown>,
  options: {
    /** The endpoint's `SortColumns<Row>`: its keys are the sortable fields. */
    sortColumns: Readonly<Record<Field, string>>;
    defaultSort: { field: Field; order: 'ASC' | 'DESC' };
    filter: z.ZodType<Filter>;
  },
): ListQuery<Field, Filter> {
  const sortable = Object.keys(options.sortColumns) as [Field, ...Field[]];
  const sortRaw = json(query.sort, 'sort');
  const rangeRaw = json(query.range, 'range');
  const filterRaw = json(query.filter, 'filter') ?? {};

  const sortParsed = z.tuple([z.enum(sortable as [string, ...string[]]), ORDER]).optional().safeParse(sortRaw);
  if (!sortParsed.success) {
    throw problems.validation([{ field: 'sort', message: `sort must be ["${sortable.join('"|"')}", "ASC"|"DESC"]` }]);
  }
  const rangeParsed = z
    .tuple([z.number().int().min(0), z.number().int().min(0)])
    .refine(([start, end]) => end >= start, 'range end must not be before its start')
    .optional()
    .safeParse(rangeRaw);
  if (!rangeParsed.success) throw problems.validation([{ field: 'range', message: 'range must be [start, end] with 0 <= start <= end' }]);
  const filterParsed = options.filter.safeParse(filterRaw);
  if (!filterParsed.success) {
    throw problems.validation(filterParsed.error.issues.map((i) => ({ field: `filter.${i.path.join('.')}`, message: i.message })));
  }

  const [start, requestedEnd] = rangeParsed.data ?? [0, MAX_LIST_ROWS - 1];
  const end = Math.min(requestedEnd, start + MAX_LIST_ROWS - 1);
  const sort = sortParsed.data ? { field: sortParsed.data[0] as Field, order: sortParsed.data[1] } : options.defaultSort;
  return { sort, range: [start, end], filter: filterParsed.data };
}

/**
 * Orders and pages a list query: the chosen field's expression, then `tiebreak` (a unique column)
 * so that pages never overlap, then the requested range.
 */
export function pageList<Field extends string>(
  builder: Knex.QueryBuilder,
  columns: Readonly<Record<Field, string>>,
  query: Pick<ListQuery<Field, unknown>, 'sort' | 'range'>,
  tiebreak: string,
  bindings: Readonly<Record<string, Knex.Value>> = {},
): Knex.QueryBuilder {
  const expression = columns[query.sort.field];
  const direction = query.sort.order === 'ASC' ? 'asc' : 'desc';
  return builder
    .orderByRaw(`${expression} ${direction}`, bindings as Record<string, Knex.Value>)
    .orderBy(tiebreak)
    .offset(query.range[0])
    .limit(query.range[1] - query.range[0] + 1);
}

export function sendList<T>(res: Response, resource: string, rows: T[], total: number, range: [number, number]): void {
  const end = rows.length === 0 ? range[0] : range[0] + rows.length - 1;
  res.setHeader('Content-Range', `${resource} ${range[0]}-${end}/${total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
  res.json(rows);
}
