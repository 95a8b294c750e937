import type { EventDataOf, EventType } from '@cc/contracts';
import type { RecordedEvent } from '@cc/platform';

/**
 * A projector that works on a whole batch at once (docs/ARCHITECTURE.md, "A projector"): it says
 * which rows each event touches and how an event changes rows held in memory; the runner reads
 * those rows of every table in one statement, folds the batch, and writes what changed back in one
 * more (an upsert and a delete per table, as the clauses of one statement). Nothing here touches
 * the database.
 */

/** PostgreSQL types a read-model column may have; the runner casts the arrays it passes to `unnest` to them. */
export type ColumnType = 'uuid' | 'text' | 'integer' | 'bigint' | 'boolean' | 'timestamptz' | 'jsonb' | 'xid8';

/** One table as the projector writes it: every column with its type, and the primary key. */
export interface TableDescription<Row> {
  key: readonly (keyof Row & string)[];
  columns: { readonly [C in keyof Row & string]-?: ColumnType };
}

export type TableDescriptions<Tables> = { readonly [T in keyof Tables & string]: TableDescription<Tables[T]> };

/** The primary key's columns of one row. */
export type KeyOf<Row, K extends keyof Row> = Pick<Row, K>;

/**
 * One table's rows as the fold sees them: those read for the batch, and those it made. Rows are
 * frozen; a change is a `put` of the new row.
 */
export interface TableRows<Row> {
  /** The row with this primary key, if there is one. Its key must be among what the event touches. */
  get(key: Partial<Row>): Readonly<Row> | undefined;
  /** Every row whose columns equal these; each column and value must be among what the event touches. */
  where(match: Partial<Row>): Readonly<Row>[];
  /** Creates the row, or replaces the one with the same key. */
  put(row: Row): void;
  /** Removes the row with this key (nothing when there is none). */
  delete(key: Partial<Row>): void;
}

export type Rows<Tables> = { readonly [T in keyof Tables & string]: TableRows<Tables[T]> };

/**
 * What an event touches, per table: rows named by column values (`{ claim_id }`, `{ user_id }`).
 * The runner reads every row matching any of them before the fold, and the fold may look only
 * there, so a lookup left out fails loudly instead of writing over a row it did not see.
 */
export type Touches<Tables> = { readonly [T in keyof Tables & string]?: readonly Partial<Tables[T]>[] };

/** A recorded event of one of the types `T`, its data typed by its type. */
export type ProjectedEvent<T extends EventType> = { [K in T]: RecordedEvent<K, EventDataOf<K>> }[T];

/**
 * A set-based projector as written: typed by the events it handles, its tables, what it opens, and
 * what one batch's fold keeps for `settle`.
 */
export interface SetBasedProjectorDefinition<T extends EventType, Tables, Opened, Batch = undefined> {
  /** Stable name; with the version it names the checkpoint. */
  name: string;
  /** Raise it when the projection's output changes shape, so it is rebuilt from the beginning. */
  version: number;
  /** The event types it handles, from `@cc/contracts` (a stream's list, or `pickEventTypes`). */
  handles: readonly T[];
  /** Every table it writes and no other projector writes, described as the migrations make it. */
  tables: TableDescriptions<Tables>;
  /**
   * The event's sealed personal data, opened with the vault: the one asynchronous step, run per
   * event before the fold, never inside it.
   */
  open?(event: ProjectedEvent<T>): Promise<Opened>;
  /** Before a batch's opens: reads what they need in one go (the owners' keys), so each open needs no query. */
  preload?(events: readonly ProjectedEvent<T>[]): Promise<void>;
  touches(event: ProjectedEvent<T>): Touches<Tables>;
  /** Changes the rows as the event says (pure: no database, no clock, no vault). */
  evolve(rows: Rows<Tables>, event: ProjectedEvent<T>, opened: Opened, batch: Batch): void;
  /** What the fold of one batch keeps between its events for `settle` (made anew for every batch). */
  startBatch?(): Batch;
  /**
   * After the batch's last event, before the writes: work done once per batch rather than once per
   * event (a row derived from others, recomputed once however many events changed them). Pure like
   * `evolve`; it may look at every row any event of the batch touches. A batch of one event runs it
   * after that event, so a projector must give the same rows whichever way a log is cut.
   */
  settle?(rows: Rows<Tables>, batch: Batch): void;
}

/** A set-based projector as the runner and the rebuild use it, whatever its events and tables. */
export interface SetBasedProjector {
  readonly shape: 'set-based';
  name: string;
  version: number;
  handles: readonly string[];
  /** The names of the tables described in `descriptions` (what a rebuild builds and swaps). */
  tables: readonly string[];
  descriptions: Readonly<Record<string, TableDescription<Record<string, unknown>>>>;
  open(event: RecordedEvent): Promise<unknown>;
  preload(events: readonly RecordedEvent[]): Promise<void>;
  touches(event: RecordedEvent): Readonly<Record<string, readonly Record<string, unknown>[] | undefined>>;
  evolve(rows: Readonly<Record<string, TableRows<Record<string, unknown>>>>, event: RecordedEvent, opened: unknown, batch: unknown): void;
  startBatch(): unknown;
  settle(rows: Readonly<Record<string, TableRows<Record<string, unknown>>>>, batch: unknown): void;
}

/**
 * Makes a definition runnable. The runner hands it only events of the types it handles (the store
 * filters by them), so this is the one place where a recorded event becomes a typed one.
 */
export function setBasedProjector<T extends EventType, Tables, Opened = undefined, Batch = undefined>(
  definition: SetBasedProjectorDefinition<T, Tables, Opened, Batch>,
): SetBasedProjector {
  const typed = (event: RecordedEvent) => event as ProjectedEvent<T>;
  const descriptions = definition.tables as unknown as SetBasedProjector['descriptions'];
  return {
    shape: 'set-based',
    name: definition.name,
    version: definition.version,
    handles: definition.handles,
    tables: Object.keys(descriptions),
    descriptions,
    open: async (event) => (definition.open ? definition.open(typed(event)) : undefined),
    preload: async (events) => definition.preload?.(events.map(typed)),
    touches: (event) => definition.touches(typed(event)) as ReturnType<SetBasedProjector['touches']>,
    evolve: (rows, event, opened, batch) =>
      definition.evolve(rows as unknown as Rows<Tables>, typed(event), opened as Opened, batch as Batch),
    startBatch: () => definition.startBatch?.(),
    settle: (rows, batch) => definition.settle?.(rows as unknown as Rows<Tables>, batch as Batch),
  };
}
