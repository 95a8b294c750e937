/**
 * The change stream: one `text/event-stream` per signed-in user that says which of their read
 * models changed, so every screen refetches what it shows instead of polling. Events:
 * `change` (data: a `ReadModelChange`), `resync` (notices may have been missed: refetch
 * everything shown), and comment lines as heartbeats.
 *
 * No zod here: the frontend's first load reads this module (docs/decisions/performance.md).
 */
export const READ_MODEL_CHANGES_PATH = '/api/read-models/changes';

export interface ReadModelChange {
  /** The read model's name as its projector has it: `documents`, `evidence`, `claims`, `notifications`… */
  readModel: string;
  /** The changed rows of its main table, when few enough to list. */
  ids?: string[];
}

/** A `change` event's data as the server sends it; anything else is not one. */
export function isReadModelChange(value: unknown): value is ReadModelChange {
  if (typeof value !== 'object' || value === null) return false;
  const { readModel, ids } = value as { readModel?: unknown; ids?: unknown };
  if (typeof readModel !== 'string' || readModel === '') return false;
  return ids === undefined || (Array.isArray(ids) && ids.every((id) => typeof id === 'string'));
}
