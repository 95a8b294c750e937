import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { streams } from '@cc/contracts';
import { comparePositions, parsePosition, PostgresEventStore } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { dumpTables, freshBuild, readModelTables } from '../../gateway/src/testing/readModels';
import { postStream } from '../../gateway/src/testing/sseClient';
import { TestClient } from '../../gateway/src/testing/testApp';
import { freePort, SECRET, splitServicesEnv, startService, until, type ServiceProcess } from './processes';

/**
 * The split topology on this machine (docs/decisions/topology.md): every service its own Node process, started
 * as `npm run start -w <service>` starts it, all on one embedded PostgreSQL; two projection services
 * and two ai-workers.
 */
const root = path.resolve(__dirname, '../..');
const LETTER = readFileSync(path.join(root, 'ai-worker/corpus/nexus-gerd-secondary-nsaids.txt'), 'utf8');
const HEADERS_TIMEOUT_MS = 2000;

/** Opens a connection and sends a request head one byte every 100 ms; resolves with how long until the server closed it. */
function slowLoris(port: number): Promise<number> {
  const opened = Date.now();
  // Half-open allowed: only the server closing the connection ends it.
  const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  socket.on('error', () => undefined);
  const head = `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(600)}\r\n\r\n`;
  socket.once('connect', () => {
    let at = 0;
    const timer = setInterval(() => (socket.destroyed || at >= head.length ? clearInterval(timer) : socket.write(head[at++]!)), 100);
  });
  return new Promise((resolve) => socket.on('close', () => resolve(Date.now() - opened)));
}

