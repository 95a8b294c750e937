import type { Response } from 'express';
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

function json(value: unknown, name: string): unknown {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw problems.validation([{ field: name, message: `${name} must be JSON` }]);
  try {
    return JSON.parse(value);
  } catch {
    throw problems.validation([{ field: name, message: `${name} must be JSON` }]);
  }
}

export function parseListQuery<Field extends string, Filter>(
  query: Record<string, unknown>,
  options: {
    sortable: readonly [Field, ...Field[]];
    defaultSort: { field: Field; order: 'ASC' | 'DESC' };
    filter: z.ZodType<Filter>;
    defaultPageSize?: number;
    maxPageSize?: number;
  },
): ListQuery<Field, Filter> {
  const maxPageSize = options.maxPageSize ?? 100;
  const sortRaw = json(query.sort, 'sort');
  const rangeRaw = json(query.range, 'range');
  const filterRaw = json(query.filter, 'filter') ?? {};

  const sortParsed = z
    .tuple([z.enum(options.sortable as unknown as [string, ...string[]]), z.enum(['ASC', 'DESC'])])
    .optional()
    .safeParse(sortRaw);
  if (!sortParsed.success) {
    throw problems.validation([{ field: 'sort', message: `sort must be ["${options.sortable.join('"|"')}", "ASC"|"DESC"]` }]);
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

  const [start, requestedEnd] = rangeParsed.data ?? [0, (options.defaultPageSize ?? 25) - 1];
  const end = Math.min(requestedEnd, start + maxPageSize - 1);
  const sort = sortParsed.data
    ? { field: sortParsed.data[0] as Field, order: sortParsed.data[1] }
    : options.defaultSort;
  return { sort, range: [start, end], filter: filterParsed.data };
}

export function sendList<T>(res: Response, resource: string, rows: T[], total: number, range: [number, number]): void {
  const end = rows.length === 0 ? range[0] : range[0] + rows.length - 1;
  res.setHeader('Content-Range', `${resource} ${range[0]}-${end}/${total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
  res.json(rows);
}
