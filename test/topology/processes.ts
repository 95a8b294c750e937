import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** Services of the split topology as separate Node processes, started as `npm run start -w <service>` starts them. */
const root = path.resolve(__dirname, '../..');

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServiceProcess {
  name: string;
  port: number;
  child: ChildProcess;
  output(): string;
  count(text: string): number;
  saw(text: string, times?: number, timeoutMs?: number): Promise<void>;
  exited: Promise<NodeJS.Signals | number | null>;
}

export function startService(name: string, port: number, env: Record<string, string>): ServiceProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'gateway/src/services/main.ts'), name], {
    cwd: path.join(root, name),
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const count = (text: string) => output.split(text).length - 1;
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  return {
    name,
    port,
    child,
    output: () => output,
    count,
    async saw(text, times = 1, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (count(text) < times && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
      if (count(text) < times) throw new Error(`${name} never printed "${text}" ${times} time(s):\n${output.slice(-4000)}`);
    },
    exited,
  };
}

export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The internal secret of the test runs (32 characters at least, as the services require). */
export const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';

/** The configuration every service of one split run shares: one database, one data folder, the internal addresses and secret. */
export function splitServicesEnv(options: {
  databaseUrl: string;
  dataDir: string;
  secret: string;
  ports: { command: number; ai: number; billing: number };
  adminEmail: string;
}): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    INTERNAL_SECRET: options.secret,
    COMMAND_SERVICE_URL: `http://127.0.0.1:${options.ports.command}`,
    AI_WORKER_URL: `http://127.0.0.1:${options.ports.ai}`,
    BILLING_SERVICE_URL: `http://127.0.0.1:${options.ports.billing}`,
    POLL_INTERVAL_MS: '50',
    AUTH_IP_LIMIT_PER_MINUTE: '0',
    ADMIN_EMAILS: options.adminEmail,
    ADMIN_PASSWORD: 'correct horse battery',
  };
}
