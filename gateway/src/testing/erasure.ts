import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Knex } from '@cc/platform';
import { eventually } from './eventually';
import { waitForMail } from './mail';
import type { TestClient } from './testApp';

/**
 * What the account erasure tests share (the one-process app and the split topology): a veteran with
 * something in every part of the app, made-up words to look for afterwards, an upload left open,
 * and a byte search of every file under a folder.
 */

export const PASSWORD = 'correct horse battery';

/** Made-up words that appear nowhere else, one set per account, to look for after an erasure. */
export const markers = (tag: string) => ({
  phone: `+1 919 555 ${String(tag.charCodeAt(1)).padStart(4, '0')}`,
  Quinlan: `Quinlan${tag}`,
  MarchettiVosk: `Marchetti-Vosk${tag}`,
  Wyvernhollow: `Wyvernhollow${tag}`,
  Zephyrine: `Zephyrine${tag}`,
  Glimmerstone: `Glimmerstone${tag}`,
  Pellucid: `Pellucid${tag}`,
  Brackenfold: `Brackenfold${tag}`,
  Tamsworth: `Tamsworth${tag}`,
  Orrisfield: `Orrisfield${tag}`,
});

export interface VeteranData {
  client: TestClient;
  id: string;
  claimId: string;
  noteId: string;
  /** The uploaded files' contents. */
  files: Buffer[];
}

export async function uploadFile(
  client: TestClient,
  fileName: string,
  body: Buffer,
  contentType: string,
  claimId?: string,
): Promise<string> {
  const address = await client.post('/api/objects/upload', {});
  const put = await client.request('PUT', address.data.uploadURL, {
    body: body as unknown as string,
    headers: { 'content-type': contentType },
  });
  if (put.status !== 201) throw new Error(`upload failed: ${put.status} ${put.text}`);
  const res = await client.put('/api/documents', {
    documentURL: address.data.uploadURL,
    fileName,
    fileType: contentType,
    fileSize: body.length,
    claimId,
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${res.text}`);
  return res.data.id as string;
}

/**
 * A veteran with something in every part of the app: a paid tier, a profile (changed, so old row
 * versions exist), a claim with a status change and a note, two documents (one analysed), a chat
 * question, notifications and e-mails.
 */
export async function veteranWithData(
  app: { client(): TestClient; outboxDir: string },
  admin: TestClient,
  email: string,
  tag: string,
  options: { analyze?: boolean } = {},
): Promise<VeteranData> {
  const w = markers(tag);
  const client = app.client();
  const { id } = await client.register(email, PASSWORD, { firstName: `${w.Quinlan}`, lastName: `${w.MarchettiVosk}` });
  const tier = await admin.put(`/api/users/${id}/tier`, { tierName: 'basic' });
  if (tier.status !== 200) throw new Error(`tier change failed: ${tier.status} ${tier.text}`);
  await eventually(
    () => client.get('/api/auth/user'),
    (r) => r.data.memberTier === 'basic',
  );
  const profile = await client.put('/api/auth/profile', {
    name: `${w.Quinlan} ${w.MarchettiVosk}`,
    phone: w.phone,
    bio: `Served as a Loadmaster ${w.Wyvernhollow} crew chief.`,
    mos: `1A2X1 Loadmaster ${w.Zephyrine}`,
    branchOfService: 'air-force',
    yearsServed: 12,
  });
  if (profile.status !== 200) throw new Error(`profile failed: ${profile.status} ${profile.text}`);
  const claim = await client.post('/api/claims', {
    condition: `${w.Glimmerstone} knee instability`,
    conditionType: 'primary',
    nextAction: `Ask Dr ${w.Pellucid} for a nexus letter`,
  });
  const claimId = claim.data.id as string;
  await client.put(`/api/claims/${claimId}/status`, { status: 'evidence_review', note: `Called the ${w.Brackenfold} regional office` });
  await client.post(`/api/claims/${claimId}/notes`, {
    note: `Buddy statement from Sgt ${w.Tamsworth} arrives Friday`,
    noteType: 'general',
    isImportant: true,
  });
  const text = Buffer.from(
    `VA Medical Center progress note. 03/14/2019: Patient ${w.Quinlan} ${w.MarchettiVosk} reports knee pain after a fall during service at Camp ${w.Orrisfield}. ` +
      'Assessment: knee strain. 04/02/2021: Follow-up, knee instability persists.\n',
  );
  const noteId = await uploadFile(client, `${w.Orrisfield} treatment note.txt`, text, 'text/plain', claimId);
  const pdf = Buffer.from(
    `%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% ${w.MarchettiVosk} service record\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
  await uploadFile(client, `${w.MarchettiVosk} DD214.pdf`, pdf, 'application/pdf');
  if (options.analyze !== false) {
    const analysis = await client.post(`/api/documents/${noteId}/analyze`, { analysisType: 'general' });
    if (analysis.status !== 200) throw new Error(`analysis failed: ${analysis.status} ${analysis.text}`);
  }
  // A question to the AI Copilot (the widget's session), naming a personal detail.
  const asked = await client.post('/api/ai-chat/message', {
    content: `Does my fall at Camp ${w.Orrisfield} count as an in-service event?`,
  });
  if (asked.status !== 200) throw new Error(`chat failed: ${asked.status} ${asked.text}`);
  // Every notification (welcome, tier, uploads, status) has arrived by now.
  await eventually(
    () => client.get('/api/notifications'),
    (r) => r.data.length >= 5,
  );
  await waitForMail(app.outboxDir, email, new RegExp(`^Document received: ${w.MarchettiVosk} DD214\\.pdf$`));
  return { client, id, claimId, noteId, files: [text, pdf] };
}

/** Everything to look for after the account is gone: the address (and its local part), every marker, each file's SHA-256. */
export function personalValues(email: string, tag: string, files: readonly Buffer[]): string[] {
  return [
    email,
    email.split('@')[0]!,
    ...Object.values(markers(tag)),
    ...files.map((file) => createHash('sha256').update(file).digest('hex')),
  ];
}

/** The raw personal-data key of a user, to look for after it was destroyed. */
export async function rawKeyOf(knex: Knex, userId: string): Promise<Buffer> {
  const row = await knex('personal_data_keys').where({ subject_id: userId }).first('key');
  if (!row?.key) throw new Error(`no key for ${userId}`);
  return row.key as Buffer;
}

/**
 * Every place under `dirs` (every file, the database's and its WAL included) where one of `values`
 * appears: text case-insensitively, bytes exactly. Answers `value → file and the text around it`.
 */
export async function findPlainCopies(
  dirs: readonly string[],
  values: readonly string[],
  bytes: readonly Buffer[] = [],
): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const lowered = values.map((v) => v.toLowerCase());
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        const content = await fs.readFile(full).catch(() => undefined);
        if (!content) continue;
        const text = content.toString('latin1').toLowerCase();
        lowered.forEach((value, i) => {
          const at = text.indexOf(value);
          if (at >= 0) found[values[i]!] ??= `${full}: …${text.slice(Math.max(0, at - 80), at + 60).replace(/[^\x20-\x7e]/g, '.')}…`;
        });
        bytes.forEach((value, i) => {
          if (content.includes(value)) found[`bytes#${i}`] ??= full;
        });
      }
    }
  };
  for (const dir of dirs) await walk(dir);
  return found;
}

