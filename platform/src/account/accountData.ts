import type { Readable } from 'node:stream';

/**
 * A user's data export is assembled from every feature's part (docs/decisions/privacy-and-erasure.md): each adds its
 * JSON and files here. Paths are relative inside the archive, e.g. `claims/2026-001.json`.
 */
export interface AccountExport {
  json(path: string, value: unknown): void;
  /** A stored file, read when the archive reaches it. `size` must be its exact size in bytes. */
  file(path: string, source: { size: number; open(): Promise<Readable> }): void;
}

/**
 * One feature's share of "Export my data" and "Delete my account". A feature that keeps user data
 * registers one contributor (the gateway lists them in `system.ts`).
 *
 * - `export` adds what the user should get back (read models, stored files).
 * - `erase` removes what the feature keeps: stored files, tables of secrets or deliveries,
 *   caches. It must be idempotent: it runs again after a crash. Read models are erased by their
 *   projectors on `AccountErased` (so a rebuild erases them the same way), and once more by the
 *   read side's contributor after no process can open the user's data any longer. Sealed personal
 *   data in events needs nothing: the user's key is destroyed first (crypto-shredding), and the
 *   contributors run after every process has dropped it.
 */
export interface AccountDataContributor {
  /** Names the part in the export's README and in logs, e.g. `claims`. */
  name: string;
  /** One line for the export's README: what this part holds. */
  describes?: string;
  export?(userId: string, into: AccountExport): Promise<void>;
  erase?(userId: string): Promise<void>;
}
