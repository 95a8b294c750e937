/**
 * SIGTERM on the real launcher (`gateway/src/main.ts`, as `npm start` runs it, with its embedded
 * PostgreSQL): a request under way when the signal comes finishes with its answer, new connections
 * are refused meanwhile, the process stops its services and database and exits 0, and logs no error.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { alive, launch, postmasterPid } from './launch';

const BODY = Buffer.from('Tinnitus since 2004, ringing in both ears, noted at separation. '.repeat(32));

describe('graceful shutdown', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-sigterm-'));
    await fs.chmod(dataDir, 0o755);
  });
  afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

  it('drains a request started before SIGTERM, refuses new connections, stops everything and exits 0 without an error', async () => {
    const running = await launch(dataDir, { SEED_DEMO: 'false' });
    const base = `http://127.0.0.1:${running.port}`;
    const exited = new Promise<number | null>((resolve) => running.child.on('exit', (code) => resolve(code)));
    try {
      const register = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'sigterm@example.org', password: 'correct horse battery', ageConfirmed: true, termsAccepted: true }),
      });
      expect(register.status).toBe(201);
      const cookie = register.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const address = await fetch(`${base}/api/objects/upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: '{}',
      });
      const uploadUrl = ((await address.json()) as { uploadURL: string }).uploadURL;

      // An upload under way: the headers and half the file now, the rest after SIGTERM.
      const socket = net.connect(running.port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `PUT ${uploadUrl} HTTP/1.1\r\nHost: 127.0.0.1:${running.port}\r\nCookie: ${cookie}\r\nContent-Type: text/plain\r\nContent-Length: ${BODY.length}\r\n\r\n`,
      );
      socket.write(BODY.subarray(0, BODY.length / 2));
      await new Promise((r) => setTimeout(r, 300));

      const pgPid = await postmasterPid(dataDir);
      running.child.kill('SIGTERM');
      // New connections are refused while the upload is still open.
      let refused = false;
      for (let i = 0; i < 100 && !refused; i++) {
        refused = await fetch(`${base}/api/health`).then(
          () => false,
          (error: { cause?: { code?: string } }) => error.cause?.code === 'ECONNREFUSED',
        );
        if (!refused) await new Promise((r) => setTimeout(r, 50));
      }
      expect(refused).toBe(true);
      expect(running.child.exitCode).toBeNull();

      socket.write(BODY.subarray(BODY.length / 2));
      await closed;
      expect(answer).toMatch(/^HTTP\/1.1 201 /);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);

      expect(await exited).toBe(0);
      expect(alive(pgPid!)).toBe(false);
      // LOG_LEVEL=warn: nothing at error (50) or fatal (60), and no complaint from the database's own exit hook.
      expect(running.output()).not.toMatch(/"level":(50|60)/);
      expect(running.output()).not.toMatch(/Error/);
    } finally {
      if (running.child.exitCode === null) running.child.kill('SIGKILL');
    }
  }, 120_000);
});
