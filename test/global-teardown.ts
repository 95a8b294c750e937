import fs from 'node:fs/promises';
import type { TestClusters } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as { __ccTestDb?: TestClusters }).__ccTestDb;
  if (!state) return;
  await Promise.all(state.clusters.map((db) => db.stop()));
  await fs.rm(state.dir, { recursive: true, force: true });
}
