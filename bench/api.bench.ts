/**
 * API figures, through real HTTP against the whole app (`startSystem`): a command end to end
 * (`POST /api/claims`, then `PUT /api/claims/{id}/status`) at 50 requests a second against a bare
 * express + pg server answering the same two requests with the same append (`events_append`) and
 * one upsert into a table shaped like the claims read model, in one transaction, at the same rate;
 * and a mixed load with autocannon (80 % GET dashboard, claims and
 * documents, 20 % status changes, 50 users) against a bare express + pg server that runs the same
 * read-model queries and appends the same events, with no gateway in front, under the same load.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import express from 'express';
import { z } from 'zod';
import { CLAIM_PROGRESS } from '@cc/contracts';
import { CLAIM_SORT_COLUMNS, dashboard, listClaims } from '@cc/projection-service/claims/queries';
import { DOCUMENT_SORT_COLUMNS, listDocuments } from '@cc/projection-service/documents/queries';
import { parseListQuery } from '../platform/src/http/listQuery';
import type { Knex } from '../platform/src/db/knex';
import type { System } from '../gateway/src/system';
import { TestClient } from '../gateway/src/testing/testApp';
import { BENCH_ADMIN, listen, startBenchApp } from './benchApp';
import { percentile, size, type BenchContext, type BenchRow, type BenchSuite } from './harness';

const ADMIN = BENCH_ADMIN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
/** What an autocannon connection remembers during one round of requests: whose they are. */
type Slot = { user: number };
const STATUSES = Object.keys(CLAIM_PROGRESS) as (keyof typeof CLAIM_PROGRESS)[];

