/**
 * Which of a rebuild's deferred indexes its folds' reads need. A rebuild loads its scratch tables
 * without their secondary indexes and makes them once the load is done, but a fold that looks rows
 * up by such a column (`where user_id = any(…)`) would then scan the whole scratch table on every
 * page: the cost of a page would grow with the table. Such an index is made as soon as a page looks
 * up by its first column.
 */

/** The table and first column a definition (as `pg_get_indexdef` writes it) indexes, when a lookup by that column can use it. */
export function leadingColumn(definition: string): { table: string; column: string } | undefined {
  if (/\sWHERE\s/i.test(definition)) return undefined;
  const match = /^CREATE INDEX \S+ ON (?:ONLY )?[a-z_][a-z0-9_]*\.([a-z_][a-z0-9_]*) USING btree \(([a-z_][a-z0-9_]*)[ ,)]/.exec(
    definition,
  );
  return match ? { table: match[1]!, column: match[2]! } : undefined;
}

/** The deferred definitions a page's lookups need now, and those that can still wait for the end of the load. */
export function indexesForLookups(
  deferred: readonly string[],
  lookups: readonly { table: string; columns: readonly string[] }[],
): { needed: string[]; waiting: string[] } {
  const looked = new Set(lookups.flatMap(({ table, columns }) => columns.map((column) => `${table}.${column}`)));
  const needed: string[] = [];
  const waiting: string[] = [];
  for (const definition of deferred) {
    const lead = leadingColumn(definition);
    (lead && looked.has(`${lead.table}.${lead.column}`) ? needed : waiting).push(definition);
  }
  return { needed, waiting };
}
