import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import type { TrailingWrite } from '@cc/platform';
import { from as copyFrom, type CopyStreamQuery } from 'pg-copy-streams';
import type { ColumnType, TableDescription } from './setBasedProjector';

type Row = Record<string, unknown>;
type Description = TableDescription<Row>;

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
const quote = (identifier: string) => {
  if (!IDENTIFIER.test(identifier)) throw new Error(`Not a plain identifier: ${identifier}`);
  return `"${identifier}"`;
};

/**
 * A value as one element of the array bound for its column. JSON is passed as text: node-postgres
 * would turn a JS array inside the bound array into a nested PostgreSQL array.
 */
function element(value: unknown, type: ColumnType): unknown {
  if (value === undefined || value === null) return null;
  if (type === 'jsonb') return JSON.stringify(value);
  return value;
}

/**
 * Runs one statement. A failure keeps PostgreSQL's error (its code tells a transient fault from a
 * bad event) but not knex's copy of the statement in its message: with every row's values inlined,
 * it would carry opened personal data into logs and dead letters, and hide the reason at its end.
 */
async function execute(trx: Knex.Transaction, what: string, sql: string, bindings: readonly Knex.RawBinding[]) {
  try {
    return (await trx.raw(sql, bindings)) as { rows: Row[] };
  } catch (error) {
    if (error instanceof Error) {
      const reason = error.message.lastIndexOf(' - ');
      error.message = `${what}: ${reason >= 0 ? error.message.slice(reason + 3) : error.message}`;
    }
    throw error;
  }
}

/** One array bound as one parameter (knex's types list arrays of one type only, without nulls). */
const boundArray = (values: unknown[]) => values as Knex.Value;

/** Each column's values, in the description's column order, as arrays for `unnest`. */
function columnArrays(description: Description, columns: readonly string[], rows: readonly Readonly<Row>[]) {
  return columns.map((column) => boundArray(rows.map((row) => element(row[column], description.columns[column]!))));
}

const unnestOf = (description: Description, columns: readonly string[]) =>
  `unnest(${columns.map((column) => `?::${description.columns[column]}[]`).join(', ')})`;

/** `a = any(?::uuid[]) or b = any(?::text[])`: a row matching any of the values looked up. */
const touchedWhere = (description: Description, columns: readonly string[]) =>
  columns.map((column) => `${quote(column)} = any(?::${description.columns[column]}[])`).join(' or ');

/**
 * The rows of a table matching any of the column values, in one statement
 * (`where a = any($1) or b = any($2)`). The table name is left unqualified, so a rebuild's search
 * path sends it to the scratch copy.
 */
export async function readTouched(trx: Knex.Transaction, table: string, description: Description, values: Map<string, unknown[]>) {
  const columns = [...values.keys()];
  if (columns.length === 0) return [];
  const bindings = columns.map((column) => boundArray(values.get(column) ?? []));
  const { rows } = await execute(
    trx,
    `reading ${table}`,
    `select * from ${quote(table)} where ${touchedWhere(description, columns)}`,
    bindings,
  );
  return rows;
}

/** One table's rows a batch looks up: per column, the values to match. */
export interface TouchedLookup {
  table: string;
  description: Description;
  values: Map<string, unknown[]>;
}

/**
 * What `readTouched` answers for each table, in ONE statement however many tables look something up
 * (a round trip per table was most of a small batch's cost). The tables' rows come as one `union
 * all`, each table's columns in their own result columns (`null` typed as the column elsewhere, so
 * each keeps its type and node-postgres parses it as it parses `select *`), and the first column
 * names the table. One table alone is read as `readTouched` reads it.
 */