async function withApp<T>(ctx: BenchContext, run: (app: { system: System; baseUrl: string }) => Promise<T>): Promise<T> {
  const url = await ctx.createDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-bench-api-'));
  const app = await startBenchApp(url, dataDir);
  try {
    return await run(app);
  } finally {
    await app.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** Veterans on the Basic plan (no claim limit), each signed in with its own cookie jar. */
async function veterans(baseUrl: string, count: number) {
  const admin = new TestClient(baseUrl);
  await admin.signIn(ADMIN.email, ADMIN.password);
  const clients: { client: TestClient; id: string }[] = [];
  for (let i = 0; i < count; i++) {
    const client = new TestClient(baseUrl);
    const user = await client.register(`bench.vet.${i}@example.org`);
    const res = await admin.put(`/api/users/${user.id}/tier`, { tierName: 'basic' });
    if (res.status !== 200) throw new Error(`tier change answered ${res.status}`);
    clients.push({ client, id: user.id });
  }
  for (const { client } of clients) {
    for (let i = 0; i < 200 && (await client.get('/api/auth/user')).data.memberTier !== 'basic'; i++)
      await new Promise((r) => setTimeout(r, 20));
  }
  return clients;
}

/** Calls `unit` every 1000/rate ms whether or not earlier calls are done (an open loop); returns each call's time. */
async function openLoop(count: number, rate: number, unit: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  const calls: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(
      (async () => {
        const began = performance.now();
        await unit(i);
        times.push(performance.now() - began);
      })(),
    );
  }
  await Promise.all(calls);
  return times;
}

async function commandEndToEnd(ctx: BenchContext): Promise<BenchRow> {
  return withApp(ctx, async ({ system, baseUrl }) => {
    const vets = await veterans(baseUrl, 10);
    const count = size(ctx, 1_000, 60);
    const expect = (status: number, wanted: number, what: string) => {
      if (status !== wanted) throw new Error(`${what} answered ${status}`);
    };
    // One command = file a claim, then move it on; each request timed on its own.
    const command = async (i: number, client = vets[i % vets.length]!.client) => {
      const filed = await client.post('/api/claims', { condition: `Condition ${i}`, conditionType: 'primary' });
      expect(filed.status, 201, 'POST /api/claims');
      const moved = await client.put(`/api/claims/${filed.data.id}/status`, { status: 'initial_review', note: 'Records requested' });
      expect(moved.status, 200, 'PUT /api/claims/{id}/status');
    };
    const requestTimes: number[] = [];
    const timedCommand = async (i: number) => {
      const { client } = vets[i % vets.length]!;
      const began = performance.now();
      const filed = await client.post('/api/claims', { condition: `Condition ${i}`, conditionType: 'primary' });
      requestTimes.push(performance.now() - began);
      expect(filed.status, 201, 'POST /api/claims');
      const movedAt = performance.now();
      const moved = await client.put(`/api/claims/${filed.data.id}/status`, { status: 'initial_review', note: 'Records requested' });
      requestTimes.push(performance.now() - movedAt);
      expect(moved.status, 200, 'PUT /api/claims/{id}/status');
    };
    // Warm-up, one command at a time: the service time without any queue (logged, not judged).
    const alone: number[] = [];
    for (let i = 0; i < 20; i++) {
      const began = performance.now();
      await command(count + i);
      alone.push(performance.now() - began);
    }
    ctx.log(`one command at a time (two requests): p50 ${ms(percentile(alone, 50))}, max ${ms(Math.max(...alone))}`);
    const counted = await statementsPerCommand(system, (client) => command(count + 20, client));
    ctx.log(
      `statements per command (two requests; the bare endpoint sends 8): ${counted.inRequests} sent by the requests, ` +
        `${counted.all} on the pool in all (asynchronous projectors included)`,
    );
    const bare = await listen(await bareCommandServer(system.knex));
    const bareTimes: number[] = [];
    try {
      const bareClient = new TestClient(bare.baseUrl);
      const timedBareCommand = async (i: number) => {
        const user = vets[i % vets.length]!.id;
        const began = performance.now();
        const filed = await bareClient.post('/api/claims', { condition: `Condition ${i}`, conditionType: 'primary' }, { 'x-user': user });
        bareTimes.push(performance.now() - began);
        expect(filed.status, 201, 'bare POST /api/claims');
        const movedAt = performance.now();
        const moved = await bareClient.put(
          `/api/claims/${filed.data.id}/status`,
          { status: 'initial_review', note: 'Records requested' },
          { 'x-user': user },
        );
        bareTimes.push(performance.now() - movedAt);
        expect(moved.status, 200, 'bare PUT /api/claims/{id}/status');
      };
      for (let i = 0; i < 20; i++) await timedBareCommand(i);
      bareTimes.length = 0;
      // Alternating slices at 50 requests a second each, so both sides share the machine's moments.
      const slices = size(ctx, 5, 1);
      // What the app's slices cost its process: statements on the pool and CPU (the HTTP client's
      // share included), asynchronous work set off by the commands counted while it runs in them.
      const underLoad = { statements: 0, cpuMicros: 0, commands: 0 };
      const countStatement = () => void underLoad.statements++;
      for (let slice = 0; slice < slices; slice++) {
        const per = Math.floor(count / slices);
        // Two requests per command: 25 commands a second is 50 requests a second.
        const cpu = process.cpuUsage();
        system.knex.on('query', countStatement);
        await openLoop(per / 2, 25, (i) => timedCommand(slice * per + i));
        system.knex.off('query', countStatement);
        const used = process.cpuUsage(cpu);
        underLoad.cpuMicros += used.user + used.system;
        underLoad.commands += per / 2;
        await openLoop(per / 2, 25, (i) => timedBareCommand(slice * per + i));
      }
      ctx.log(
        `under the open loop, per command: ${(underLoad.statements / underLoad.commands).toFixed(1)} statements on the pool, ` +
          `${(underLoad.cpuMicros / 1000 / underLoad.commands).toFixed(1)} ms of the process's CPU (client included)`,
      );
    } finally {
      await bare.close();
    }
    const p99 = percentile(requestTimes, 99);
    const baseP99 = percentile(bareTimes, 99);
    ctx.log(
      `command requests p50 ${ms(percentile(requestTimes, 50))}, p99 ${ms(p99)}; bare express + pg (append and one upsert) p50 ${ms(percentile(bareTimes, 50))}, p99 ${ms(baseP99)}`,
    );
    return {
      figure: 'command end to end (POST /api/claims, PUT …/status), p99 at 50 req/s',
      value: ms(p99),
      baseline: `${ms(baseP99)} bare express+pg`,
      ratio: p99 / baseP99,
      target: '≤ 1.5× bare',
      ok: p99 <= 1.5 * baseP99,
    };
  });
}

/**
 * Statements one command costs, counted on the app's pool: those its two requests send (followed
 * through their asynchronous work), and all of them over a few seconds from its start less the
 * same window with nothing asked (idle subscribers still poll), so the asynchronous projectors that
 * wake for its events are counted too. The median of three commands.
 */
async function statementsPerCommand(system: System, command: (client: TestClient) => Promise<void>) {
  const WINDOW_MS = 2_500;
  const requests = new AsyncLocalStorage<true>();
  const server = await listen((req, res) => requests.run(true, () => system.app(req, res)));
  // A veteran of its own, on the free plan: three claims, one a round.
  const client = new TestClient(server.baseUrl);
  await client.register('bench.counted@example.org');
  const window = async (run: () => Promise<void>) => {
    const seen = { inRequests: 0, all: 0 };
    const count = () => {
      seen.all += 1;
      if (requests.getStore()) seen.inRequests += 1;
    };
    system.knex.on('query', count);
    try {
      await Promise.all([run(), new Promise((resolve) => setTimeout(resolve, WINDOW_MS))]);
    } finally {
      system.knex.off('query', count);
    }
    return seen;
  };
  const inRequests: number[] = [];
  const all: number[] = [];
  try {
    for (let round = 0; round < 3; round++) {
      const idle = await window(async () => undefined);
      const busy = await window(() => command(client));
      inRequests.push(busy.inRequests);
      all.push(busy.all - idle.all);
    }
  } finally {
    await server.close();
  }
  return { inRequests: percentile(inRequests, 50), all: percentile(all, 50) };
}

/**
 * The command baseline: the same two requests over HTTP with the same JSON body parsing, each one
 * `events_append` call (as the store makes it: prepared once per connection) and one upsert into a
 * table of the claims read model's shape, in one transaction; no session, no decision, no read-back.
 */
async function bareCommandServer(knex: Knex) {
  await knex.raw(`
    create table if not exists bench_bare_claims (
      claim_id uuid primary key, user_id uuid not null, condition text not null, condition_type text not null,
      status text not null, note text, filed_at timestamptz not null, updated_at timestamptz not null
    )`);
  const appendAndUpsert = (
    streamId: string,
    type: string,
    data: Record<string, unknown>,
    expected: string,
    upsert: (trx: Knex.Transaction) => Promise<unknown>,
  ) =>
    knex.transaction(async (trx) => {
      const events = [{ event_id: randomUUID(), type, schema_version: 1, data, metadata: { occurredAt: new Date().toISOString() } }];
      // Prepared once per connection under a name of its own, as the store prepares its call.
      const { rows } = (await trx
        .raw('select version, transaction_id, global_position from events_append(?, ?, ?::jsonb)', [
          streamId,
          expected,
          JSON.stringify(events),
        ])
        .options({ name: 'bench_bare_events_append' })) as { rows: { global_position: string }[] };
      await upsert(trx);
      return rows[0]!.global_position;
    });
  const app = express();
  app.use(express.json());
  app.post('/api/claims', async (req, res) => {
    const claimId = randomUUID();
    const user = String(req.headers['x-user']);
    const { condition, conditionType } = req.body as { condition: string; conditionType: string };
    const now = new Date();
    const position = await appendAndUpsert(
      `bare-claim-${claimId}`,
      'BenchClaimFiled',
      { claimId, condition, conditionType },
      'no_stream',
      (trx) =>
        trx.raw(
          `insert into bench_bare_claims (claim_id, user_id, condition, condition_type, status, filed_at, updated_at)
         values (?, ?, ?, ?, 'submitted', ?, ?)
         on conflict (claim_id) do update set condition = excluded.condition, updated_at = excluded.updated_at`,
          [claimId, user, condition, conditionType, now, now],
        ),
    );
    res.status(201).json({ id: claimId, condition, status: 'submitted', position });
  });
  app.put('/api/claims/:id/status', async (req, res) => {
    const claimId = req.params.id;
    const { status, note } = req.body as { status: string; note: string };
    const position = await appendAndUpsert(
      `bare-claim-${claimId}`,
      'BenchClaimStatusChanged',
      { claimId, status, note },
      'stream_exists',
      (trx) =>
        trx.raw(
          `insert into bench_bare_claims (claim_id, user_id, condition, condition_type, status, note, filed_at, updated_at)
         values (?, ?, '', '', ?, ?, now(), now())
         on conflict (claim_id) do update set status = excluded.status, note = excluded.note, updated_at = excluded.updated_at`,
          [claimId, String(req.headers['x-user']), status, note],
        ),
    );
    res.json({ id: claimId, status, position });
  });
  return app;
}

/** The same reads and appends as the app's routes, with none of the gateway (sessions, checks, read-back). */
function bareServer(system: System) {
  const app = express();
  app.use(express.json());
  const userOf = (req: express.Request) => String(req.headers['x-user']);
  const now = () => new Date();
  app.get('/api/dashboard', async (req, res) => void res.json(await dashboard(system.knex, userOf(req), now())));
  app.get('/api/claims', async (req, res) => {
    const query = parseListQuery(req.query as Record<string, unknown>, {
      sortColumns: CLAIM_SORT_COLUMNS,
      defaultSort: { field: 'filedAt', order: 'DESC' },
      filter: z.object({}).strict(),
    });
    res.json((await listClaims(system.knex, userOf(req), query, now())).rows);
  });
  app.get('/api/documents', async (req, res) => {
    const query = parseListQuery(req.query as Record<string, unknown>, {
      sortColumns: DOCUMENT_SORT_COLUMNS,
      defaultSort: { field: 'uploadedAt', order: 'DESC' },
      filter: z.object({}).strict(),
    });
    res.json((await listDocuments(system.knex, userOf(req), query)).rows);
  });
  app.put('/api/claims/:id/status', async (req, res) => {
    const { position } = await system.store.appendToStream(
      `bare-${req.params.id}`,
      [{ type: 'BenchStatus', data: { to: req.body.status, note: req.body.note } }],
      {
        expectedVersion: 'any',
      },
    );
    res.json({ position: String(position.seq) });
  });
  return app;
}

async function mixedLoad(ctx: BenchContext): Promise<BenchRow> {
  return withApp(ctx, async ({ system, baseUrl }) => {
    const users = size(ctx, 50, 10);
    const vets = await veterans(baseUrl, users);
    const claims: string[][] = [];
    for (const { client } of vets) {
      const mine: string[] = [];
      for (let i = 0; i < 3; i++)
        mine.push((await client.post('/api/claims', { condition: `Condition ${i}`, conditionType: 'primary' })).data.id);
      claims.push(mine);
    }
    const cookies = vets.map(({ client }) => client.cookieHeader()!);
    const duration = size(ctx, 30, 3);
    const rate = 200;
    let nextUser = 0;
    let step = 0;
    /** 8 reads and 2 status changes per round, one user per round, users in turn. */
    const load = (target: string, headersFor: (user: number) => Record<string, string>) =>
      autocannon({
        url: target,
        connections: users,
        overallRate: rate,
        duration,
        requests: [
          {
            setupRequest: (req: autocannon.Request, raw: object) => {
              const context = raw as Slot;
              context.user = nextUser++ % users;
              return { ...req, method: 'GET', path: '/api/dashboard', headers: headersFor(context.user) };
            },
          },
          ...['/api/claims', '/api/documents', '/api/dashboard', '/api/claims', '/api/documents', '/api/dashboard', '/api/claims'].map(
            (p) => ({
              setupRequest: (req: autocannon.Request, raw: object) => ({
                ...req,
                method: 'GET' as const,
                path: p,
                headers: headersFor((raw as Slot).user),
              }),
            }),
          ),
          ...[0, 1].map(() => ({
            setupRequest: (req: autocannon.Request, raw: object) => {
              const context = raw as Slot;
              const mine = claims[context.user]!;
              return {
                ...req,
                method: 'PUT' as const,
                path: `/api/claims/${mine[step % mine.length]}/status`,
                headers: { ...headersFor(context.user), 'content-type': 'application/json' },
                body: JSON.stringify({ status: STATUSES[step++ % STATUSES.length], note: 'Called the regional office' }),
              };
            },
          })),
        ],
      });
    const app = await load(baseUrl, (user) => ({ cookie: cookies[user]! }));
    const bare = await listen(bareServer(system));
    let baseline: autocannon.Result;
    try {
      baseline = await load(bare.baseUrl, (user) => ({ 'x-user': vets[user]!.id }));
    } finally {
      await bare.close();
    }
    const failures = (r: autocannon.Result) => r.errors + r.timeouts + r.non2xx;
    ctx.log(
      `mixed load: app ${app.requests.total} requests, p50 ${app.latency.p50} ms, p99 ${app.latency.p99} ms, ${failures(app)} failed; ` +
        `bare ${baseline.requests.total} requests, p50 ${baseline.latency.p50} ms, p99 ${baseline.latency.p99} ms, ${failures(baseline)} failed`,
    );
    if (failures(baseline) > 0) throw new Error(`the bare server failed ${failures(baseline)} requests`);
    return {
      figure: `mixed API load (autocannon ${rate} req/s × ${duration} s, 80 % GET / 20 % commands, ${users} users), p99`,
      value: `${app.latency.p99} ms, ${failures(app)} errors`,
      baseline: `${baseline.latency.p99} ms bare express+pg`,
      ratio: app.latency.p99 / Math.max(1, baseline.latency.p99),
      target: '≤ 1.2× bare, 0 errors',
      ok: app.latency.p99 <= 1.2 * Math.max(1, baseline.latency.p99) && failures(app) === 0,
    };
  });
}

export const apiBench: BenchSuite = {
  name: 'api',
  async run(ctx: BenchContext) {
    return [await commandEndToEnd(ctx), await mixedLoad(ctx)];
  },
};
