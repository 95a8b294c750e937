import type { Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { problems } from './problem';
import { pageArray } from './listArray';
import type { ListQuery } from './listContract';

export type { ListQuery };

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

/**
 * For a list computed in memory (a handful of rows, e.g. the projections): the value each field
 * sorts by. Like {@link SortColumns}, it asks for every field of the row.
 */
export type SortValues<Row> = { readonly [K in keyof Row & string]-?: (row: Row) => string | number | boolean | null };

/** The most ids one `filter.id` may name (react-admin asks for one page's references at a time). */
export const MAX_ID_FILTER = MAX_LIST_ROWS;

const idValue = z.union([z.string().min(1).max(200), z.number().int()]).transform(String);
const idFilter = z.union([
  idValue.transform((id) => [id]),
  z.array(idValue).max(MAX_ID_FILTER, `filter.id names at most ${MAX_ID_FILTER} ids`),
]);

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
    /** The endpoint's `SortColumns<Row>` (or `SortValues<Row>`): its keys are the sortable fields. */
    sortColumns: Readonly<Record<Field, unknown>>;
    defaultSort: { field: Field; order: 'ASC' | 'DESC' };
    filter: z.ZodType<Filter>;
  },
): ListQuery<Field, Filter> {
  const sortable = Object.keys(options.sortColumns) as [Field, ...Field[]];
  const sortRaw = json(query.sort, 'sort');
  const rangeRaw = json(query.range, 'range');
  const filterRaw = json(query.filter, 'filter') ?? {};

  const sortParsed = z
    .tuple([z.enum(sortable as [string, ...string[]]), ORDER])
    .optional()
    .safeParse(sortRaw);
  if (!sortParsed.success) {
    throw problems.validation([{ field: 'sort', message: `sort must be ["${sortable.join('"|"')}", "ASC"|"DESC"]` }]);
  }
  const rangeParsed = z
    .tuple([z.number().int().min(0), z.number().int().min(0)])
    .refine(([start, end]) => end >= start, 'range end must not be before its start')
    .optional()
    .safeParse(rangeRaw);
  if (!rangeParsed.success) throw problems.validation([{ field: 'range', message: 'range must be [start, end] with 0 <= start <= end' }]);
  // `id` belongs to the list contract, not to the endpoint: every list takes it.
  let ids: string[] | undefined;
  let endpointFilter = filterRaw;
  if (typeof filterRaw === 'object' && filterRaw !== null && !Array.isArray(filterRaw) && 'id' in filterRaw) {
    const { id, ...rest } = filterRaw as Record<string, unknown>;
    const parsed = idFilter.safeParse(id);
    if (!parsed.success) throw problems.validation([{ field: 'filter.id', message: 'filter.id must be an id or a list of ids' }]);
    ids = parsed.data;
    endpointFilter = rest;
  }
  const filterParsed = options.filter.safeParse(endpointFilter);
  if (!filterParsed.success) {
    throw problems.validation(filterParsed.error.issues.map((i) => ({ field: `filter.${i.path.join('.')}`, message: i.message })));
  }

  const [start, requestedEnd] = rangeParsed.data ?? [0, MAX_LIST_ROWS - 1];
  const end = Math.min(requestedEnd, start + MAX_LIST_ROWS - 1);
  const sort = sortParsed.data ? { field: sortParsed.data[0] as Field, order: sortParsed.data[1] } : options.defaultSort;
  return { sort, range: [start, end], filter: filterParsed.data, ...(ids ? { ids } : {}) };
}

/** Keeps only the rows `filter.id` names, compared as text so any id column type works. */
export function filterByIds<Field extends string>(
  builder: Knex.QueryBuilder,
  columns: Readonly<Record<Field | 'id', string>>,
  query: Pick<ListQuery<Field, unknown>, 'ids'>,
): Knex.QueryBuilder {
  if (!query.ids) return builder;
  return builder.whereRaw(`(${columns.id})::text = any(?::text[])`, [query.ids]);
}

/** The total for `Content-Range`: the rows the list's filters (and `filter.id`) select, before paging. */
export async function countList<Field extends string>(
  builder: Knex.QueryBuilder,
  columns: Readonly<Record<Field | 'id', string>>,
  query: Pick<ListQuery<Field, unknown>, 'ids'>,
): Promise<number> {
  const counted = filterByIds(builder.clone().clearSelect().clearOrder(), columns, query);
  const [row] = (await counted.count('* as count')) as [{ count: string | number }];
  return Number(row.count);
}

/**
 * The list contract for rows computed in memory whose sort values are derived (`values`), not read
 * from a field: `pageArray` over each row's value, ties by id.
 */
export function pageRows<Row extends { id: string }, Field extends keyof Row & string>(
  rows: readonly Row[],
  values: SortValues<Row>,
  query: Pick<ListQuery<Field, unknown>, 'sort' | 'range' | 'ids'>,
): { rows: Row[]; total: number } {
  const valueOf = values[query.sort.field];
  const keyed = rows.map((row) => ({ id: row.id, value: valueOf(row), row }));
  const page = pageArray(keyed, { ...query, sort: { field: 'value', order: query.sort.order } }, 'id');
  return { rows: page.rows.map((entry) => entry.row), total: page.total };
}

/**
 * Orders and pages a list query: the chosen field's expression, then `tiebreak` (a unique column)
 * so that pages never overlap, then the requested range.
 */
export function pageList<Field extends string>(
  builder: Knex.QueryBuilder,
  columns: Readonly<Record<Field | 'id', string>>,
  query: Pick<ListQuery<Field, unknown>, 'sort' | 'range' | 'ids'>,
  tiebreak: string,
  bindings: Readonly<Record<string, Knex.Value>> = {},
): Knex.QueryBuilder {
  const expression = columns[query.sort.field];
  const direction = query.sort.order === 'ASC' ? 'asc' : 'desc';
  return filterByIds(builder, columns, query)
    .orderByRaw(`${expression} ${direction}`, bindings as Record<string, Knex.Value>)
    .orderBy(tiebreak)
    .offset(query.range[0])
    .limit(query.range[1] - query.range[0] + 1);
}

/**
 * A page and the list's total in one statement: `count(*) over ()` counts the filtered rows before
 * the page is cut. A page past the end has no row to carry the total: then it is counted on its own.
 */
export async function pageWithTotal<Field extends string, Row>(
  builder: Knex.QueryBuilder,
  columns: Readonly<Record<Field | 'id', string>>,
  query: Pick<ListQuery<Field, unknown>, 'sort' | 'range' | 'ids'>,
  tiebreak: string,
  bindings: Readonly<Record<string, Knex.Value>> = {},
): Promise<{ rows: Row[]; total: number }> {
  const counted = builder.clone().select(builder.client.raw('count(*) over () as list_total'));
  const found = (await pageList(counted, columns, query, tiebreak, bindings)) as (Row & { list_total: string | number })[];
  if (found.length === 0) return { rows: [], total: query.range[0] === 0 ? 0 : await countList(builder, columns, query) };
  const total = Number(found[0]!.list_total);
  return { rows: found.map(({ list_total: _total, ...row }) => row as Row), total };
}

export function sendList<T>(res: Response, resource: string, rows: T[], total: number, range: [number, number]): void {
  const end = rows.length === 0 ? range[0] : range[0] + rows.length - 1;
  res.setHeader('Content-Range', `${resource} ${range[0]}-${end}/${total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
  res.json(rows);
}
