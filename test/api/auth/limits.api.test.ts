import { createTestDatabase } from '@cc/platform/testing/database';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

/*
 * Limits on what costs a password hash: sign-ups and sign-ins per client address (in PostgreSQL, so
 * every process of the app shares them), and the bounded hashing queue behind them.
 */

const PASSWORD = 'correct horse battery';

const expectProblem = (res: { status: number; headers: Headers; data: any }, status: number) => {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.data).toMatchObject({
    status,
    type: expect.stringMatching(/^\/problems\//),
    title: expect.any(String),
    detail: expect.any(String),
  });
};

/** A client behind the proxy: TRUST_PROXY=true trusts the one hop in front, which appends the address it saw. */
const from = (client: TestClient, address: string, written?: string) => ({
  register: (email: string) =>
    client.post(
      '/api/auth/register',
      { email, password: PASSWORD, ageConfirmed: true, termsAccepted: true },
      { 'x-forwarded-for': written ? `${written}, ${address}` : address },
    ),
  login: (email: string, password = PASSWORD) =>
    client.post('/api/auth/login', { email, password }, { 'x-forwarded-for': written ? `${written}, ${address}` : address }),
});

let counter = 0;
const unique = (name: string) => `${name}.${++counter}@example.org`;

describe('sign-ups and sign-ins per client address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' } });
  });
  beforeEach(async () => {
    await app.system.knex('rate_limits').del();
    await app.system.knex('login_failures').del();
  });
  afterAll(async () => app.close());

  it('allows the limit, then answers 429 with Retry-After; sign-ups and sign-ins share one budget', async () => {
    const client = from(app.client(), '203.0.113.10');
    const email = unique('first');
    expect((await client.register(email)).status).toBe(201);
    expect((await client.login(email)).status).toBe(200);
    expect((await client.login(unique('nobody'))).status).toBe(401);

    const refused = await client.register(unique('fourth'));
    expectProblem(refused, 429);
    // 3 a minute: the next one is allowed again within 20 s.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(20);
    expect(refused.data.retryAfter).toBe(retryAfter);
    expect(refused.data.detail).toMatch(/Too many attempts/);
    expectProblem(await client.login(email), 429);
    // A refused sign-up made nothing.
    expect(await app.system.knex('user_credentials').where('email', 'like', 'fourth.%')).toHaveLength(0);
  });

  it('counts each address on its own', async () => {
    const busy = from(app.client(), '203.0.113.20');
    for (let i = 0; i < 3; i++) expect((await busy.login(unique('nobody'))).status).toBe(401);
    expectProblem(await busy.login(unique('nobody')), 429);
    expect((await from(app.client(), '203.0.113.21').register(unique('neighbour'))).status).toBe(201);
  });

  it('cannot be dodged by writing another address into X-Forwarded-For', async () => {
    const client = app.client();
    for (let i = 0; i < 3; i++) expect((await from(client, '203.0.113.30', `198.51.100.${i}`).login(unique('nobody'))).status).toBe(401);
    expectProblem(await from(client, '203.0.113.30', '198.51.100.99').login(unique('nobody')), 429);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (const host of ['1', '2', '3'])
      expect((await from(app.client(), `2001:db8:5:6::${host}`).login(unique('nobody'))).status).toBe(401);
    expectProblem(await from(app.client(), '2001:db8:5:6:ffff::4').login(unique('nobody')), 429);
    expect((await from(app.client(), '2001:db8:5:7::1').login(unique('nobody'))).status).toBe(401);
  });

  it('keeps the per-account failure throttle under the address limit', async () => {
    await app.system.knex('login_failures').del();
    const email = unique('target');
    expect((await from(app.client(), '203.0.113.40').register(email)).status).toBe(201);
    for (let i = 0; i < 5; i++) {
      await app.system.knex('rate_limits').del();
      expect((await from(app.client(), `203.0.113.${50 + i}`).login(email, `guess ${i}`)).status).toBe(401);
    }
    const blocked = await from(app.client(), '203.0.113.60').login(email);
    expectProblem(blocked, 429);
    expect(blocked.data.detail).toMatch(/Too many failed sign-in attempts/);
  });
});

