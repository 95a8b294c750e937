/**
 * A route that answers before it has done what it promised (the password reset answers 202 before
 * it even looks the address up, so its timing tells nothing) must not lose that work to a deploy:
 * SIGTERM right after the answers, while the database is slow, and the real launcher
 * (`gateway/src/main.ts`) still records every request before it stops; after a restart each e-mail
 * is in the outbox.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { streams } from '@cc/contracts';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { waitForMail } from '../gateway/src/testing/mail';
import { TestClient } from '../gateway/src/testing/testApp';
import { launch, type Running } from './launch';

const PASSWORD = 'correct horse battery';
const PEOPLE = 8;

describe('work a route promised when it answered', () => {
  let db: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    db = await createTestDatabase('afteranswer');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-after-answer-'));
  });
  afterAll(async () => {
    await db.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('records password reset requests answered just before SIGTERM, and sends their e-mails after the restart', async () => {
    const env = { DATABASE_URL: db.url, LOG_LEVEL: 'warn', AUTH_IP_LIMIT_PER_MINUTE: '0' };
    let running: Running | undefined = await launch(dataDir, env);
    try {
      const base = `http://127.0.0.1:${running.port}`;
      const emails = Array.from({ length: PEOPLE }, (_, i) => `forgetful.${i}@example.org`);
      const users = await Promise.all(emails.map((email) => new TestClient(base).register(email, PASSWORD)));

      const exited = new Promise<number | null>((resolve) => running!.child.on('exit', (code) => resolve(code)));
      // A busy database: another transaction holds the accounts table, so looking the addresses up
      // (after the answers) takes a while, as it does under load.
      const busy = await db.knex.transaction();
      await busy.raw('lock table user_credentials in access exclusive mode');
      let signalled = false;
      const asked = await Promise.all(
        emails.map((email) =>
          fetch(`${base}/api/auth/password-reset`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email }),
          }).then(
            (res) => {
              // The deploy's stop comes the moment the first answer is out.
              if (res.status === 202 && !signalled) {
                signalled = true;
                running!.child.kill('SIGTERM');
              }
              return res.status;
            },
            () => 0,
          ),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await busy.commit();
      expect(await exited).toBe(0);
      running = undefined;
      const answered = users.filter((_, i) => asked[i] === 202);
      expect(answered.length).toBeGreaterThan(0);

      // Recorded before the process stopped, not only logged as lost.
      for (const user of answered) {
        const types = (await db
          .knex('events')
          .where({ stream_id: streams.account(user.id) })
          .pluck('type')) as string[];
        expect({ user: user.email, types }).toEqual({ user: user.email, types: ['PasswordResetRequested'] });
      }

      running = await launch(dataDir, env);
      for (const user of answered)
        await waitForMail(path.join(dataDir, 'outbox'), user.email, /^Reset your Claims Copilot password$/, 1, 30_000);
    } finally {
      if (running && running.child.exitCode === null) running.child.kill('SIGKILL');
    }
  }, 180_000);
});
