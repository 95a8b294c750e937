/**
 * The newcomer's path: the real launcher (`gateway/src/main.ts`, as `npm start` runs it) on an empty
 * DATA_DIR starts its own PostgreSQL, seeds demo accounts once, keeps data across a restart, and
 * stops cleanly on Ctrl-C (SIGINT).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../platform/src/testing/database';
import { alive, interrupt, launch, postmasterPid } from './launch';

const root = path.resolve(__dirname, '..');

describe('npm start launcher', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-launch-'));
    await fs.chmod(dataDir, 0o755);
  });
  afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

  it('starts an embedded database, seeds demo accounts once, keeps data across restarts, stops on SIGINT', async () => {
    const first = await launch(dataDir);
    expect(first.output()).toMatch(/Demo accounts/);
    const veteranLine = first
      .output()
      .split('\n')
      .find((l) => l.includes('veteran@demo.claimscopilot.example'))!;
    const password = veteranLine.trim().split(/\s+/).at(-1)!;
    const base = `http://127.0.0.1:${first.port}`;
    const register = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kept@example.org', password: 'kept across restarts', ageConfirmed: true, termsAccepted: true }),
    });
    expect(register.status).toBe(201);
    const pgPid = await postmasterPid(dataDir);
    expect(pgPid).toBeGreaterThan(0);

    expect(await interrupt(first)).toBe(130);
    expect(alive(pgPid!)).toBe(false);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = await launch(dataDir);
    try {
      expect(second.output()).not.toMatch(/Demo accounts/);
      const login = (email: string, pw: string) =>
        fetch(`http://127.0.0.1:${second.port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: pw }),
        });
      expect((await login('kept@example.org', 'kept across restarts')).status).toBe(200);
      expect((await login('veteran@demo.claimscopilot.example', password)).status).toBe(200);
      const page = await fetch(`http://127.0.0.1:${second.port}/some/client/route`);
      expect([200, 503]).toContain(page.status); // index.html, or a clear message when the frontend is not built
    } finally {
      expect(await interrupt(second)).toBe(130);
    }
  }, 120_000);

  it('does not start its own database when DATABASE_URL is set, and seeds nothing there', async () => {
    const db = await createTestDatabase('ext');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-external-'));
    try {
      const running = await launch(dir, { DATABASE_URL: db.url });
      try {
        expect(running.output()).not.toMatch(/Demo accounts/);
        expect(existsSync(path.join(dir, 'postgres'))).toBe(false);
      } finally {
        expect(await interrupt(running)).toBe(130);
      }
      expect(await db.knex('user_credentials').count('* as n')).toEqual([{ n: '0' }]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
      await db.drop();
    }
  }, 120_000);

  it('refuses to start with an invalid setting and says which', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'gateway/src/main.ts')], {
      cwd: root,
      env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir },
    });
    let output = '';
    child.stderr.on('data', (c) => (output += c));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Invalid configuration/);
    expect(output).toMatch(/PORT/);
  }, 30_000);
});
