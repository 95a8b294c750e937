import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

export interface ChildCluster {
  urlFor(database: string): string;
  createDatabase(database: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts a new embedded cluster (platform/src/db/embedded.ts, as `npm start` does) in a child process. */
export async function startEmbeddedCluster(clusterDir: string): Promise<ChildCluster> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'embeddedClusterProcess.ts')], {
    env: { ...process.env, CLUSTER_DIR: clusterDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const adminUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const line = output.split('\n').find((l) => l.startsWith('{"adminUrl"'));
      if (line) resolve((JSON.parse(line) as { adminUrl: string }).adminUrl);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk) => (output += chunk));
    void exited.then(() => reject(new Error(`the embedded cluster did not start:\n${output}`)));
  });
  const urlFor = (database: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  return {
    urlFor,
    async createDatabase(database) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`create database ${client.escapeIdentifier(database)}`);
      } finally {
        await client.end();
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