describe('one process per service', () => {
  let db: TestDatabase;
  let dataDir: string;
  const services: ServiceProcess[] = [];
  let gateway: ServiceProcess;
  let commandService: ServiceProcess;
  let baseUrl: string;

  beforeAll(async () => {
    db = await createTestDatabase('topology');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-topology-'));
    const ports = { command: await freePort(), ai1: await freePort(), ai2: await freePort(), billing: await freePort() };
    const env = {
      ...splitServicesEnv({
        databaseUrl: db.url,
        dataDir,
        secret: SECRET,
        ports: { command: ports.command, ai: ports.ai1, billing: ports.billing },
        adminEmail: 'topology.admin@example.org',
      }),
      // Short, so the slow-loris check below takes seconds (the default is 10 s).
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    };
    // The command service first: it migrates the empty database (the others would wait for it anyway).
    commandService = startService('command-service', ports.command, env);
    services.push(commandService);
    await commandService.saw('"msg":"ready"');
    services.push(
      startService('projection-service', await freePort(), env),
      startService('projection-service', await freePort(), env),
      startService('ai-worker', ports.ai1, env),
      startService('ai-worker', ports.ai2, env),
      startService('billing-service', ports.billing, env),
      startService('notification-service', await freePort(), env),
    );
    gateway = startService('gateway', await freePort(), env);
    services.push(gateway);
    await Promise.all(services.map((s) => s.saw('"msg":"ready"', 1, 90_000)));
    baseUrl = `http://127.0.0.1:${gateway.port}`;
  }, 120_000);

  afterAll(async () => {
    for (const service of services) if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGTERM');
    await Promise.all(services.map((s) => s.exited));
    await db?.drop().catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  });

  it('refuses calls to a service that do not come from the gateway', async () => {
    const direct = await fetch(`http://127.0.0.1:${commandService.port}/api/claims`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(direct.status).toBe(401);
    expect(direct.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const internal = await fetch(`http://127.0.0.1:${commandService.port}/internal/commands`, { method: 'POST', body: '{}' });
    expect(internal.status).toBe(401);
  });

  it("cuts off a slow-loris sender at every service's own server, not only at the gateway", async () => {
    const closedAfter = await Promise.all(services.map((service) => slowLoris(service.port)));
    // Each well before the head (60 s at one byte per 100 ms) could have arrived.
    for (const ms of closedAfter) expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + 3000);
  });

  /** Registers someone who then pays for Basic in test mode; answers the payment's answer. */
  async function payForBasic(email: string) {
    const payer = new TestClient(baseUrl);
    const user = await payer.register(email);
    const started = await payer.post('/api/billing/checkout', { tierName: 'basic', cycle: 'monthly' });
    expect(started.status).toBe(200);
    const checkout = new URL(started.data.url as string, baseUrl);
    const paid = await payer.post('/api/billing/test-mode/pay', {
      clientSecret: checkout.searchParams.get('client_secret'),
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    });
    return { payer, user, paid, subscriptionId: checkout.searchParams.get('subscription_id')! };
  }

  it('a test-mode payment made in the billing service reads back its new tier at once', async () => {
    const { payer, user, paid, subscriptionId } = await payForBasic('topology.payer@example.org');
    expect(paid.status).toBe(200);
    expect(paid.data.status).toBe('succeeded');
    expect((await payer.get('/api/auth/user')).data.memberTier).toBe('basic');
    // Not luck: the billing service's answer carried the position the payment reached (through the
    // internal command call) and the gateway put it in the session, so that read waited for it.
    const store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    const activated = (await store.readStream(streams.subscription(subscriptionId))).events.find((e) => e.type === 'SubscriptionActivated');
    expect(activated).toBeDefined();
    const session = await db.knex('sessions').where({ user_id: user.id }).first('last_position');
    const remembered = parsePosition(session?.last_position as string | null);
    expect(remembered).toBeDefined();
    expect(comparePositions(remembered!, activated!.position)).toBeGreaterThanOrEqual(0);
  });

  it("support retries a parked worker event from the gateway; the worker's own process runs it", async () => {
    const { subscriptionId } = await payForBasic('topology.parked@example.org');
    const store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    const activated = (await store.readStream(streams.subscription(subscriptionId))).events.find(
      (e) => e.type === 'SubscriptionActivated',
    )!;
    // Parked as the tier worker (billing service) parks an event it kept failing on.
    const park = async (eventId: string, subscription = 'worker:subscription-tier') =>
      (
        await db
          .knex('subscription_dead_letters')
          .insert({
            subscription,
            event_id: eventId,
            stream_id: activated.streamId,
            type: activated.type,
            tx_id: db.knex.raw('?::xid8', [activated.position.txId.toString()]),
            seq: activated.position.seq.toString(),
            attempts: 5,
            error: 'Error: provider down',
          })
          .returning(db.knex.raw('id::text as id'))
      )[0].id as string;
    const admin = new TestClient(baseUrl);
    await admin.signIn('topology.admin@example.org');
    const billing = services.find((s) => s.name === 'billing-service')!;

    const letter = await park(activated.id);
    const handled = await admin.post(`/api/staff/dead-letters/${letter}/retry`, {});
    expect(handled).toMatchObject({ status: 200, data: { id: letter, outcome: 'handled' } });
    await billing.saw('dead-letter retry handled', 1, 5000);
    expect((await admin.get(`/api/staff/dead-letters/${letter}`)).status).toBe(404);

    // An event the worker cannot run: it fails again in the billing service and stays parked.
    const unreadable = await park('00000000-0000-4000-8000-000000000016');
    const failed = await admin.post(`/api/staff/dead-letters/${unreadable}/retry`, {});
    expect(failed.status).toBe(422);
    expect(failed.data).toMatchObject({ type: '/problems/retry-failed', detail: expect.stringContaining('no longer readable') });
    expect((await admin.get(`/api/staff/dead-letters/${unreadable}`)).data).toMatchObject({ attempts: 6 });

    // Nobody runs this subscriber: refused as before.
    const orphan = await park(activated.id, 'worker:retired-worker');
    expect((await admin.post(`/api/staff/dead-letters/${orphan}/retry`, {})).status).toBe(409);

    const log = await admin.get(
      `/api/staff/events?filter=${encodeURIComponent(JSON.stringify({ type: 'DeadLetterRetried' }))}&sort=${encodeURIComponent(JSON.stringify(['position', 'ASC']))}`,
    );
    expect(log.data.map((e: { streamId: string; data: { outcome: string } }) => [e.streamId, e.data.outcome])).toEqual([
      [`dead-letter-${letter}`, 'handled'],
      [`dead-letter-${unreadable}`, 'failed'],
    ]);
  });

  it('registers, files a claim, uploads and analyzes ten documents over two ai-workers, chats, and survives losing a projection service', async () => {
    const vet = new TestClient(baseUrl);
    const user = await vet.register('topology.vet@example.org');
    const admin = new TestClient(baseUrl);
    await admin.signIn('topology.admin@example.org');
    expect((await admin.put(`/api/users/${user.id}/tier`, { tierName: 'pro' })).status).toBe(200);

    // A command through the gateway, then read back at once (read-your-writes across processes).
    const filed = await vet.post('/api/claims', { condition: 'GERD', conditionType: 'primary' });
    expect(filed.status).toBe(201);
    const claimId = filed.data.id as string;
    expect((await vet.get(`/api/claims/${claimId}`)).data).toMatchObject({ id: claimId, condition: 'GERD' });
    expect((await vet.get('/api/claims')).data.map((c: { id: string }) => c.id)).toContain(claimId);

    // Uploads stream through the gateway to the command service.
    const documentIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const address = (await vet.post('/api/objects/upload', {})).data.uploadURL as string;
      expect((await vet.request('PUT', address, { body: LETTER, headers: { 'content-type': 'text/plain' } })).status).toBeLessThan(300);
      const document = await vet.put('/api/documents', { documentURL: address, fileName: `gerd letter ${i}.txt`, fileType: 'text/plain' });
      expect(document.status).toBeLessThan(300);
      documentIds.push(document.data.id as string);
    }
    const first = await until(
      () => vet.post(`/api/documents/${documentIds[0]}/analyze`, { analysisType: 'nexus-letter' }),
      (r) => r.status !== 403,
      'the pro tier',
    );
    expect(first.status).toBe(200);
    expect(first.data.analysisResult).toMatchObject({ analysisType: 'nexus-letter' });

    // The projection service holding the lease dies mid-run; the other takes over.
    const projectionServices = services.filter((s) => s.name === 'projection-service');
    const holder = projectionServices.find((s) => s.count('projections lease taken') > 0)!;
    const standby = projectionServices.find((s) => s !== holder)!;
    expect(holder).toBeDefined();
    expect(standby.count('projections lease taken')).toBe(0);
    const analyses = Promise.all(
      documentIds.slice(1).map((id) => vet.post(`/api/documents/${id}/analyze`, { analysisType: 'nexus-letter' })),
    );
    holder.child.kill('SIGKILL');
    expect(await holder.exited).toBe('SIGKILL');
    await standby.saw('projections lease taken', 1, 30_000);
    expect((await analyses).every((r) => r.status === 200 || r.status === 202)).toBe(true);

    const statuses = () =>
      Promise.all(documentIds.map(async (id) => (await vet.get(`/api/documents/${id}`)).data.processingStatus as string));
    await until(statuses, (s) => s.every((status) => status === 'completed'), 'ten completed analyses');

    // Ten results, none twice: one answer per document, one engine run per analysis, across both workers.
    const store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    for (const id of documentIds) {
      const types = (await store.readStream(streams.document(id))).events.map((e) => e.type);
      expect(types).toEqual(['DocumentRegistered', 'DocumentAnalysisRequested', 'DocumentAnalysisCompleted']);
    }
    const workers = services.filter((s) => s.name === 'ai-worker');
    const ran = workers.map((w) => w.count('"outcome":"completed"'));
    expect(ran[0]! + ran[1]!).toBe(10);
    expect(Math.min(...ran)).toBeGreaterThan(0);

    // The chat's answer streams (SSE) from the ai-worker through the gateway.
    const session = (await vet.post('/api/ai-chat/sessions')).data as { id: string };
    const chat = await postStream(baseUrl, vet, `/api/ai-chat/sessions/${session.id}/messages/stream`, {
      content: 'What is an Intent to File?',
    });
    expect(chat.events.at(-1)).toMatchObject({ type: 'done' });
    expect((await vet.get(`/api/ai-chat/sessions/${session.id}/messages`)).data.length).toBeGreaterThanOrEqual(2);

    // Nothing lost or applied twice: the read models equal a fresh build from the same events.
    const head = await store.headPosition();
    const names = (await db.knex('subscription_checkpoints').where('name', 'like', 'projection:%').select('name')).map(
      (r: { name: string }) => r.name,
    );
    await until(
      async () =>
        (
          await db
            .knex('subscription_checkpoints')
            .whereIn('name', names)
            .andWhereRaw('(tx_id, seq) >= (?::xid8, ?::bigint)', [head.txId.toString(), head.seq.toString()])
            .count<{ count: string }[]>('* as count')
        )[0]!.count,
      (count) => Number(count) === names.length,
      'the projectors to catch up',
    );
    expect(await dumpTables(db.knex, readModelTables())).toEqual(await freshBuild(db.knex));
  }, 150_000);
});
