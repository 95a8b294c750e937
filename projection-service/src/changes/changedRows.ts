import type { RecordedEvent } from '@cc/platform';

/**
 * Whose rows one batch of one read model changed, and which: what the change stream tells each
 * signed-in user ("this read model changed"). Pure; the runner fills it from the rows a set-based
 * batch wrote (their `user_id`), and from the events' `userId` (the owner every stream names in its
 * events) for a row-by-row projector, whose writes it cannot see.
 */

/** More ids than this for one user and read model are sent as "some rows" (no ids): the client refetches the lists anyway. */
export const MAX_IDS_PER_USER = 20;

/** Per owner (user id): the ids of the changed rows, or null when there were too many or none is known. */
export type ChangedRows = Map<string, Set<string> | null>;

export function addOwner(changed: ChangedRows, userId: unknown, id?: unknown): void {
  if (typeof userId !== 'string' || userId === '') return;
  const ids = changed.has(userId) ? changed.get(userId)! : new Set<string>();
  if (ids === null) return;
  if (id === undefined || id === null) {
    changed.set(userId, ids);
    return;
  }
  ids.add(String(id));
  changed.set(userId, ids.size > MAX_IDS_PER_USER ? null : ids);
}

/** The owners the events name (`data.userId`), with no ids. */
export function ownersOfEvents(events: readonly RecordedEvent[], changed: ChangedRows = new Map()): ChangedRows {
  for (const event of events) addOwner(changed, (event.data as { userId?: unknown } | null)?.userId);
  return changed;
}

/**
 * The owners of rows a batch wrote or deleted, with the ids of the read model's main table (its
 * first, when its key is one column).
 */
export function ownersOfRows(
  rows: readonly Readonly<Record<string, unknown>>[],
  idColumn: string | undefined,
  changed: ChangedRows = new Map(),
): ChangedRows {
  for (const row of rows) addOwner(changed, row.user_id, idColumn ? row[idColumn] : undefined);
  return changed;
}
