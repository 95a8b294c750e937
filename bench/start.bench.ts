/**
 * Start and first-load figures. Start: `npm start` (the launcher, `node scripts/start.mjs`) on an
 * existing data folder until `/api/health` answers 200, against bare node starting the embedded
 * PostgreSQL on the same folder, in alternating rounds. First load: the gzip size of the JavaScript
 * the landing page and the dashboard each need, read from Vite's manifest (bench/firstLoad.ts),
 * against all the JavaScript the build holds.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { freePort } from '../platform/src/net';
import { FIRST_LOAD_LIMIT_BYTES, firstLoad } from './firstLoad';
import { size, type BenchContext, type BenchRow, type BenchSuite } from './harness';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'frontend/dist');

/** Runs `args` with node until `ready()` says so; returns the milliseconds, then stops it with SIGINT. */
async function timeUntil(args: string[], env: Record<string, string>, ready: (output: string) => Promise<boolean>): Promise<number> {
  const began = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const deadline = Date.now() + 120_000;
    while (!(await ready(output))) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} ended before it was ready:\n${output.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`${args.join(' ')} was not ready in 2 minutes:\n${output.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return performance.now() - began;
  } finally {
    child.kill('SIGINT');
    await exited;
  }
}

const healthy = (port: number) => async () => {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
  return res?.status === 200;
};

async function start(ctx: BenchContext): Promise<BenchRow> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-bench-start-'));
  await fs.chmod(dataDir, 0o755);
  try {
    const app = async () => {
      const port = await freePort();
      return timeUntil(
        ['scripts/start.mjs'],
        { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        healthy(port),
      );
    };
    const bare = () =>
      timeUntil(['--import', 'tsx', 'bench/startPostgres.ts', path.join(dataDir, 'postgres')], {}, async (output) =>
        output.includes('ready'),
      );
    // The first start makes the cluster, migrates and seeds; the figure is about the starts after it.
    await app();
    const app_: number[] = [];
    const bare_: number[] = [];
    for (let round = 0; round < size(ctx, 3, 1); round++) {
      if (round % 2 === 0) {
        app_.push(await app());
        bare_.push(await bare());
      } else {
        bare_.push(await bare());
        app_.push(await app());
      }
    }
    const best = (values: number[]) => Math.min(...values) / 1000;
    ctx.log(
      `start: npm start ${app_.map((v) => (v / 1000).toFixed(2)).join(', ')} s; bare PostgreSQL ${bare_.map((v) => (v / 1000).toFixed(2)).join(', ')} s`,
    );
    return {
      figure: 'start (npm start → /api/health 200, existing data folder), best of rounds',
      value: `${best(app_).toFixed(2)} s`,
      baseline: `${best(bare_).toFixed(2)} s bare PostgreSQL start`,
      ratio: best(app_) / best(bare_),
      target: '< 5 s',
      ok: best(app_) < 5,
    };
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function firstLoadRows(ctx: BenchContext): Promise<BenchRow[]> {
  // The launcher's own build step (a plain .mjs, so typed here).
  const launcher = '../scripts/build-frontend.mjs';
  const { buildFrontendIfStale } = (await import(launcher)) as { buildFrontendIfStale: () => boolean };
  buildFrontendIfStale();
  const pages = await firstLoad(DIST);
  let all = 0;
  const assets = path.join(DIST, 'assets');
  for (const file of await fs.readdir(assets)) if (file.endsWith('.js')) all += gzipSync(await fs.readFile(path.join(assets, file))).length;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  return (['landing', 'dashboard'] as const).map((page) => {
    const { scripts, gzip } = pages[page];
    ctx.log(`first load (Vite manifest): ${page} ${scripts.length} scripts, ${kb(gzip)}`);
    return {
      figure: `first load: gzip JS for the ${page === 'landing' ? 'landing page' : 'dashboard'} (${scripts.length} scripts)`,
      value: kb(gzip),
      baseline: `${kb(all)} all JS`,
      ratio: gzip / all,
      target: `≤ ${kb(FIRST_LOAD_LIMIT_BYTES)}`,
      ok: gzip <= FIRST_LOAD_LIMIT_BYTES,
    };
  });
}

export const startBench: BenchSuite = {
  name: 'start',
  async run(ctx: BenchContext) {
    return [...(await firstLoadRows(ctx)), await start(ctx)];
  },
};
