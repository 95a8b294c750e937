/** Runs the real launcher (`gateway/src/main.ts`, as `npm start` does) as a child process, for tests. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../platform/src/net';

export const root = path.resolve(__dirname, '..');

export interface Running {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  port: number;
}

export async function launch(dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'gateway/src/main.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`launcher exited early:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`launcher not healthy in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, output: () => output, port };
}

export async function interrupt(running: Running): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => running.child.on('exit', (code) => resolve(code)));
  running.child.kill('SIGINT');
  return exited;
}

export function postmasterPid(dataDir: string): Promise<number | undefined> {
  return fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').then(
    (text) => Number(text.split('\n')[0]),
    () => undefined,
  );
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