export async function readTouchedTables(trx: Knex.Transaction, lookups: readonly TouchedLookup[]): Promise<Row[][]> {
  const reading = lookups.flatMap((lookup, index) => (lookup.values.size > 0 ? [index] : []));
  if (reading.length <= 1)
    return Promise.all(lookups.map(({ table, description, values }) => readTouched(trx, table, description, values)));
  // Each table read has its own run of result columns, from its offset on.
  const offsets = new Map<number, number>();
  let width = 0;
  for (const index of reading) {
    offsets.set(index, width);
    width += Object.keys(lookups[index]!.description.columns).length;
  }
  const branches: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  for (const index of reading) {
    const { table, description, values } = lookups[index]!;
    const selected: string[] = [`${index} as t`];
    for (const other of reading)
      Object.entries(lookups[other]!.description.columns).forEach(([column, type], at) => {
        const name = `c${offsets.get(other)! + at}`;
        selected.push(other === index ? `${quote(column)} as ${name}` : `null::${type} as ${name}`);
      });
    const columns = [...values.keys()];
    branches.push(`select ${selected.join(', ')} from ${quote(table)} where ${touchedWhere(description, columns)}`);
    bindings.push(...columns.map((column) => boundArray(values.get(column) ?? [])));
  }
  const names = reading.map((index) => lookups[index]!.table).join(', ');
  const { rows } = await execute(trx, `reading ${names}`, branches.join('\nunion all\n'), bindings);
  const answers: Row[][] = lookups.map(() => []);
  for (const row of rows) {
    const index = row.t as number;
    const columns = Object.keys(lookups[index]!.description.columns);
    answers[index]!.push(Object.fromEntries(columns.map((column, at) => [column, row[`c${offsets.get(index)! + at}`]])));
  }
  return answers;
}

interface Statement {
  what: string;
  sql: string;
  bindings: Knex.RawBinding[];
}

/** `insert … select * from unnest(…) on conflict (key) do update`, creating or replacing every row. */
function upsertStatement(table: string, description: Description, rows: readonly Readonly<Row>[]): Statement {
  const columns = Object.keys(description.columns);
  const others = columns.filter((column) => !description.key.includes(column));
  const onConflict = others.length
    ? `do update set ${others.map((column) => `${quote(column)} = excluded.${quote(column)}`).join(', ')}`
    : 'do nothing';
  return {
    what: `writing ${table}`,
    sql: `insert into ${quote(table)} (${columns.map(quote).join(', ')})
     select * from ${unnestOf(description, columns)}
     on conflict (${description.key.map(quote).join(', ')}) ${onConflict}`,
    bindings: columnArrays(description, columns, rows),
  };
}

/** `delete … where (key) in (select * from unnest(…))`, removing the rows with these keys. */
function deleteStatement(table: string, description: Description, rows: readonly Readonly<Row>[]): Statement {
  const key = description.key;
  return {
    what: `deleting from ${table}`,
    sql: `delete from ${quote(table)} where (${key.map(quote).join(', ')}) in (select * from ${unnestOf(description, key)})`,
    bindings: columnArrays(description, key, rows),
  };
}

/** Creates or replaces every row, in one statement (`insert … select * from unnest(…) on conflict (key) do update`). */
export async function upsertRows(trx: Knex.Transaction, table: string, description: Description, rows: readonly Readonly<Row>[]) {
  if (rows.length === 0) return;
  const { what, sql, bindings } = upsertStatement(table, description, rows);
  await execute(trx, what, sql, bindings);
}

/** Removes the rows with these keys, in one statement. */
export async function deleteRows(trx: Knex.Transaction, table: string, description: Description, rows: readonly Readonly<Row>[]) {
  if (rows.length === 0) return;
  const { what, sql, bindings } = deleteStatement(table, description, rows);
  await execute(trx, what, sql, bindings);
}

/** What a batch leaves to write in one table: rows to create or replace, and rows to remove. */
export interface TableChanges {
  table: string;
  description: Description;
  upserts: readonly Readonly<Row>[];
  deletes: readonly Readonly<Row>[];
}

/** A key as one comparable string (ids compare case-insensitively, times as instants). */
const keyText = (description: Description, row: Readonly<Row>) =>
  JSON.stringify(
    description.key.map((column) => {
      const value = row[column];
      if (value instanceof Date) return value.toISOString();
      return description.columns[column] === 'uuid' ? String(value).toLowerCase() : String(value);
    }),
  );

/**
 * What `upsertRows` and `deleteRows` do for every table, in ONE statement: each write a
 * data-modifying `with` clause (`with w0 as (insert …), w1 as (delete …) select 1`), all run to
 * completion. Its clauses see the same snapshot and none sees another's rows, which is the same
 * outcome only while no row is written twice: a table's upserts and deletes must name different
 * keys (a working set's `changes` gives a key to one or the other, never both; a batch that did
 * otherwise fails here rather than writing something else). A single write is sent as it is.
 *
 * `trailing` (the caller's next write, on tables none of these write: the subscribers'
 * checkpoints) goes in as the last clause when anything is written, and is told how many rows it
 * changed; with nothing to write it is left to the caller.
 */
