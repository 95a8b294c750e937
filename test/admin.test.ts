/**
 * The first administrator on the newcomer's path: the real launcher on an embedded DATA_DIR with
 * ADMIN_EMAILS, and `npm run admin` against the same DATA_DIR — while the app runs (it joins the
 * app's database) and while it is stopped (it starts the database for itself, then stops it).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { alive, interrupt, launch, postmasterPid, root, type Running } from './launch';

const ADMIN_PASSWORD = 'owner password at first start';

function npmRunAdmin(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'admin', '--', ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** One browser's session against a launched app. */
function browser(running: Running) {
  let cookie = '';
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${running.port}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith('cc_session='));
    if (session) cookie = session.split(';')[0]!;
    const text = await res.text();
    return { status: res.status, data: text ? JSON.parse(text) : undefined };
  };
  return {
    register: (email: string, password: string) =>
      call('POST', '/api/auth/register', { email, password, ageConfirmed: true, termsAccepted: true }),
    login: (email: string, password: string) => call('POST', '/api/auth/login', { email, password }),
    me: () => call('GET', '/api/auth/user'),
  };
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the first administrator with the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-admin-'));
    await fs.chmod(dataDir, 0o755);
  });
  afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

  it('reserves a listed address, grants and revokes roles from the command line, and makes the account with ADMIN_PASSWORD', async () => {
    const first = await launch(dataDir, { ADMIN_EMAILS: 'owner@example.org' });
    try {
      expect(first.output()).toMatch(/ADMIN_PASSWORD is not set/);
      const squatter = browser(first);
      expect((await squatter.register('owner@example.org', 'i got here first')).status).toBe(409);

      const helper = browser(first);
      expect((await helper.register('helper@example.org', 'helper password')).status).toBe(201);
      const granted = await npmRunAdmin(['grant', 'helper@example.org', 'administrators'], dataDir);
      expect(granted).toMatchObject({ code: 0, stdout: 'helper@example.org: free → administrators\n' });
      const seen = await eventually(helper.me, (res) => res.data?.memberTier === 'administrators');
      expect(seen.data.memberTier).toBe('administrators');
    } finally {
      expect(await interrupt(first)).toBe(130);
    }

    // With the app stopped, the command starts the database itself and stops it again.
    const revoked = await npmRunAdmin(['revoke', 'helper@example.org', 'administrators'], dataDir);
    expect(revoked).toMatchObject({ code: 0, stdout: 'helper@example.org: administrators → free\n' });
    const pid = await postmasterPid(dataDir);
    expect(pid === undefined || !alive(pid)).toBe(true);

    const second = await launch(dataDir, { ADMIN_EMAILS: 'owner@example.org', ADMIN_PASSWORD });
    try {
      const owner = browser(second);
      const signedIn = await owner.login('owner@example.org', ADMIN_PASSWORD);
      expect(signedIn.status).toBe(200);
      expect(signedIn.data.user.memberTier).toBe('administrators');
      expect(second.output()).not.toContain(ADMIN_PASSWORD);
      const helper = browser(second);
      expect((await helper.login('helper@example.org', 'helper password')).data.user.memberTier).toBe('free');
    } finally {
      expect(await interrupt(second)).toBe(130);
    }
  }, 180_000);
});
