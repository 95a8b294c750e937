import type { ListQuery } from './listContract';

/**
 * The list contract (listQuery.ts) for rows that live in memory (bundled reference data, values
 * computed per request): `filter.id` (react-admin's getMany), the same order a `pageList` query would
 * give — the field, nulls last when ascending (first when descending, as PostgreSQL does), then the
 * unique `tiebreak` ascending — and the requested range. `total` counts the selected rows before
 * paging. `keepOrder` leaves the rows in the order given (a list whose client sent no sort).
 */
export function pageArray<Row, Field extends keyof Row & string>(
  rows: readonly Row[],
  query: Pick<ListQuery<Field, unknown>, 'sort' | 'range' | 'ids'>,
  tiebreak: keyof Row,
  options: { keepOrder?: boolean } = {},
): { rows: Row[]; total: number } {
  const wanted = query.ids ? new Set(query.ids) : undefined;
  const selected = wanted ? rows.filter((row) => wanted.has(String((row as { id?: unknown }).id))) : [...rows];
  const { field, order } = query.sort;
  const sign = order === 'ASC' ? 1 : -1;
  if (!options.keepOrder) selected.sort((a, b) => sign * compareValues(a[field], b[field]) || compareValues(a[tiebreak], b[tiebreak]));
  return { rows: selected.slice(query.range[0], query.range[1] + 1), total: selected.length };
}

/** Numbers by value, booleans false first, text by code point, anything else by its JSON; a missing value after all others. */
export function compareValues(a: unknown, b: unknown): number {
  const aMissing = a === null || a === undefined;
  const bMissing = b === null || b === undefined;
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const [x, y] = typeof a === 'string' && typeof b === 'string' ? [a, b] : [JSON.stringify(a), JSON.stringify(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}
