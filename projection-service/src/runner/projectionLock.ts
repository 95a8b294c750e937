import type { Knex } from 'knex';

/** Advisory-lock namespace of the projections (any constant no other lock in the database uses). */
const PROJECTION_LOCK_SPACE = 0x50524f4a; // "PROJ"

/**
 * Taken first in every transaction that writes a read model's live tables: the projector's batches
 * and a rebuild's swap. The swap therefore waits for a batch in flight and holds the next one back
 * until the new tables are in place; the held batch then resolves its table names afresh (they are
 * looked up after the lock), and its compare-and-set checkpoint tells it whether to try again.
 * Across processes too: a rebuild run from the command line swaps safely under a running app.
 */
export async function lockProjection(trx: Knex.Transaction, projection: string): Promise<void> {
  const { space, key } = projectionLock(projection);
  await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [space, key]);
}

/** That lock as a subscription's `batchLock`: a projector's live batches take it with their first statement. */
export function projectionLock(projection: string): { space: number; key: string } {
  return { space: PROJECTION_LOCK_SPACE, key: projection };
}

/**
 * The same lock taken shared, for several read models in one statement, in the order given (one
 * order for everyone, so two appends taking several never wait for each other in a circle; a
 * function scan of unnest yields the array's order): by the appends that keep read models inline
 * (inlineProjections.ts), which may run together but never beside a swap, a dead letter's retry
 * or a hand-over.
 */
export async function lockProjectionsShared(trx: Knex.Transaction, projections: readonly string[]): Promise<void> {
  if (projections.length === 0) return;
  await trx.raw('select count(pg_advisory_xact_lock_shared(?, hashtext(name))) from unnest(?::text[]) as name', [
    PROJECTION_LOCK_SPACE,
    [...projections],
  ]);
}
