import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { DomainEvent } from '@cc/contracts';
import type { Knex, RecordedEvent } from '@cc/platform';
import { projectionMigrations } from '../index';
import { projectEvents, type ReadModelProjector } from '../runner/projectEvents';

type Row = Record<string, unknown>;

const SCHEMAS = ['one_by_one', 'in_batches'] as const;
export type CopyName = (typeof SCHEMAS)[number];

async function onSearchPath<T>(trx: Knex.Transaction, schema: string, work: () => Promise<T>): Promise<T> {
  await trx.raw(`select set_config('search_path', ?, true)`, [schema]);
  return work();
}

/**
 * Two copies of every read-model table, each in a schema of its own made by the real migrations,
 * so one log can be projected into both (one event at a time, and in batches) and the tables
 * compared: a property test of a set-based projector's batching.
 */
export async function twoCopiesOfTheReadModels(knex: Knex): Promise<void> {
  for (const schema of SCHEMAS) {
    await knex.transaction(async (trx) => {
      await trx.raw(`drop schema if exists ${schema} cascade`);
      await trx.raw(`create schema ${schema}`);
      await onSearchPath(trx, schema, async () => {
        for (const migration of projectionMigrations) await migration.up(trx);
      });
    });
  }
}

/**
 * Projects the batches into one copy's tables, each batch folded and written on its own as the
 * runner does (in one transaction: with one writer, that sees what separate ones would).
 */
export async function projectInto(knex: Knex, copy: CopyName, projector: ReadModelProjector, batches: readonly RecordedEvent[][]) {
  await knex.transaction((trx) =>
    onSearchPath(trx, copy, async () => {
      for (const batch of batches)
        await projectEvents(
          projector,
          batch.filter((event) => projector.handles.includes(event.type)),
          trx,
        );
    }),
  );
}

/** Every row of the projectors' tables in one copy, in a stable order. */
export async function tablesOf(knex: Knex, copy: CopyName, projectors: readonly ReadModelProjector[]): Promise<Record<string, Row[]>> {
  const tables: Record<string, Row[]> = {};
  for (const table of projectors.flatMap((p) => [...p.tables])) {
    const { rows } = (await knex.raw(`select * from ${copy}.${table}`)) as { rows: Row[] };
    tables[table] = rows
      .map((row) => [JSON.stringify(row), row] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row);
  }
  return tables;
}

export async function emptyCopies(knex: Knex, projectors: readonly ReadModelProjector[]): Promise<void> {
  const tables = projectors.flatMap((p) => [...p.tables]);
  for (const copy of SCHEMAS) await knex.raw(`truncate ${tables.map((table) => `${copy}.${table}`).join(', ')}`);
}

/** The log cut into consecutive batches at the given sizes (the last batch takes what is left). */
export function cutInto<T>(log: readonly T[], sizes: readonly number[]): T[][] {
  const batches: T[][] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= log.length) break;
    batches.push(log.slice(at, at + size));
    at += size;
  }
  if (at < log.length) batches.push(log.slice(at));
  return batches;
}

/** The i-th event of a generated log as the store records it: an hour after the one before, its owner in the metadata. */
export function recordedAt(event: DomainEvent, i: number): RecordedEvent {
  return {
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {
      occurredAt: new Date(Date.UTC(2026, 1, 1) + i * 3_600_000).toISOString(),
      userId: (event.data as { userId: string }).userId,
      correlationId: randomUUID(),
      causationId: null,
      schemaVersion: 1,
    },
    streamId: `stream-${i}`,
    streamVersion: 1,
    position: { txId: BigInt(1000 + i), seq: BigInt(i + 1) },
    recordedAt: new Date(),
  };
}

/** An owner's account erased. */
export const erasureOf = (owners: readonly string[]): fc.Arbitrary<DomainEvent> =>
  fc
    .constantFrom(...owners)
    .map((userId): DomainEvent => ({ type: 'AccountErased', data: { userId, erasedAt: '2026-06-01T00:00:00.000Z' } }));

/** Generated events recorded in order, now and then one delivered again right after itself. */
export const withRedeliveries = (events: fc.Arbitrary<DomainEvent[]>): fc.Arbitrary<RecordedEvent[]> =>
  events
    .chain((list) => fc.tuple(fc.constant(list), fc.array(fc.nat({ max: list.length - 1 }), { maxLength: 3 })))
    .map(([list, repeats]) => {
      const recorded = list.map((event, i) => recordedAt(event, i));
      for (const index of repeats) recorded.splice(index + 1, 0, { ...recorded[index]! });
      return recorded;
    });
