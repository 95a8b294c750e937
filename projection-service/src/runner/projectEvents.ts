import type { Knex } from 'knex';
import type { RecordedEvent, TrailingWrite } from '@cc/platform';
import { ownersOfEvents, ownersOfRows, type ChangedRows } from '../changes/changedRows';
import { copyRows, deleteRows, readTouchedTables, writeChanges, type TableChanges, type TouchedLookup } from './batchStatements';
import type { Projector } from './projector';
import type { SetBasedProjector } from './setBasedProjector';
import { TableWorkingSet } from './workingSet';

/** Either shape: one event at a time against the database, or a batch folded in memory. */
export type ReadModelProjector = Projector | SetBasedProjector;

export const isSetBased = (projector: ReadModelProjector): projector is SetBasedProjector =>
  'shape' in projector && projector.shape === 'set-based';

/**
 * How a set-based batch writes what it folded: `upsert` (one `insert … on conflict` per table) as
 * the live path does, or `copy` for a rebuild loading its fresh tables (the replaced and removed
 * rows deleted, then every new version in one `COPY` per table). The same fold either way.
 */
export type BatchWrites = 'upsert' | 'copy';

/**
 * Told, before a set-based batch reads its touched rows, which tables it looks up and by which
 * columns (a rebuild makes the deferred index such a read needs, so no page scans a whole table).
 */
export type BeforeRead = (lookups: readonly { table: string; columns: readonly string[] }[]) => Promise<void>;

/**
 * Applies events, in order, to a projector's tables inside `trx` (the caller holds the projection's
 * lock and moves the checkpoint). Live batches, a dead letter's retry, a rebuild and an account's
 * erasure all come through here, so both shapes behave alike everywhere. Answers whose rows changed
 * (the change stream announces them once the caller's transaction commits).
 */
export async function projectEvents(
  projector: ReadModelProjector,
  events: readonly RecordedEvent[],
  trx: Knex.Transaction,
  writes: BatchWrites = 'upsert',
  beforeRead?: BeforeRead,
): Promise<ChangedRows> {
  if (events.length === 0) return new Map();
  if (isSetBased(projector)) return ownersOfEvents(events, await foldBatch(projector, events, trx, writes, beforeRead));
  for (const event of events) await projector.project(event, trx);
  return ownersOfEvents(events);
}

/**
 * Several projectors' batches in one transaction (the inline read models of one append, the
 * asynchronous projectors' batches committed together) as one batch: every table of every
 * set-based projector read with one statement, each folded on its own, every change written with
 * one statement (with `trailing` as its last clause, when given); a projector of the other shape
 * applies its events one at a time as ever. Their tables must be distinct. Answers each projector's
 * changed rows, in the order given.
 */
export async function projectEventsTogether(
  parts: readonly { projector: ReadModelProjector; events: readonly RecordedEvent[] }[],
  trx: Knex.Transaction,
  trailing?: TrailingWrite,
): Promise<ChangedRows[]> {
  const folded = parts.filter(
    (part): part is { projector: SetBasedProjector; events: readonly RecordedEvent[] } =>
      isSetBased(part.projector) && part.events.length > 0,
  );
  const changed = await foldBatches(folded, trx, 'upsert', undefined, trailing);
  const answers: ChangedRows[] = [];
  for (const part of parts) {
    const index = folded.indexOf(part as (typeof folded)[number]);
    answers.push(index >= 0 ? ownersOfEvents(part.events, changed[index]!) : await projectEvents(part.projector, part.events, trx));
  }
  return answers;
}

/** A set-based batch (see foldBatches). */
async function foldBatch(
  projector: SetBasedProjector,
  events: readonly RecordedEvent[],
  trx: Knex.Transaction,
  writes: BatchWrites,
  beforeRead?: BeforeRead,
): Promise<ChangedRows> {
  return (await foldBatches([{ projector, events }], trx, writes, beforeRead))[0]!;
}

