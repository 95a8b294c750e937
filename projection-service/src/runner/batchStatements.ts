import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
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

/**
 * The rows of a table matching any of the column values, in one statement
 * (`where a = any($1) or b = any($2)`). The table name is left unqualified, so a rebuild's search
 * path sends it to the scratch copy.
 */
export async function readTouched(trx: Knex.Transaction, table: string, description: Description, values: Map<string, unknown[]>) {
  const columns = [...values.keys()];
  if (columns.length === 0) return [];
  const where = columns.map((column) => `${quote(column)} = any(?::${description.columns[column]}[])`).join(' or ');
  const bindings = columns.map((column) => boundArray(values.get(column) ?? []));
  const { rows } = await execute(trx, `reading ${table}`, `select * from ${quote(table)} where ${where}`, bindings);
  return rows;
}

/** Creates or replaces every row, in one statement (`insert … select * from unnest(…) on conflict (key) do update`). */
export async function upsertRows(trx: Knex.Transaction, table: string, description: Description, rows: readonly Readonly<Row>[]) {
  if (rows.length === 0) return;
  const columns = Object.keys(description.columns);
  const others = columns.filter((column) => !description.key.includes(column));
  const onConflict = others.length
    ? `do update set ${others.map((column) => `${quote(column)} = excluded.${quote(column)}`).join(', ')}`
    : 'do nothing';
  await execute(
    trx,
    `writing ${table}`,
    `insert into ${quote(table)} (${columns.map(quote).join(', ')})
     select * from ${unnestOf(description, columns)}
     on conflict (${description.key.map(quote).join(', ')}) ${onConflict}`,
    columnArrays(description, columns, rows),
  );
}

/** Removes the rows with these keys, in one statement. */
export async function deleteRows(trx: Knex.Transaction, table: string, description: Description, rows: readonly Readonly<Row>[]) {
  if (rows.length === 0) return;
  const key = description.key;
  await execute(
    trx,
    `deleting from ${table}`,
    `delete from ${quote(table)} where (${key.map(quote).join(', ')}) in (select * from ${unnestOf(description, key)})`,
    columnArrays(description, key, rows),
  );
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