/** Every row of every table, as text (a plain `select`), to see what the database answers. */
export async function dumpDatabase(knex: Knex): Promise<string> {
  const tables: { table_name: string }[] = (
    await knex.raw(`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`)
  ).rows;
  let dump = '';
  for (const { table_name: table } of tables) {
    const rows = await knex.raw(`select t::text as row from "${table}" t`);
    dump += rows.rows.map((r: { row: string }) => r.row).join('\n');
  }
  return dump;
}

/**
 * An upload of `body` written by hand: the head and the first half now; `finish()` sends the rest
 * and resolves with the status line of the answer (or '' when the connection was closed without one).
 */
export async function startUpload(baseUrl: string, client: TestClient, body: Buffer): Promise<{ finish(): Promise<string> }> {
  const address = (await client.post('/api/objects/upload', {})).data.uploadURL as string;
  const port = Number(new URL(baseUrl).port);
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const write = (data: string | Buffer) =>
    new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.write(data, () => resolve())));
  await write(
    `PUT ${address} HTTP/1.1\r\nHost: ${new URL(baseUrl).host}\r\nCookie: ${client.cookieHeader()}\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  const half = Math.floor(body.length / 2);
  for (let at = 0; at < half; at += 1024 * 1024) await write(body.subarray(at, Math.min(half, at + 1024 * 1024)));
  return {
    async finish() {
      for (let at = half; at < body.length && !socket.destroyed && !answer; at += 1024 * 1024)
        await write(body.subarray(at, Math.min(body.length, at + 1024 * 1024)));
      await Promise.race([
        closed,
        eventually(
          async () => answer,
          (a) => a.includes('\r\n\r\n'),
          30_000,
        ),
      ]);
      socket.destroy();
      return answer.split('\r\n')[0] ?? '';
    },
  };
}
