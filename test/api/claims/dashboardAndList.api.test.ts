import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from '@cc/platform';
import { lockProjection } from '@cc/projection-service/runner/projectionLock';
import { startTestApp, TestClient, type TestApp } from '@cc/gateway/testing/testApp';

const BEHIND = 'read models are behind';

/**
 * The dashboard and the claims list read only views kept in the append's transaction (the claims,
 * activities, documents and the user's profile): after a command they wait for no asynchronous
 * projector, and still show what the command did.
 */
describe('the dashboard and the claims list after a command', () => {
  let app: TestApp;
  let vet: TestClient;
  let release: () => void = () => undefined;
  let holder: Promise<void> | undefined;

  beforeAll(async () => {
    // A wait that cannot end times out quickly and says so in the log. The notifications worker,
    // which waits for every read model before it reads the user, stays off.
    app = await startTestApp({ readYourWritesTimeoutMs: 500, notificationsWorker: false });
    vet = app.client();
    await vet.register('lists.vet@example.org', undefined, { firstName: 'Lena', lastName: 'Ostrowski' });
    // Running, but stalled: every asynchronous projector waits for its lock, so a wait for any of them could only time out.
    const { runner } = app.system.projections;
    const asynchronous = runner.projectors.map((p) => p.name).filter((name) => !runner.isInline(name));
    let held: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (held = resolve));
    holder = app.system.knex.transaction(async (trx: Knex.Transaction) => {
      for (const name of asynchronous) await lockProjection(trx, name);
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
  });
  afterAll(async () => {
    release();
    await holder;
    await app.close();
  });

  it('show a status change in the very next GET, with every asynchronous projector stalled, and wait for none', async () => {
    const filed = await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' });
    expect(filed.status).toBe(201);
    const claimId = filed.data.id as string;
    expect((await vet.put(`/api/claims/${claimId}/status`, { status: 'evidence_review' })).status).toBe(200);

    const list = await vet.get('/api/claims');
    expect(list.status).toBe(200);
    expect(list.data).toEqual([expect.objectContaining({ id: claimId, status: 'evidence_review' })]);

    const dashboard = await vet.get('/api/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.data).toMatchObject({
      user: { firstName: 'Lena' },
      stats: { activeClaims: 1 },
      recentClaims: [expect.objectContaining({ id: claimId, status: 'evidence_review' })],
      usage: { claims: { used: 1 } },
    });
    expect(dashboard.data.recentActivities.length).toBeGreaterThan(0);

    expect(app.logs.filter((line) => line.includes(BEHIND))).toEqual([]);
  });
});

describe("the dashboard's and the claims list's statements", () => {
  let app: TestApp;
  let server: http.Server;
  let vet: TestClient;
  /**
   * Marks the statements a request sends with its method and path. Work an earlier request left for
   * later (a NOTIFY held for its next append) runs in that request's context, so a GET counts only
   * what carries its own mark.
   */
  const requests = new AsyncLocalStorage<string>();
  const sentBy = (method: string) => requests.getStore()?.startsWith(`${method} `) ?? false;

  beforeAll(async () => {
    app = await startTestApp();
    server = http.createServer((req, res) => requests.run(`${req.method} ${req.url}`, () => app.system.app(req, res)));
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    vet = new TestClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    await vet.register('dashboard.statements@example.org', undefined, { firstName: 'Dario' });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.close();
  });

  it("reads the user's profile once, with the session, and greets them from it", async () => {
    const reads: string[] = [];
    const seen = (query: { sql: string }) => {
      if (sentBy('GET') && /\buser_profiles\b/.test(query.sql)) reads.push(query.sql);
    };
    app.system.knex.on('query', seen);
    let answer: { status: number; data: any } | undefined;
    try {
      answer = await vet.get('/api/dashboard');
    } finally {
      app.system.knex.off('query', seen);
    }
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ user: { firstName: 'Dario' }, usage: { claims: { used: 0, limit: 3, remaining: 3 } } });
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/from sessions/);
  });

  it('reads a page of the claims list and its total in one statement, and counts a page past the end on its own', async () => {
    for (const condition of ['Tinnitus', 'Knee strain'])
      expect((await vet.post('/api/claims', { condition, conditionType: 'primary' })).status).toBe(201);
    const page = (range: [number, number]) =>
      `/api/claims?${new URLSearchParams({ sort: JSON.stringify(['condition', 'ASC']), range: JSON.stringify(range) })}`;
    const reads: string[] = [];
    const seen = (query: { sql: string }) => {
      if (sentBy('GET') && !/\bsessions\b/.test(query.sql)) reads.push(query.sql);
    };
    app.system.knex.on('query', seen);
    try {
      const first = await vet.get(page([0, 0]));
      expect(first.status).toBe(200);
      expect(first.data).toEqual([expect.objectContaining({ condition: 'Knee strain' })]);
      expect(first.headers.get('content-range')).toBe('claims 0-0/2');
      expect(reads).toHaveLength(1);
      reads.length = 0;
      const past = await vet.get(page([5, 9]));
      expect(past.data).toEqual([]);
      expect(past.headers.get('content-range')).toBe('claims 5-5/2');
      expect(reads).toHaveLength(2);
    } finally {
      app.system.knex.off('query', seen);
    }
  });
});
