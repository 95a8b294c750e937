import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../platform/src/db/embedded';

/**
 * The test clusters trade durability for speed: they live in a temporary folder for one run and no
 * test stops or kills their servers (a test that kills PostgreSQL, or searches a database's files and
 * WAL, starts a cluster of its own), so no commit waits for the disk. Measured here: 300 one-row
 * commits 1.7 s instead of 2.5–3.2 s, a test database created and dropped in 0.35 s instead of 0.9 s.
 * The product's clusters keep PostgreSQL's defaults.
 */
const UNDURABLE = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

export interface TestClusters {
  clusters: EmbeddedDatabase[];
  dir: string;
}

async function startCluster(dir: string): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedPostgres({ clusterDir: dir });
  const admin = new pg.Client({ connectionString: db.adminUrl });
  await admin.connect();
  try {
    for (const [setting, value] of Object.entries(UNDURABLE)) await admin.query(`alter system set ${setting} = '${value}'`);
    await admin.query('select pg_reload_conf()');
  } finally {
    await admin.end();
  }
  return db;
}

/**
 * One embedded PostgreSQL cluster per jest worker; every test file makes its own database in its
 * worker's cluster (see platform/src/testing/database.ts). Apart from the data, a cluster shares its
 * transaction horizon: the event log's readable bound (`events_readable_before()`) is the oldest
 * transaction still open in the whole cluster, so one file's long transaction held back every other
 * file's subscribers while the two workers shared one.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  if (process.env.CC_TEST_DATABASE_ADMIN_URLS) return;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-test-pg-'));
  await fs.chmod(dir, 0o755);
  const count = Math.max(1, globalConfig.maxWorkers);
  const clusters = await Promise.all(Array.from({ length: count }, (_, i) => startCluster(path.join(dir, `cluster-${i + 1}`))));
  process.env.CC_TEST_DATABASE_ADMIN_URLS = clusters.map((db) => db.adminUrl).join(' ');
  (globalThis as { __ccTestDb?: TestClusters }).__ccTestDb = { clusters, dir };
}
