import type { Knex } from 'knex';

/** Advisory-lock namespace of the projections (any constant no other lock in the database uses). */
export const PROJECTION_LOCK_SPACE = 0x50524f4a; // "PROJ"

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