describe('the per-address limit', () => {
  it('holds a refusal for a second before answering, so a client that ignores Retry-After cannot loop fast', async () => {
    const app = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1' }, refusalPauseMs: undefined });
    try {
      expect((await app.client().post('/api/auth/login', { email: unique('nobody'), password: PASSWORD })).status).toBe(401);
      const started = performance.now();
      const refused = await app.client().post('/api/auth/login', { email: unique('nobody'), password: PASSWORD });
      expect(refused.status).toBe(429);
      expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    } finally {
      await app.close();
    }
  });

  it('is off with AUTH_IP_LIMIT_PER_MINUTE=0', async () => {
    const app = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '0' } });
    try {
      const client = app.client();
      for (let i = 0; i < 8; i++)
        expect((await client.post('/api/auth/login', { email: unique('nobody'), password: PASSWORD })).status).toBe(401);
      expect(await app.system.knex('rate_limits')).toHaveLength(0);
    } finally {
      await app.close();
    }
  });

  it('holds across processes: two apps on one database share each address’s budget', async () => {
    const db = await createTestDatabase('limits');
    await (await startTestApp({ databaseUrl: db.url })).close();
    const env = { AUTH_IP_LIMIT_PER_MINUTE: '4' };
    const apps = await Promise.all([startTestApp({ databaseUrl: db.url, env }), startTestApp({ databaseUrl: db.url, env })]);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await apps[i % 2]!.client().post('/api/auth/login', { email: unique('nobody'), password: PASSWORD });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      for (const app of apps) await app.close();
      await db.drop();
    }
  });
});

describe('the password hashing queue over HTTP', () => {
  /** Holds `count` hashing slots of `lane` until released, as hashes in progress would. */
  function occupy(app: TestApp, lane: 'sign-in' | 'sign-up', count: number) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const jobs = Array.from({ length: count }, () => app.system.hashes.run(lane, () => held));
    return async () => {
      release();
      await Promise.all(jobs);
    };
  }

  it('answers 503 with Retry-After when the queue is full, for sign-ups and for known and unknown sign-ins alike', async () => {
    const app = await startTestApp({ hashing: { concurrency: 1, maxWaiting: 0 } });
    try {
      await app.client().register('known@example.org');
      const release = occupy(app, 'sign-in', 1);
      const signUp = await app
        .client()
        .post('/api/auth/register', { email: 'waiting@example.org', password: PASSWORD, ageConfirmed: true, termsAccepted: true });
      expectProblem(signUp, 503);
      expect(Number(signUp.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await app.system.knex('user_credentials').where({ email: 'waiting@example.org' })).toHaveLength(0);
      for (const email of ['known@example.org', 'unknown@example.org']) {
        const signIn = await app.client().post('/api/auth/login', { email, password: PASSWORD });
        expectProblem(signIn, 503);
        expect(signIn.headers.get('retry-after')).toMatch(/^\d+$/);
      }
      // A refused sign-in is not a failed one: it does not count towards the account's throttle.
      expect(await app.system.knex('login_failures')).toHaveLength(0);

      await release();
      expect(
        (
          await app
            .client()
            .post('/api/auth/register', { email: 'waiting@example.org', password: PASSWORD, ageConfirmed: true, termsAccepted: true })
        ).status,
      ).toBe(201);
      expect((await app.client().post('/api/auth/login', { email: 'known@example.org', password: PASSWORD })).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('keeps a slot for sign-ins however many sign-ups are waiting', async () => {
    const app = await startTestApp({ hashing: { concurrency: 2, maxWaiting: 0 } });
    try {
      await app.client().register('member@example.org');
      const release = occupy(app, 'sign-up', 1);
      expectProblem(
        await app
          .client()
          .post('/api/auth/register', { email: 'another@example.org', password: PASSWORD, ageConfirmed: true, termsAccepted: true }),
        503,
      );
      expect((await app.client().post('/api/auth/login', { email: 'member@example.org', password: PASSWORD })).status).toBe(200);
      await release();
    } finally {
      await app.close();
    }
  });

  it('hashes once, in the sign-in lane, for a known and for an unknown address', async () => {
    const app = await startTestApp();
    try {
      await app.client().register('counted@example.org');
      const before = app.system.hashes.stats().done;
      expect((await app.client().post('/api/auth/login', { email: 'counted@example.org', password: PASSWORD })).status).toBe(200);
      const afterKnown = app.system.hashes.stats().done;
      expect(afterKnown).toEqual({ 'sign-in': before['sign-in'] + 1, 'sign-up': before['sign-up'] });
      expect((await app.client().post('/api/auth/login', { email: 'stranger@example.org', password: PASSWORD })).status).toBe(401);
      expect(app.system.hashes.stats().done).toEqual({ 'sign-in': afterKnown['sign-in'] + 1, 'sign-up': afterKnown['sign-up'] });
    } finally {
      await app.close();
    }
  });
});
