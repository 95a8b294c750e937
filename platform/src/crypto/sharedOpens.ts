import { AsyncLocalStorage } from 'node:async_hooks';
import type { SealedData } from '@cc/contracts';

/**
 * Plaintext opened during one piece of work, kept for that work only. A rebuild hands the same page
 * of events to every read model, and several read models open the same sealed field of the same
 * event: within `sharingOpens` the vault deciphers each sealed value once, and the others get it
 * from here. Keyed by the sealed value itself (the event's own object) and checked against the
 * vault and the subject it was opened for.
 */
interface Opened {
  owner: object;
  subjectId: string;
  plaintext: string;
  /** When the key it was opened with stops being trusted (the vault's cache bound holds for it too). */
  until: number;
}
type Shared = Map<SealedData, Opened>;

const scope = new AsyncLocalStorage<Shared>();
/** The scopes running now, so an erasure can take its subject's plaintext out of each at once. */
const running = new Set<Shared>();

/**
 * Runs `work` with its opens shared. Every plaintext it kept is dropped when `work` ends, whether it
 * succeeds or fails, so none outlives the work that needed it.
 */
export async function sharingOpens<T>(work: () => Promise<T>): Promise<T> {
  const shared: Shared = new Map();
  running.add(shared);
  try {
    return await scope.run(shared, work);
  } finally {
    running.delete(shared);
    shared.clear();
  }
}

/** The plaintext already opened for this sealed value, by this vault and for this subject, in the running scope. */
export function sharedPlaintext(owner: object, subjectId: string, sealed: SealedData): string | undefined {
  const opened = scope.getStore()?.get(sealed);
  return opened && opened.owner === owner && opened.subjectId === subjectId && opened.until > Date.now() ? opened.plaintext : undefined;
}

/** Keeps the plaintext for the rest of the running scope (nothing outside one). */
export function shareOpened(owner: object, subjectId: string, sealed: SealedData, plaintext: string, until: number): void {
  scope.getStore()?.set(sealed, { owner, subjectId, plaintext, until });
}

/** The subject's key is gone: what was opened for it is forgotten in every running scope. */
export function forgetShared(subjectId: string): void {
  for (const shared of running) for (const [sealed, opened] of shared) if (opened.subjectId === subjectId) shared.delete(sealed);
}
