import { createTestDatabase } from '@cc/platform/testing/database';
import { startTestApp, type TestApp } from '@cc/gateway/testing/testApp';

/*
 * How the first administrator is made: never by registering first with an ADMIN_EMAILS address.
 * With ADMIN_PASSWORD the account is made at start; without it the address is reserved.
 */

const ADMIN_PASSWORD = 'the first admin password';

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

describe('ADMIN_EMAILS without ADMIN_PASSWORD', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'chief@example.org, second@example.org' } });
  });
  afterAll(async () => app.close());

  it('says at start how to set the administrator up', () => {
    const warning = app.logs.find((line) => line.includes('ADMIN_PASSWORD is not set'));
    expect(warning).toBeDefined();
    expect(warning).toContain('chief@example.org');
    expect(warning).toContain('second@example.org');
    expect(warning).toContain('npm run admin -- grant <email> administrators');
  });

  it('refuses to register a listed address, in any case, with 409, and creates nothing', async () => {
    for (const email of ['chief@example.org', ' CHIEF@Example.org ']) {
      const client = app.client();
      const res = await client.post('/api/auth/register', {
        email,
        password: 'someone else entirely',
        ageConfirmed: true,
        termsAccepted: true,
      });
      expectProblem(res, 409);
      expect(res.data.detail).toMatch(/reserved for an administrator/);
      expect(client.hasSession()).toBe(false);
    }
    expect(await app.system.knex('user_credentials').where({ email: 'chief@example.org' })).toHaveLength(0);
    expect(await app.system.knex('user_profiles').where({ email: 'chief@example.org' })).toHaveLength(0);
    expect((await app.client().post('/api/auth/login', { email: 'chief@example.org', password: 'someone else entirely' })).status).toBe(
      401,
    );
  });

  it('lets everyone else register as Free, as before', async () => {
    const user = await app.client().register('ordinary@example.org');
    expect(user.memberTier).toBe('free');
  });
});

describe('ADMIN_EMAILS with ADMIN_PASSWORD', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'Chief@Example.org', ADMIN_PASSWORD } });
  });
  afterAll(async () => app.close());

  it('creates the account at start as administrator, ready to sign in with that password', async () => {
    const client = app.client();
    const res = await client.post('/api/auth/login', { email: 'chief@example.org', password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.data.user).toMatchObject({ email: 'chief@example.org', memberTier: 'administrators', roles: ['administrator'] });
    // An administrator's power, over HTTP.
    const someone = await app.client().register('member@example.org');
    const changed = await client.put(`/api/users/${someone.id}/tier`, { tierName: 'pro' });
    expect(changed.status).toBe(200);
  });

  it('stores the password hashed like any other, and never in events or logs', async () => {
    const row = await app.system.knex('user_credentials').where({ email: 'chief@example.org' }).first();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(ADMIN_PASSWORD);
    const { events } = await app.system.store.readStream(`user-${row.user_id}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
    expect(events[0]!.data).toMatchObject({ memberTier: 'administrators', authMethod: 'password' });
    // Made by whoever started the app, not by a request.
    expect(events[0]!.metadata.operator).toMatch(/.+@.+/);
    expect(JSON.stringify(events.map((e) => ({ data: e.data, metadata: e.metadata })))).not.toContain(ADMIN_PASSWORD);
    expect(app.logs.join('')).not.toContain(ADMIN_PASSWORD);
    expect(app.logs.join('')).toContain('ADMIN_PASSWORD has done its job');
  });

  it('answers a registration of the address with 409, as for any existing account', async () => {
    const res = await app.client().post('/api/auth/register', {
      email: 'chief@example.org',
      password: 'an attacker password',
      ageConfirmed: true,
      termsAccepted: true,
    });
    expectProblem(res, 409);
    expect(await app.system.knex('user_credentials').where({ email: 'chief@example.org' })).toHaveLength(1);
    expect((await app.client().post('/api/auth/login', { email: 'chief@example.org', password: 'an attacker password' })).status).toBe(401);
  });
});

describe('ADMIN_PASSWORD and accounts that already exist', () => {
  it('leaves existing accounts as they are: no new tier, no new password; only missing addresses are created', async () => {
    const db = await createTestDatabase('admins');
    const first = await startTestApp({ databaseUrl: db.url });
    let second: TestApp | undefined;
    try {
      const existing = await first.client().register('already@example.org', 'the original password');
      await first.close();
      second = await startTestApp({ databaseUrl: db.url, env: { ADMIN_EMAILS: 'already@example.org,fresh@example.org', ADMIN_PASSWORD } });

      const kept = await second.client().post('/api/auth/login', { email: 'already@example.org', password: 'the original password' });
      expect(kept.status).toBe(200);
      expect(kept.data.user).toMatchObject({ id: existing.id, memberTier: 'free' });
      expect((await second.client().post('/api/auth/login', { email: 'already@example.org', password: ADMIN_PASSWORD })).status).toBe(401);
      expect((await second.system.store.readStream(`user-${existing.id}`)).events).toHaveLength(1);

      const fresh = await second.client().post('/api/auth/login', { email: 'fresh@example.org', password: ADMIN_PASSWORD });
      expect(fresh.data.user).toMatchObject({ memberTier: 'administrators' });
      expect(second.logs.join('')).toMatch(/already has an account, left as it is/);
    } finally {
      await second?.close();
      await db.drop();
    }
  });

  it('creates each account once when several processes start together', async () => {
    const db = await createTestDatabase('admins');
    // A deployment's database exists before its processes start together.
    await (await startTestApp({ databaseUrl: db.url })).close();
    const env = { ADMIN_EMAILS: 'together@example.org', ADMIN_PASSWORD };
    const apps = await Promise.all([startTestApp({ databaseUrl: db.url, env }), startTestApp({ databaseUrl: db.url, env })]);
    try {
      expect(await apps[0].system.knex('user_credentials').where({ email: 'together@example.org' })).toHaveLength(1);
      const streams = await apps[0].system.knex('events').where({ type: 'UserRegistered' }).count('* as n');
      expect(Number(streams[0]!.n)).toBe(1);
      for (const app of apps) {
        expect((await app.client().post('/api/auth/login', { email: 'together@example.org', password: ADMIN_PASSWORD })).status).toBe(200);
      }
    } finally {
      for (const app of apps) await app.close();
      await db.drop();
    }
  });

  it('still seeds the demo accounts into a fresh database, before making the administrator', async () => {
    const printed: string[] = [];
    const app = await startTestApp({ env: { ADMIN_EMAILS: 'owner@example.org', ADMIN_PASSWORD }, seedDemo: (text) => printed.push(text) });
    try {
      expect(printed.join('')).toMatch(/Demo accounts/);
      const emails = (await app.system.knex('user_credentials').select('email')).map((r: { email: string }) => r.email).sort();
      expect(emails).toEqual(
        expect.arrayContaining(['admin@demo.claimscopilot.example', 'veteran@demo.claimscopilot.example', 'owner@example.org']),
      );
      expect(
        (await app.client().post('/api/auth/login', { email: 'owner@example.org', password: ADMIN_PASSWORD })).data.user.memberTier,
      ).toBe('administrators');
    } finally {
      await app.close();
    }
  });
});