export async function writeChanges(trx: Knex.Transaction, changes: readonly TableChanges[], trailing?: TrailingWrite) {
  const statements: Statement[] = [];
  for (const { table, description, upserts, deletes } of changes) {
    if (upserts.length > 0 && deletes.length > 0) {
      const upserted = new Set(upserts.map((row) => keyText(description, row)));
      if (deletes.some((row) => upserted.has(keyText(description, row))))
        throw new Error(`A batch both writes and removes one ${table} row; its writes cannot go in one statement.`);
    }
    if (upserts.length > 0) statements.push(upsertStatement(table, description, upserts));
    if (deletes.length > 0) statements.push(deleteStatement(table, description, deletes));
  }
  if (statements.length === 0) return;
  if (statements.length === 1 && !trailing) {
    const [{ what, sql, bindings }] = statements as [Statement];
    await execute(trx, what, sql, bindings);
    return;
  }
  const clauses = statements.map((statement, index) => `w${index} as (${statement.sql})`);
  if (trailing) clauses.push(`last_write as (${trailing.sql} returning 1)`);
  const { rows } = await execute(
    trx,
    [...statements.map((statement) => statement.what), ...(trailing ? [trailing.what] : [])].join(', '),
    `with ${clauses.join(',\n')}\nselect ${trailing ? '(select count(*) from last_write)::int' : '1'} as changed`,
    [...statements.flatMap((statement) => statement.bindings), ...((trailing?.bindings ?? []) as Knex.RawBinding[])],
  );
  trailing?.check(rows[0]!.changed as number);
}

/** What `COPY … FROM STDIN` (text format) reads as a backslash escape instead of the character. */
const COPY_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const COPY_SPECIAL = /[\\\t\n\r]/;

/** A value as one field of `COPY`'s text format, written as `upsertRows` would bind it. */
function copyField(value: unknown, type: ColumnType): string {
  if (value === undefined || value === null) return '\\N';
  let text: string;
  if (type === 'jsonb') text = JSON.stringify(value);
  else if (value instanceof Date) text = value.toISOString();
  else if (type === 'boolean') text = value ? 't' : 'f';
  else text = String(value);
  // Most fields have nothing to escape: testing is cheaper than replacing.
  return COPY_SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (character) => COPY_ESCAPES[character]!) : text;
}

/** Lines of about this many characters go to the server at a time. */
const COPY_CHUNK = 1 << 20;

function* copyText(description: Description, columns: readonly string[], rows: readonly Readonly<Row>[]) {
  let chunk = '';
  for (const row of rows) {
    chunk += columns.map((column) => copyField(row[column], description.columns[column]!)).join('\t') + '\n';
    if (chunk.length >= COPY_CHUNK) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** The pg client a knex transaction runs on (a COPY is sent on it, outside knex's query builder). */
interface PgConnection {
  query(stream: CopyStreamQuery): CopyStreamQuery;
}

/**
 * Inserts rows that are not in the table, with one `COPY … FROM STDIN`: a rebuild's load into its
 * fresh tables, where it is several times cheaper than an upsert. A row whose key is there already
 * fails the whole statement, so the caller deletes the rows it replaces first.
 */
export async function copyRows(trx: Knex.Transaction, table: string, description: Description, rows: readonly Readonly<Row>[]) {
  if (rows.length === 0) return;
  const columns = Object.keys(description.columns);
  const connection = (await (trx.client as { acquireConnection(): Promise<PgConnection> }).acquireConnection()) as PgConnection;
  try {
    const copy = connection.query(copyFrom(`copy ${quote(table)} (${columns.map(quote).join(', ')}) from stdin`));
    await pipeline(Readable.from(copyText(description, columns, rows)), copy);
  } catch (error) {
    // As `execute`: the reason, not the data (a COPY error names the line, never in the message).
    if (error instanceof Error) error.message = `loading ${table}: ${error.message}`;
    throw error;
  }
}
