import { MEMBER_TIERS } from '@cc/contracts';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

/** Another session's write reaches this session's reads eventually (read-your-writes is per session). */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const rolesOf = (client: TestClient) =>
  eventually(
    async () => (await client.get('/api/auth/user')).data.roles as string[],
    (roles) => roles.length > 0,
  );

describe('member tiers and user administration', () => {
  let app: TestApp;
  let admin: TestClient;
  let adminId: string;
  let veteran: TestClient;
  let veteranId: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'chief@example.org', ADMIN_PASSWORD: 'correct horse battery' } });
    admin = app.client();
    adminId = (await admin.signIn('chief@example.org')).id;
    veteran = app.client();
    veteranId = (await veteran.register('vet@example.org', undefined, { firstName: 'Val', lastName: 'Vet' })).id;
  });
  afterAll(async () => app.close());

  it('serves the tier table from contracts to anyone', async () => {
    const res = await app.client().get('/api/member-tiers');
    expect(res.status).toBe(200);
    expect(res.data).toEqual(JSON.parse(JSON.stringify(MEMBER_TIERS)));
    const byName = Object.fromEntries(res.data.map((t: { tierName: string }) => [t.tierName, t]));
    expect(byName.free).toMatchObject({ maxClaims: 3, maxDocumentAnalyses: -1, monthlyPrice: 0 });
    expect(byName.basic).toMatchObject({ monthlyPrice: 999, maxClaims: 0 });
    expect(Object.keys(byName)).toEqual(['free', 'basic', 'pro', 'transitioning', 'medical', 'adjudicators', 'administrators', 'support']);
  });

  it('lists users with their tier for an administrator, all of them without a range, with Content-Range', async () => {
    for (let i = 0; i < 11; i++) await app.client().register(`filler${i}@example.org`);
    const res = await admin.get('/api/users/with-tier');
    expect(res.status).toBe(200);
    expect(res.data).toHaveLength(13);
    expect(res.headers.get('content-range')).toBe('users 0-12/13');
    const page = await admin.get(
      `/api/users/with-tier?range=${encodeURIComponent('[10,19]')}&sort=${encodeURIComponent('["email","ASC"]')}`,
    );
    expect(page.headers.get('content-range')).toBe('users 10-12/13');
    const filtered = await admin.get(`/api/users/with-tier?filter=${encodeURIComponent(JSON.stringify({ q: 'vet@' }))}`);
    expect(filtered.data).toEqual([
      expect.objectContaining({ id: veteranId, email: 'vet@example.org', memberTier: 'free', memberTierData: { displayName: 'Free' } }),
    ]);
  });

  it('refuses a malformed list query with 400', async () => {
    const res = await admin.get('/api/users/with-tier?range=oops');
    expect(res.status).toBe(400);
    const sort = await admin.get(`/api/users/with-tier?sort=${encodeURIComponent('["password","ASC"]')}`);
    expect(sort.status).toBe(400);
  });

  it('forbids the list and tier changes to a veteran (403) and to a signed-out visitor (401)', async () => {
    expect((await veteran.get('/api/users/with-tier')).status).toBe(403);
    const change = await veteran.put(`/api/users/${veteranId}/tier`, { tierName: 'administrators' });
    expect(change.status).toBe(403);
    expect(change.data.title).toBe('Forbidden');
    expect((await app.client().get('/api/users/with-tier')).status).toBe(401);
    expect((await app.client().put(`/api/users/${veteranId}/tier`, { tierName: 'pro' })).status).toBe(401);
    const { events } = await app.system.store.readStream(`user-${veteranId}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
  });

  it('lets an administrator change a tier, recorded as UserTierChanged with the administrator as actor', async () => {
    const res = await admin.put(`/api/users/${veteranId}/tier`, { tierName: 'pro' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ userId: veteranId, memberTier: 'pro' });
    const { events } = await app.system.store.readStream(`user-${veteranId}`);
    const changed = events.at(-1)!;
    expect(changed.type).toBe('UserTierChanged');
    expect(changed.data).toEqual({ userId: veteranId, from: 'free', to: 'pro', reason: 'administrator' });
    expect(changed.metadata.userId).toBe(adminId);
    // Read your writes: the administrator's very next read shows it; the veteran's session sees it soon after.
    const list = await admin.get(`/api/users/with-tier?filter=${encodeURIComponent(JSON.stringify({ q: 'vet@' }))}`);
    expect(list.data[0].memberTier).toBe('pro');
    const mine = await eventually(
      () => veteran.get('/api/auth/user'),
      (r) => r.data.memberTier === 'pro',
    );
    expect(mine.data.memberTier).toBe('pro');
  });

  it('gives adjudicators the list but not the tier change; support staff neither', async () => {
    const adjudicator = app.client();
    const adjudicatorId = (await adjudicator.register('judge@example.org')).id;
    await admin.put(`/api/users/${adjudicatorId}/tier`, { tierName: 'adjudicators' });
    expect(await rolesOf(adjudicator)).toEqual(['adjudicator']);
    expect((await adjudicator.get('/api/users/with-tier')).status).toBe(200);
    expect((await adjudicator.put(`/api/users/${veteranId}/tier`, { tierName: 'free' })).status).toBe(403);

    const support = app.client();
    const supportId = (await support.register('helper@example.org')).id;
    await admin.put(`/api/users/${supportId}/tier`, { tierName: 'support' });
    expect(await rolesOf(support)).toEqual(['support']);
    expect((await support.get('/api/users/with-tier')).status).toBe(403);
  });

  it('answers 400 for an unknown tier and 404 for an unknown or malformed user id, appending nothing', async () => {
    const bad = await admin.put(`/api/users/${veteranId}/tier`, { tierName: 'emperor' });
    expect(bad.status).toBe(400);
    expect(bad.data.errors[0].field).toBe('tierName');
    expect((await admin.put('/api/users/00000000-0000-4000-8000-000000000000/tier', { tierName: 'pro' })).status).toBe(404);
    expect((await admin.put('/api/users/not-a-uuid/tier', { tierName: 'pro' })).status).toBe(404);
    expect(await app.system.knex('event_streams').where({ stream_id: 'user-00000000-0000-4000-8000-000000000000' })).toHaveLength(0);
  });

  it('records nothing when the tier is already the requested one', async () => {
    const before = (await app.system.store.readStream(`user-${veteranId}`)).version;
    expect((await admin.put(`/api/users/${veteranId}/tier`, { tierName: 'pro' })).status).toBe(200);
    expect((await app.system.store.readStream(`user-${veteranId}`)).version).toBe(before);
  });
});

describe('health', () => {
  it('answers 200 when ready and 503 once projections stop', async () => {
    const app = await startTestApp();
    try {
      const ok = await app.client().get('/api/health');
      expect(ok.status).toBe(200);
      expect(ok.data).toEqual({ status: 'ok', checks: { database: true, migrations: true, projections: true } });
      await app.system.stop();
      const down = await app.client().get('/api/health');
      expect(down.status).toBe(503);
      expect(down.data.checks).toMatchObject({ database: false, projections: false });
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
