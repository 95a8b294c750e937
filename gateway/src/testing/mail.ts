import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { NOTIFICATIONS_WORKER } from '@cc/notification-service';
import { comparePositions, formatPosition, START, type GlobalPosition, type Knex } from '@cc/platform';
import { loadCheckpoint } from '@cc/platform/subscriptions/checkpoints';
import { eventually } from './eventually';

export interface ReadMessage {
  file: string;
  mail: ParsedMail;
  raw: string;
}

/** Every `.eml` in the outbox, parsed back with mailparser. */
export async function readOutbox(dir: string): Promise<ReadMessage[]> {
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(path.join(dir, file));
      return { file, mail: await simpleParser(raw), raw: raw.toString('utf8') };
    }),
  );
}

/** The outbox's messages to `to` whose subject matches, once there are at least `count` of them. */
export async function waitForMail(dir: string, to: string, subject: RegExp, count = 1, timeoutMs = 10_000): Promise<ReadMessage[]> {
  const matching = (all: ReadMessage[]) =>
    all.filter((m) => (m.mail.to && 'text' in m.mail.to ? m.mail.to.text : '').includes(to) && subject.test(m.mail.subject ?? ''));
  const found = await eventually(
    async () => matching(await readOutbox(dir)),
    (list) => list.length >= count,
    timeoutMs,
  );
  if (found.length < count) throw new Error(`expected ${count} e-mail(s) to ${to} matching ${subject}, found ${found.length}`);
  return found;
}

/**
 * Resolves once the notifications worker has handled every event committed so far and no e-mail is
 * half sent, so the outbox holds everything those events cause (a test that counts the outbox).
 */
export async function mailSettled(
  system: { knex: Knex; store: { headPosition(): Promise<GlobalPosition> } },
  timeoutMs = 15_000,
): Promise<void> {
  const head = await system.store.headPosition();
  const settled = await eventually(
    async () =>
      comparePositions(await loadCheckpoint(system.knex, `worker:${NOTIFICATIONS_WORKER}`, START), head) >= 0 &&
      !(await system.knex('email_deliveries').where({ status: 'sending' }).first('key')),
    (done) => done,
    timeoutMs,
  );
  if (!settled) throw new Error(`the notifications worker did not reach ${formatPosition(head)} within ${timeoutMs} ms`);
}