/** The lookups of one table: every value each column is looked up by in the batch, once each. */
function tableLookup(table: string, description: TouchedLookup['description'], touches: readonly Touched[]): TouchedLookup {
  const values = new Map<string, unknown[]>();
  for (const touched of touches)
    for (const lookup of touched[table] ?? [])
      for (const [column, value] of Object.entries(lookup)) {
        if (value === undefined || value === null) continue;
        const list = values.get(column) ?? [];
        list.push(value);
        values.set(column, list);
      }
  return { table, description, values: new Map([...values].map(([column, list]) => [column, [...new Set(list)]])) };
}

type Touched = ReturnType<SetBasedProjector['touches']>;

/** Events opened after one read of their owners' keys (see foldBatches). */
const OPENS_PER_PRELOAD = 250;

/**
 * Set-based batches: read the keys each batch's sealed data needs in one go, open each event's
 * sealed data, read every touched row of every table of every batch with one statement, fold each
 * batch's events in memory and settle what its projector leaves to the end of the batch, then write
 * every table's upserts and deletes with one statement (`trailing` its last clause, upserts only).
 */
async function foldBatches(
  parts: readonly { projector: SetBasedProjector; events: readonly RecordedEvent[] }[],
  trx: Knex.Transaction,
  writes: BatchWrites,
  beforeRead?: BeforeRead,
  trailing?: TrailingWrite,
): Promise<ChangedRows[]> {
  const prepared = [];
  const lookups: TouchedLookup[] = [];
  for (const { projector, events } of parts) {
    const opened: unknown[] = [];
    // The owners' keys in one read for the whole batch. Keys are trusted for a short while only (the
    // vault's cache bound): a large batch whose opens outlast it would read each expired key alone,
    // so each later slice reads again, in one go, only the keys expired meanwhile (most of the
    // time none, and then no statement is sent).
    await projector.preload(events);
    for (let start = 0; start < events.length; start += OPENS_PER_PRELOAD) {
      const slice = events.slice(start, start + OPENS_PER_PRELOAD);
      if (start > 0) await projector.preload(slice);
      for (const event of slice) opened.push(await projector.open(event));
    }
    const touches = events.map((event) => projector.touches(event));
    const first = lookups.length;
    for (const [table, description] of Object.entries(projector.descriptions)) {
      if (lookups.some((lookup) => lookup.table === table)) throw new Error(`Two projectors of one batch both write ${table}`);
      lookups.push(tableLookup(table, description, touches));
    }
    prepared.push({ projector, events, opened, touches, lookups: lookups.slice(first) });
  }
  await beforeRead?.(
    lookups.filter((lookup) => lookup.values.size > 0).map(({ table, values }) => ({ table, columns: [...values.keys()] })),
  );
  const read = await readTouchedTables(trx, lookups);

  const results: ChangedRows[] = [];
  const writing: TableChanges[] = [];
  let readIndex = 0;
  for (const { projector, events, opened, touches, lookups: own } of prepared) {
    const sets: Record<string, TableWorkingSet> = {};
    for (const { table, description } of own) sets[table] = new TableWorkingSet(table, description, read[readIndex++]!);

    const batch = projector.startBatch();
    const tables = Object.entries(sets);
    events.forEach((event, index) => {
      const touched = touches[index]!;
      for (const [table, set] of tables) set.declare(touched[table]);
      projector.evolve(sets, event, opened[index], batch);
    });
    // What is settled once per batch may look at every row the batch read.
    for (const [table, set] of tables) set.declare(touches.flatMap((touched) => touched[table] ?? []));
    projector.settle(sets, batch);

    const changed: ChangedRows = new Map();
    for (const [index, [table, set]] of tables.entries()) {
      const { upserts, deletes, replaced } = set.changes();
      // The ids of the main table's rows (the first), when one column names a row.
      const idColumn = index === 0 && set.description.key.length === 1 ? set.description.key[0] : undefined;
      ownersOfRows([...upserts, ...deletes] as Readonly<Record<string, unknown>>[], idColumn, changed);
      if (writes === 'copy') {
        await deleteRows(trx, table, set.description, [...replaced, ...deletes]);
        await copyRows(trx, table, set.description, upserts);
        continue;
      }
      writing.push({ table, description: set.description, upserts, deletes });
    }
    results.push(changed);
  }
  await writeChanges(trx, writing, trailing);
  return results;
}
