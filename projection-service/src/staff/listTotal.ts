import type { Knex } from 'knex';

/** Rows a list's total counts exactly beyond the page it shows; past them the total is estimated. */
export const EXACT_TOTAL_ROWS = 1_000;

/**
 * The `Content-Range` total of a list over every veteran's rows, at a cost bounded by the page and
 * not by the table. Counting every match of a broad filter (a status a fifth of all claims share)
 * reads as many rows as match, so the store's size would show in every page.
 *
 * The rule, which keeps every page link react-admin draws leading to rows:
 * - a page shorter than asked for is the end of the list: the total is exact, and not counted;
 * - otherwise the matches are counted up to EXACT_TOTAL_ROWS past the page's end: below that the
 *   total is exact;
 * - past it, the total is the planner's estimate of the matches rounded down to two significant
 *   figures (50,017 shows as 50,000: a round number, and below the truth more often than above),
 *   but never less than the rows counted, so the page after this one always exists. An estimate
 *   below the truth only moves the last page link short of the end, and Next still leads on; one
 *   above it can make the last page link lead past the end: that page comes back empty with the
 *   exact total (the count then reaches the end), and react-admin goes back to the first page.
 *
 * The count walks the matches in the page's own order, so it reads the index the page reads (an
 * unordered LIMIT is cheapest as a sequential scan that stops early, which reads the table as far
 * as the matches are sparse) and costs the page's plan plus EXACT_TOTAL_ROWS more entries.
 *
 * `paged` is the list's query as the page reads it (filters, order, range); `received` the rows it
 * returned for [start, end], or their number still to come while the page is read; `atLeast` the
 * matches already known to exist (a search that stopped gathering them at `countLimit`): with that
 * many, the count is skipped, since it could only reach its limit, and sparse matches would make it
 * read far more rows than it counts. The estimate is then all the total needs, so it is asked on
 * another connection while the page is read: the caller waits for one of them, not both.
 */
export async function listTotal(
  knex: Knex,
  paged: Knex.QueryBuilder,
  range: readonly [number, number],
  received: number | PromiseLike<number>,
  atLeast = 0,
): Promise<number> {
  const [start, end] = range;
  const limit = countLimit(range);
  // Built only when asked: most pages are short and need neither the count nor the estimate.
  const matches = () => paged.clone().clear('offset').clear('limit').clearSelect().select(knex.raw('1'));
  const known = atLeast >= limit ? estimatedRows(knex, matches()) : undefined;
  // Not waited for when the page turns out to be the list's end; its failure is then nobody's.
  known?.catch(() => {});
  const rows = await received;
  if (rows > 0 && rows < end - start + 1) return start + rows;
  if (rows === 0 && start === 0) return 0;
  const count = known
    ? atLeast
    : Number(((await knex.count('* as count').from(matches().limit(limit).as('m'))) as [{ count: string | number }])[0].count);
  if (count < limit) return count;
  return Math.max(count, roundDown(await (known ?? estimatedRows(knex, matches()))));
}

/** The rows a total counts before it stops: the page's end, EXACT_TOTAL_ROWS more, and one more to tell that it stopped. */
export const countLimit = ([, end]: readonly [number, number]) => end + 1 + EXACT_TOTAL_ROWS + 1;

/** A number rounded down to two significant figures: 50,017 → 50,000; 1,234 → 1,200. */
export function roundDown(n: number): number {
  if (n < 100) return Math.floor(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.floor(n / unit) * unit;
}

/** The planner's estimate of the rows a query returns, from the table statistics; no row is read. */
async function estimatedRows(knex: Knex, query: Knex.QueryBuilder): Promise<number> {
  const { sql, bindings } = query.toSQL();
  const { rows } = (await knex.raw(`explain (format json) ${sql}`, bindings)) as {
    rows: { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[];
  };
  return Math.round(rows[0]!['QUERY PLAN'][0].Plan['Plan Rows']);
}
