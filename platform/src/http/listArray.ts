import type { ListQuery } from './listQuery';

/**
 * The list contract (listQuery.ts) for rows that live in memory (bundled reference data, values
 * computed per request): the same order a `pageList` query would give — the field, nulls last when
 * ascending (first when descending, as PostgreSQL does), then the unique `tiebreak` ascending — and
 * the requested range.
 */
export function pageArray<Row, Field extends keyof Row & string>(
  rows: readonly Row[],
  query: Pick<ListQuery<Field, unknown>, 'sort' | 'range'>,
  tiebreak: keyof Row,
): Row[] {
  const { field, order } = query.sort;
  const sign = order === 'ASC' ? 1 : -1;
  const sorted = [...rows].sort((a, b) => sign * compareValues(a[field], b[field]) || compareValues(a[tiebreak], b[tiebreak]));
  return sorted.slice(query.range[0], query.range[1] + 1);
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
