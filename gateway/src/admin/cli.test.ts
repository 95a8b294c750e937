import { execFile } from 'node:child_process';
import path from 'node:path';
import { startTestApp, type TestApp } from '../testing/testApp';

/*
 * `npm run admin -- grant|revoke <email> <role>`, run as its own process against the database of a
 * running app (DATABASE_URL here; the embedded DATA_DIR case is in test/admin.test.ts).
 */

const root = path.resolve(__dirname, '../../..');

// Each test starts the CLI as a new `node --import tsx` process up to five times; on a loaded
// machine one start takes several seconds, so jest's default 30 s is too little for five.
jest.setTimeout(120_000);

function admin(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'gateway/src/admin/main.ts'), ...args],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('npm run admin', () => {
  let app: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    app = await startTestApp();
    env = { DATABASE_URL: app.config.databaseUrl! };
  });
  afterAll(async () => app.close());

  const tierSeenBy = (client: ReturnType<TestApp['client']>) => async () => (await client.get('/api/auth/user')).data?.memberTier;

  it('grants a role to an existing account: the running app sees it, recorded with the operator as actor', async () => {
    const client = app.client();
    const user = await client.register('staff.member@example.org');
    const granted = await admin(['grant', 'Staff.Member@example.org', 'administrator'], env);
    expect(granted).toMatchObject({ code: 0, stdout: 'staff.member@example.org: free → administrators\n' });

    expect(await eventually(tierSeenBy(client), (tier) => tier === 'administrators')).toBe('administrators');
    // With the role's powers: the administrators' user list.
    expect((await client.get('/api/users/with-tier')).status).toBe(200);

    const { events } = await app.system.store.readStream(`user-${user.id}`);
    const change = events.at(-1)!;
    expect(change).toMatchObject({ type: 'UserTierChanged', data: { from: 'free', to: 'administrators', reason: 'operator' } });
    expect(change.metadata.userId).toBeNull();
    expect(change.metadata.operator).toMatch(/^[^@\s]+@[^@\s]+$/);
  });

  it('revokes the role: the account goes back to its latest plan', async () => {
    const client = app.client();
    const user = await client.register('paying.member@example.org');
    const boss = app.client();
    await boss.register('boss.for.revoke@example.org');
    expect((await admin(['grant', 'boss.for.revoke@example.org', 'administrators'], env)).code).toBe(0);
    await eventually(tierSeenBy(boss), (tier) => tier === 'administrators');
    expect((await boss.put(`/api/users/${user.id}/tier`, { tierName: 'pro' })).status).toBe(200);

    expect((await admin(['grant', 'paying.member@example.org', 'support'], env)).stdout).toBe('paying.member@example.org: pro → support\n');
    const revoked = await admin(['revoke', 'paying.member@example.org', 'support'], env);
    expect(revoked).toMatchObject({ code: 0, stdout: 'paying.member@example.org: support → pro\n' });
    expect(await eventually(tierSeenBy(client), (tier) => tier === 'pro')).toBe('pro');

    // Nothing to do is said, and changes nothing.
    const again = await admin(['revoke', 'paying.member@example.org', 'support'], env);
    expect(again).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('does not hold the support role (its tier is pro); nothing changed'),
    });
    const already = await admin(['grant', 'boss.for.revoke@example.org', 'administrators'], env);
    expect(already).toMatchObject({ code: 0, stdout: expect.stringContaining('is already administrators; nothing changed') });
    const types = (await app.system.store.readStream(`user-${user.id}`)).events.map((e) => e.type);
    expect(types).toEqual(['UserRegistered', 'UserTierChanged', 'UserTierChanged', 'UserTierChanged']);
  });

  it('refuses an unknown account, a plan given as a role, and wrong usage, changing nothing', async () => {
    const unknown = await admin(['grant', 'nobody@example.org', 'administrators'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no account with the e-mail nobody@example.org.');

    await app.client().register('plan.member@example.org');
    const plan = await admin(['grant', 'plan.member@example.org', 'pro'], env);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(/"pro" is not a role\. Roles: adjudicators, administrators, support/);

    const usage = await admin(['promote', 'plan.member@example.org'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('npm run admin -- grant <email> <role>');
    const userId = (await app.system.knex('user_credentials').where({ email: 'plan.member@example.org' }).first()).user_id;
    expect((await app.system.store.readStream(`user-${userId}`)).events).toHaveLength(1);
  });
});
