import { startTestApp, type TestApp } from '../testing/testApp';

/** Who a request is from is read from the database on every request: nothing a revocation could miss. */
describe('the signed-in user of a request', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'boss@example.org', ADMIN_PASSWORD: 'boss passphrase here' } });
  });
  afterAll(async () => app.close());

  /** Statements on the sessions and user_profiles tables while `run` runs. */
  const lookups = async (run: () => Promise<unknown>) => {
    const seen: string[] = [];
    const count = (query: { sql: string }) => {
      if (/\b(sessions|user_profiles)\b/.test(query.sql)) seen.push(query.sql);
    };
    app.system.knex.on('query', count);
    try {
      await run();
    } finally {
      app.system.knex.off('query', count);
    }
    return seen;
  };

  it('reads the session and its user in one round trip', async () => {
    // An account made at start: no worker is busy with a new account of it (its welcome mail) meanwhile.
    const client = app.client();
    await client.signIn('boss@example.org', 'boss passphrase here');
    const seen = await lookups(async () => {
      for (let i = 0; i < 3; i++) expect((await client.get('/api/auth/user')).status).toBe(200);
    });
    expect(seen).toHaveLength(3);
  });

  it('refuses a session at once on the next request after it is ended elsewhere', async () => {
    const browser = app.client();
    const user = await browser.register('ended.elsewhere@example.org');
    expect((await browser.get('/api/claims')).status).toBe(200);
    await app.system.knex('sessions').where({ user_id: user.id }).del();
    expect((await browser.get('/api/claims')).status).toBe(401);
    expect((await browser.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' })).status).toBe(401);
  });

  it('refuses a session whose user has no profile any more, on the next request', async () => {
    const browser = app.client();
    const user = await browser.register('no.profile@example.org');
    expect((await browser.get('/api/auth/user')).data.memberTier).toBe('free');
    await app.system.knex('user_profiles').where({ user_id: user.id }).del();
    expect((await browser.get('/api/claims')).status).toBe(401);
  });
});
