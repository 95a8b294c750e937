import type { TableDescription, TableRows } from './setBasedProjector';

type Row = Record<string, unknown>;
type Description = TableDescription<Row>;

/** A column's value as a comparable string: ids compare case-insensitively, numbers whatever their JS type. */
function normalise(value: unknown, type: string | undefined): string {
  if (value === null || value === undefined) return '\u0000null';
  if (type === 'uuid') return String(value).toLowerCase();
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

const pair = (column: string, value: string) => `${column}\u0000${value}`;

/** Up to this many declared lookups are looked through one by one; more are made into a set. */
const SCANNED_LOOKUPS = 8;

/** An event touched rows it did not declare: the fold would decide on rows it never read. */
export class UndeclaredRowError extends Error {
  constructor(table: string, what: Row) {
    super(`The projector used ${table} rows ${JSON.stringify(what)} that the event does not touch (add them to its touches).`);
    this.name = 'UndeclaredRowError';
  }
}

/**
 * One table's rows for the fold of one batch: the rows read for it (`stored`) and what the fold made
 * of them. Each event may look only at rows matching one of the column values it declared: the
 * batch's read fetched every row matching each of them, so the answer is complete.
 */
export class TableWorkingSet implements TableRows<Row> {
  private readonly rows = new Map<string, Readonly<Row>>();
  private readonly stored = new Map<string, Readonly<Row>>();
  private readonly changed = new Set<string>();
  private declaredLookups: readonly Row[] = [];
  /** `declaredLookups` as `column, value` pairs, made when a long list is first asked about. */
  private declaredSet: Set<string> | undefined;
  /**
   * Per column used by `where`, the keys of the rows holding each value (built on first use, kept
   * up to date by `put` and `delete`), so a lookup costs what it finds, not the whole set: a batch
   * of thousands of events asks it thousands of times.
   */
  private readonly indexes = new Map<string, Map<string, Set<string>>>();
  /** When each key entered `rows`, so `where` answers in the order a scan of `rows` would. */
  private readonly entered = new Map<string, number>();
  private entries = 0;

  constructor(
    readonly table: string,
    readonly description: Description,
    loaded: readonly Row[],
  ) {
    for (const row of loaded) {
      const frozen = Object.freeze({ ...row });
      const key = this.keyOf(frozen);
      this.place(key, frozen);
      this.stored.set(key, frozen);
    }
  }

  /**
   * The column values the event about to be folded declared for this table. Kept as given and
   * looked through only when the fold asks (most events leave most tables alone); a long list (what
   * `settle` may look at: the whole batch's) is made into a set the first time it is asked.
   */
  declare(lookups: readonly Row[] | undefined): void {
    for (const lookup of lookups ?? [])
      for (const column in lookup) if (lookup[column] !== undefined && lookup[column] !== null) this.typeOf(column);
    this.declaredLookups = lookups ?? [];
    this.declaredSet = undefined;
  }

  get(key: Partial<Row>): Readonly<Row> | undefined {
    this.checkKey(key);
    return this.rows.get(this.keyOf(key));
  }

  where(match: Partial<Row>): Readonly<Row>[] {
    this.check(match);
    const wanted = Object.entries(match).map(([column, value]) => [column, normalise(value, this.description.columns[column])] as const);
    const [column, value] = wanted[0]!;
    return [...(this.indexOn(column).get(value) ?? [])]
      .sort((a, b) => this.entered.get(a)! - this.entered.get(b)!)
      .map((key) => this.rows.get(key)!)
      .filter((row) => wanted.every(([other, expected]) => normalise(row[other], this.description.columns[other]) === expected));
  }

  put(row: Row): void {
    this.checkKey(row);
    for (const column in this.description.columns)
      if (!(column in row)) throw new Error(`A ${this.table} row needs every column; ${column} is missing.`);
    const key = this.keyOf(row);
    this.place(key, Object.freeze({ ...row }));
    this.changed.add(key);
  }

  delete(key: Partial<Row>): void {
    this.checkKey(key);
    const normalised = this.keyOf(key);
    const previous = this.rows.get(normalised);
    if (!previous) return;
    this.unindex(normalised, previous);
    this.rows.delete(normalised);
    this.entered.delete(normalised);
    this.changed.add(normalised);
  }

  /**
   * What the batch leaves to write: rows made or changed, and stored rows no longer there. `replaced`
   * are the stored rows that `upserts` change (for a writer that removes them and inserts anew).
   */
  changes(): { upserts: Readonly<Row>[]; deletes: Readonly<Row>[]; replaced: Readonly<Row>[] } {
    const upserts: Readonly<Row>[] = [];
    const deletes: Readonly<Row>[] = [];
    const replaced: Readonly<Row>[] = [];
    for (const key of this.changed) {
      const row = this.rows.get(key);
      const stored = this.stored.get(key);
      if (row) {
        upserts.push(row);
        if (stored) replaced.push(stored);
      } else if (stored) deletes.push(stored);
    }
    return { upserts, deletes, replaced };
  }

  /** Sets the row under its key, in `rows` and in every index. */
  private place(key: string, row: Readonly<Row>): void {
    const previous = this.rows.get(key);
    if (previous) this.unindex(key, previous);
    else this.entered.set(key, this.entries++);
    this.rows.set(key, row);
    for (const [column, index] of this.indexes) this.addTo(index, column, key, row);
  }

  private indexOn(column: string): Map<string, Set<string>> {
    let index = this.indexes.get(column);
    if (!index) {
      index = new Map();
      for (const [key, row] of this.rows) this.addTo(index, column, key, row);
      this.indexes.set(column, index);
    }
    return index;
  }

  private addTo(index: Map<string, Set<string>>, column: string, key: string, row: Readonly<Row>): void {
    const value = normalise(row[column], this.description.columns[column]);
    const keys = index.get(value) ?? new Set<string>();
    keys.add(key);
    index.set(value, keys);
  }

  private unindex(key: string, row: Readonly<Row>): void {
    for (const [column, index] of this.indexes) index.get(normalise(row[column], this.description.columns[column]))?.delete(key);
  }

  private typeOf(column: string): string {
    const type = Object.hasOwn(this.description.columns, column) ? this.description.columns[column] : undefined;
    if (!type) throw new Error(`${this.table} has no column ${column}.`);
    return type;
  }

  /** Whether the event declared this column's value (a null or missing value is never declared). */
  private declares(column: string, value: unknown): boolean {
    if (!Object.hasOwn(this.description.columns, column)) return false;
    const type = this.description.columns[column];
    const wanted = normalise(value, type);
    if (this.declaredLookups.length > SCANNED_LOOKUPS) {
      this.declaredSet ??= this.pairsOf(this.declaredLookups);
      return this.declaredSet.has(pair(column, wanted));
    }
    for (const lookup of this.declaredLookups) {
      const declared = Object.hasOwn(lookup, column) ? lookup[column] : undefined;
      if (declared !== undefined && declared !== null && normalise(declared, type) === wanted) return true;
    }
    return false;
  }

  private pairsOf(lookups: readonly Row[]): Set<string> {
    const pairs = new Set<string>();
    for (const lookup of lookups)
      for (const [column, value] of Object.entries(lookup))
        if (value !== undefined && value !== null) pairs.add(pair(column, normalise(value, this.typeOf(column))));
    return pairs;
  }

  private isDeclared(what: Partial<Row>): boolean {
    for (const column of Object.keys(what)) if (this.declares(column, what[column])) return true;
    return false;
  }

  /** Some column value of `what` must be one the event declared. */
  private check(what: Partial<Row>): void {
    if (!this.isDeclared(what)) throw new UndeclaredRowError(this.table, what);
  }

  /**
   * Whether a row with this key exists must be known: one of its key columns was declared, or the
   * row is there and matches a declared value (found with `where`).
   */
  private checkKey(row: Partial<Row>): void {
    for (const column of this.description.key) if (this.declares(column, row[column])) return;
    const present = this.rows.get(this.keyOf(row, false));
    if (!present || !this.isDeclared(present))
      throw new UndeclaredRowError(this.table, Object.fromEntries(this.description.key.map((column) => [column, row[column]])));
  }

  /**
   * The key's columns as one string (a missing one as null when not `complete`). The values are
   * joined by NUL, which no PostgreSQL text holds, so two keys give one string only when they are
   * the same key.
   */
  private keyOf(row: Partial<Row>, complete = true): string {
    const { key, columns } = this.description;
    let joined = '';
    for (let i = 0; i < key.length; i++) {
      const column = key[i]!;
      if (complete && !(column in row)) throw new Error(`A ${this.table} key needs ${column}.`);
      joined += (i === 0 ? '' : '\u0000') + normalise(row[column], columns[column]);
    }
    return joined;
  }
}
