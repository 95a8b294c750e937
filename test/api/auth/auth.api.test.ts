import { startTestApp, type TestApp } from '@cc/gateway/testing/testApp';

const PASSWORD = 'correct horse battery';

describe('auth API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'boss@example.org' }, throttle: { perEmail: 5, perAddress: 1000 } });
  });
  afterAll(async () => app.close());

  const expectProblem = (res: { status: number; headers: Headers; data: any }, status: number) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.data).toMatchObject({ status, type: expect.stringMatching(/^\/problems\//), title: expect.any(String) });
  };

  describe('register', () => {
    it('creates a free account, signs it in with an httpOnly SameSite=Lax cookie, and answers the user', async () => {
      const client = app.client();
      const res = await client.post('/api/auth/register', {
        email: ' Vet.One@Example.org ',
        password: PASSWORD,
        firstName: 'Pat',
        lastName: 'Lee',
        ageConfirmed: true,
        termsAccepted: true,
      });
      expect(res.status).toBe(201);
      expect(res.data.user).toMatchObject({
        email: 'vet.one@example.org',
        firstName: 'Pat',
        lastName: 'Lee',
        memberTier: 'free',
        roles: [],
        memberTierData: { tierName: 'free', displayName: 'Free', maxClaims: 3 },
      });
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toMatch(/cc_session=/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);

      const me = await client.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.data).toMatchObject({ id: res.data.user.id, email: 'vet.one@example.org', name: 'Pat Lee' });
    });

    it('keeps the password and the personal data out of the events and the password out of the logs', async () => {
      const client = app.client();
      const user = await client.register('private.person@example.org', 'a very secret phrase', { firstName: 'Secretive' });
      const { events } = await app.system.store.readStream(`user-${user.id}`);
      expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
      const raw = JSON.stringify(events.map((e) => ({ data: e.data, metadata: e.metadata })));
      expect(raw).not.toContain('a very secret phrase');
      expect(raw).not.toContain('private.person@example.org');
      expect(raw).not.toContain('Secretive');
      await client.post('/api/auth/login', { email: 'private.person@example.org', password: 'a very secret phrase' });
      expect(app.logs.join('')).not.toContain('a very secret phrase');
      const stored = await app.system.knex('user_credentials').where({ user_id: user.id }).first();
      expect(stored.password_hash).toMatch(/^scrypt\$/);
      expect(stored.password_hash).not.toContain('a very secret phrase');
    });

    it('refuses a malformed e-mail and a short password, naming each field', async () => {
      const res = await app.client().post('/api/auth/register', { email: 'not-an-email', password: 'short' });
      expectProblem(res, 400);
      expect(res.data.errors).toEqual(
        expect.arrayContaining([
          { field: 'email', message: 'Enter a valid e-mail address' },
          { field: 'password', message: 'Password must be at least 10 characters' },
        ]),
      );
      const count = await app.system.knex('user_credentials').where({ email: 'not-an-email' }).count('* as n');
      expect(Number(count[0]!.n)).toBe(0);
    });

    it('refuses a second account with the same e-mail (any case) and keeps the first intact', async () => {
      const first = await app.client().register('twice@example.org');
      const res = await app.client().post('/api/auth/register', {
        email: 'TWICE@example.org',
        password: 'another password here',
        ageConfirmed: true,
        termsAccepted: true,
      });
      expectProblem(res, 409);
      expect(res.data.detail).toMatch(/already exists/);
      const login = await app.client().post('/api/auth/login', { email: 'twice@example.org', password: PASSWORD });
      expect(login.status).toBe(200);
      expect(login.data.user.id).toBe(first.id);
    });

    it('refuses a body that is not JSON, and JSON that does not parse', async () => {
      const form = await app.client().request('POST', '/api/auth/register', {
        body: 'email=a%40b.org&password=xxxxxxxxxxxx',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectProblem(form, 415);
      const broken = await app
        .client()
        .request('POST', '/api/auth/register', { body: '{"email":', headers: { 'content-type': 'application/json' } });
      expectProblem(broken, 400);
      expect(broken.data.detail).toMatch(/not valid JSON/);
    });

    it('refuses to register an e-mail listed in ADMIN_EMAILS: it is reserved for the administrator', async () => {
      const res = await app
        .client()
        .post('/api/auth/register', { email: 'Boss@Example.org', password: PASSWORD, ageConfirmed: true, termsAccepted: true });
      expectProblem(res, 409);
      expect(res.data.detail).toMatch(/reserved for an administrator/);
      expect(await app.system.knex('user_credentials').where({ email: 'boss@example.org' })).toHaveLength(0);
    });
  });

  describe('login', () => {
    beforeAll(async () => {
      await app.client().register('login.user@example.org');
    });

    it('signs in with the right password', async () => {
      const client = app.client();
      const res = await client.post('/api/auth/login', { email: 'LOGIN.user@example.org', password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.data.user.email).toBe('login.user@example.org');
      expect((await client.get('/api/auth/user')).status).toBe(200);
    });

    it('refuses an e-mail longer than any address with 400 (was: 500, the failure could not be counted)', async () => {
      const res = await app.client().post('/api/auth/login', { email: 'x'.repeat(900_000), password: PASSWORD });
      expectProblem(res, 400);
      expect(res.data.errors).toEqual([{ field: 'email', message: 'E-mail must be at most 320 characters' }]);
    });

    it('answers 401 problem details for a wrong password or an unknown e-mail, and sets no session', async () => {
      const client = app.client();
      const wrong = await client.post('/api/auth/login', { email: 'login.user@example.org', password: 'wrong password!' });
      expectProblem(wrong, 401);
      expect(wrong.data.detail).toBe('Incorrect e-mail or password.');
      const unknown = await client.post('/api/auth/login', { email: 'nobody@example.org', password: PASSWORD });
      expectProblem(unknown, 401);
      expect(client.hasSession()).toBe(false);
      await app.system.knex('login_failures').del();
    });

    it('refuses a login without fields', async () => {
      const res = await app.client().post('/api/auth/login', {});
      expectProblem(res, 400);
      expect(res.data.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password']);
    });

    it('throttles repeated failures for one e-mail with 429 and Retry-After, even for the right password', async () => {
      await app.client().register('target@example.org');
      const client = app.client();
      for (let i = 0; i < 5; i++) {
        const res = await client.post('/api/auth/login', { email: 'target@example.org', password: `guess number ${i}` });
        expect(res.status).toBe(401);
      }
      const blocked = await client.post('/api/auth/login', { email: 'target@example.org', password: PASSWORD });
      expectProblem(blocked, 429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.data.detail).toMatch(/Too many failed sign-in attempts/);
      // Other accounts are not affected.
      expect((await client.post('/api/auth/login', { email: 'login.user@example.org', password: PASSWORD })).status).toBe(200);
    });
  });

  describe('sessions', () => {
    it('answers 401 problem details to a request without a session', async () => {
      const res = await app.client().get('/api/auth/user');
      expectProblem(res, 401);
    });

    it('ignores a forged session cookie', async () => {
      const res = await app.client().get('/api/auth/user', { cookie: 'cc_session=forged-token' });
      expectProblem(res, 401);
    });

    it('signs out with GET /api/logout: redirects to / and the session stops working', async () => {
      const client = app.client();
      await client.register('leaving@example.org');
      const cookieBefore = (await client.get('/api/auth/user')).status;
      expect(cookieBefore).toBe(200);
      const out = await client.get('/api/logout');
      expect(out.status).toBe(302);
      expect(out.headers.get('location')).toBe('/');
      expect((await client.get('/api/auth/user')).status).toBe(401);
      expect(
        await app.system
          .knex('sessions')
          .whereIn('user_id', app.system.knex('user_credentials').where({ email: 'leaving@example.org' }).select('user_id')),
      ).toHaveLength(0);
    });

    it('sends GET /api/login to the sign-in page when no OpenID provider is configured', async () => {
      const res = await app.client().get('/api/login');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/login');
    });
  });

  describe('CSRF', () => {
    it('refuses a cross-origin POST and registers nothing', async () => {
      const res = await app
        .client()
        .post('/api/auth/register', { email: 'csrf@example.org', password: PASSWORD }, { origin: 'https://evil.example' });
      expectProblem(res, 403);
      expect(await app.system.knex('user_credentials').where({ email: 'csrf@example.org' })).toHaveLength(0);
    });

    it('refuses a cross-site request flagged by the browser', async () => {
      const res = await app
        .client()
        .post('/api/auth/login', { email: 'x@example.org', password: PASSWORD }, { 'sec-fetch-site': 'cross-site' });
      expectProblem(res, 403);
    });

    it('accepts a same-origin POST', async () => {
      const res = await app
        .client()
        .post(
          '/api/auth/register',
          { email: 'same@example.org', password: PASSWORD, ageConfirmed: true, termsAccepted: true },
          { origin: app.baseUrl, 'sec-fetch-site': 'same-origin' },
        );
      expect(res.status).toBe(201);
    });
  });
});

describe('the API edge', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app.close());

  it('answers an unknown API path with a 404 problem, not the web page', async () => {
    const res = await app.client().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.data.detail).toBe('There is no GET /api/no-such-thing.');
  });

  it('refuses a body over 1 MB with a 413 problem', async () => {
    const res = await app.client().post('/api/auth/login', { email: 'big@example.org', password: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.data).toMatchObject({ status: 413, detail: 'The request body is too large.' });
  });

  it('sends security headers and a correlation id with every answer', async () => {
    const res = await app.client().get('/api/health', { 'x-correlation-id': 'trace-123' });
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const api = await app.client().get('/api/member-tiers', { 'x-correlation-id': 'trace-123' });
    expect(api.headers.get('x-correlation-id')).toBe('trace-123');
  });
});

describe('secure cookies behind HTTPS', () => {
  it('marks the session cookie Secure when the proxy says the request came over HTTPS', async () => {
    const app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const res = await app
        .client()
        .post(
          '/api/auth/register',
          { email: 'https@example.org', password: PASSWORD, ageConfirmed: true, termsAccepted: true },
          { 'x-forwarded-proto': 'https' },
        );
      expect(res.status).toBe(201);
      expect(res.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    } finally {
      await app.close();
    }
  });
});
