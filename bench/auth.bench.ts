/**
 * Sign-in while someone floods sign-ups: one user's sign-in latency (p50, p99) while another client
 * sends registrations as fast as it can, against the same user's idle figure in the same run. The
 * real app (startSystem) over real HTTP, with the real scrypt cost (N = 2^17) and default limits.
 * Two floods: from one address (the per-address limit answers most of it) and from a new address
 * every time (only the hashing queue stands in the way).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, loadConfig } from '../platform/src';
import { startSystem } from '../gateway/src/system';
import { percentile, size, type BenchContext, type BenchRow, type BenchSuite } from './harness';

const PASSWORD = 'bench password 123';
const TARGET = 3;

async function post(baseUrl: string, url: string, body: unknown, address: string): Promise<number> {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

/** `count` sign-ins one after another, each timed; every one must succeed. */
async function signIns(baseUrl: string, email: string, address: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const status = await post(baseUrl, '/api/auth/login', { email, password: PASSWORD }, address);
    times.push(performance.now() - start);
    if (status !== 200) throw new Error(`sign-in answered ${status}`);
  }
  return times;
}

/** The flooding client, in a process of its own. */
async function startFlooder(baseUrl: string) {
  const child = fork(fileURLToPath(new URL('./authFlooder.ts', import.meta.url)), [baseUrl], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T)));
  await next();
  return {
    async start(mode: 'one' | 'many') {
      const started = next();
      child.send({ start: mode });
      await started;
    },
    async stop(): Promise<[number, number][]> {
      const answered = next<{ answers: [number, number][] }>();
      child.send({ stop: true });
      return (await answered).answers;
    },
    close: () => child.kill(),
  };
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

export const authBench: BenchSuite = {
  name: 'auth',
  async run(ctx: BenchContext) {
    const databaseUrl = await ctx.createDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-bench-auth-'));
    // One proxy in front, so each simulated client can have its own address.
    const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, TRUST_PROXY: '1', LOG_LEVEL: 'silent' });
    const system = await startSystem({
      config,
      logger: createLogger('silent'),
      databaseUrl,
      frontendDist: path.join(dataDir, 'no-frontend'),
    });
    const server = system.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const rows: BenchRow[] = [];
    let stopFlooder: () => unknown = () => undefined;
    try {
      const email = 'signing.in@example.org';
      if (
        (await post(baseUrl, '/api/auth/register', { email, password: PASSWORD, ageConfirmed: true, termsAccepted: true }, '192.0.2.1')) !==
        201
      )
        throw new Error('could not register the user');
      await signIns(baseUrl, email, '192.0.2.1', 2);

      const floods = [
        { name: 'one address', mode: 'one' as const },
        { name: 'a new address each', mode: 'many' as const },
      ];
      const flooder = await startFlooder(baseUrl);
      stopFlooder = flooder.close;
      // Rounds of idle, flood, flood: the machine is shared, so a slow spell weighs on baseline and
      // figure alike instead of on one of them.
      const idle: number[] = [];
      const busy = floods.map(() => [] as number[]);
      const answers = floods.map(() => new Map<number, number>());
      let userAddress = 0;
      // The user's address changes now and then so their own sign-ins stay within their budget.
      const nextAddress = () => `192.0.2.${10 + Math.floor(userAddress++ / 10)}`;
      const rounds = size(ctx, 4, 1);
      const perRound = size(ctx, 6, 4);
      for (let round = 0; round < rounds; round++) {
        for (let i = 0; i < perRound; i++) idle.push(...(await signIns(baseUrl, email, nextAddress(), 1)));
        for (const [f, { mode }] of floods.entries()) {
          // A fresh limit for the flooding address each round, as if a new flood began.
          await system.knex('rate_limits').where('key', 'like', 'auth:198.51.100.%').del();
          await flooder.start(mode);
          // Let the flood fill the queue before the first sign-in.
          await new Promise((resolve) => setTimeout(resolve, 500));
          for (let i = 0; i < perRound; i++) busy[f]!.push(...(await signIns(baseUrl, email, nextAddress(), 1)));
          for (const [status, count] of await flooder.stop()) answers[f]!.set(status, (answers[f]!.get(status) ?? 0) + count);
        }
      }
      ctx.log(`idle sign-in p50 ${ms(percentile(idle, 50))}, p99 ${ms(percentile(idle, 99))} (${idle.length} sign-ins)`);
      for (const [f, { name }] of floods.entries()) {
        const times = busy[f]!;
        const seen = [...answers[f]!].map(([status, count]) => `${count}×${status}`).join(' ');
        ctx.log(
          `flood from ${name}: sign-in p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}; registrations answered ${seen}`,
        );
        for (const p of [50, 99]) {
          const ratio = percentile(times, p) / percentile(idle, p);
          rows.push({
            figure: `sign-in p${p} while registrations flood (${name})`,
            value: ms(percentile(times, p)),
            baseline: `${ms(percentile(idle, p))} idle`,
            ratio,
            target: `≤ ${TARGET}× idle`,
            ok: ratio <= TARGET,
          });
        }
      }
    } finally {
      stopFlooder();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await system.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
    return rows;
  },
};
