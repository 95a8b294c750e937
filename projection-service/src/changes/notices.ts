import { z } from 'zod';
import type { ChangedRows } from './changedRows';

/**
 * The NOTIFY payloads that carry read-model changes between processes: a JSON array of
 * `{ r: readModel, u: userId, ids? }`, split so no payload passes PostgreSQL's 8,000-byte limit.
 * Pure; announcer.ts sends them and changeFeed.ts reads them.
 */

export const READ_MODEL_CHANGES_CHANNEL = 'read_model_changes';

/** Under PostgreSQL's 8,000 bytes, with room for the channel name. */
export const MAX_PAYLOAD_BYTES = 7_500;

/** One user's change to one read model. */
export interface OwnedChange {
  readModel: string;
  userId: string;
  ids?: string[];
}

const entrySchema = z.object({ r: z.string().min(1), u: z.string().min(1), ids: z.array(z.string()).optional() });

export function encodeNotices(changes: ReadonlyMap<string, ChangedRows>): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const [readModel, owners] of changes)
    for (const [userId, ids] of owners) {
      const entry = JSON.stringify({ r: readModel, u: userId, ...(ids && ids.size > 0 ? { ids: [...ids] } : {}) });
      const bytes = Buffer.byteLength(entry) + 1;
      if (current.length > 0 && size + bytes > MAX_PAYLOAD_BYTES) {
        payloads.push(`[${current.join(',')}]`);
        current = [];
        size = 2;
      }
      current.push(entry);
      size += bytes;
    }
  if (current.length > 0) payloads.push(`[${current.join(',')}]`);
  return payloads;
}

/** The changes one payload carries; nothing for a payload of another shape (it is only logged by the caller). */
export function decodeNotice(payload: string): OwnedChange[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const parsed = z.array(entrySchema).safeParse(json);
  if (!parsed.success) return undefined;
  return parsed.data.map(({ r, u, ids }) => ({ readModel: r, userId: u, ...(ids ? { ids } : {}) }));
}

/** Adds one batch's changes to those waiting to be sent (the same user's ids merged, "many" kept). */
export function mergeChanges(into: Map<string, ChangedRows>, readModel: string, changed: ChangedRows, maxIds: number): void {
  const owners = into.get(readModel) ?? new Map<string, Set<string> | null>();
  for (const [userId, ids] of changed) {
    const known = owners.has(userId) ? owners.get(userId)! : new Set<string>();
    if (known === null || ids === null) {
      owners.set(userId, null);
      continue;
    }
    const merged = new Set([...known, ...ids]);
    owners.set(userId, merged.size > maxIds ? null : merged);
  }
  into.set(readModel, owners);
}
