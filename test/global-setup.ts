import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../platform/src/db/embedded';

/**
 * One embedded PostgreSQL cluster for the whole test run; every test file makes its own database in
 * it (see platform/src/testing/database.ts), so files run in parallel without sharing state.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.CC_TEST_DATABASE_ADMIN_URL) return;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-test-pg-'));
  await fs.chmod(dir, 0o755);
  const db = await startEmbeddedPostgres({ clusterDir: path.join(dir, 'cluster') });
  process.env.CC_TEST_DATABASE_ADMIN_URL = db.adminUrl;
  (globalThis as { __ccTestDb?: { db: EmbeddedDatabase; dir: string } }).__ccTestDb = { db, dir };
}
