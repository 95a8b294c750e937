import fs from 'node:fs/promises';
import type { EmbeddedDatabase } from '../platform/src/db/embedded';

export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as { __ccTestDb?: { db: EmbeddedDatabase; dir: string } }).__ccTestDb;
  if (!state) return;
  await state.db.stop();
  await fs.rm(state.dir, { recursive: true, force: true });
}
