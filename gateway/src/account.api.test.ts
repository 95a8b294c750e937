import fs from 'node:fs/promises';
import path from 'node:path';
import yauzl from 'yauzl';
import type { SealedData } from '@cc/contracts';
import { PersonalDataErasedError, PersonalDataVault } from '@cc/platform';
import { startSmtpServer } from '@cc/notification-service/testing/smtpServer';
import { eventually, waitForMail } from './testing/mail';
import { startTestApp, type TestApp, type TestClient } from './testing/testApp';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';

/** Every entry of a ZIP, by path. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function download(client: TestClient, baseUrl: string, url: string) {
  const res = await fetch(`${baseUrl}${url}`, { headers: { cookie: client.cookieHeader() ?? '' } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

async function upload(client: TestClient, fileName: string, body: Buffer, contentType: string, claimId?: string) {
  const address = await client.post('/api/objects/upload', {});
  expect((await client.request('PUT', address.data.uploadURL, { body: body as unknown as string, headers: { 'content-type': contentType } })).status).toBe(201);
  const res = await client.put('/api/documents', { documentURL: address.data.uploadURL, fileName, fileType: contentType, fileSize: body.length, claimId });
  expect(res.status).toBe(201);
  return res.data.id as string;
}

/** Made-up words that appear nowhere else, one set per account, to look for after an erasure. */
const markers = (tag: string) => ({
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

const tokenOf = (text: string) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('password reset, over real SMTP', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://claims.example.org' } });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const resetMails = (to: string) => smtp.received.filter((m) => m.envelope.to.includes(to) && m.mail.subject === 'Reset your Claims Copilot password');

  it('answers 202 with the same words for a known and an unknown address, and e-mails a single-use link', async () => {
    const owner = app.client();
    const { id: userId } = await owner.register('forgetful@example.org', PASSWORD, { firstName: 'Fran' });
    const elsewhere = app.client();
    await elsewhere.signIn('forgetful@example.org', PASSWORD);

    const known = await app.client().post('/api/auth/password-reset', { email: 'Forgetful@Example.org' });
    const unknown = await app.client().post('/api/auth/password-reset', { email: 'nobody.here@example.org' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.data).toEqual(unknown.data);
    expect(known.data.message).toBe("If an account exists for that e-mail, we've sent a link to reset your password. It works for 60 minutes.");
    // Asked again at once: the account gets no second e-mail.
    expect((await app.client().post('/api/auth/password-reset', { email: 'forgetful@example.org' })).status).toBe(202);

    const mails = await eventually(async () => resetMails('forgetful@example.org'), (list) => list.length >= 1);
    expect(mails).toHaveLength(1);
    const { mail } = mails[0]!;
    expect(mail.html).toContain('Claims Copilot');
    expect(mail.text).toContain('The link works once, for 60 minutes.');
    const token = tokenOf(mail.text ?? '')!;
    expect(mail.text).toContain(`https://claims.example.org/reset-password?token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(40);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resetMails('forgetful@example.org')).toHaveLength(1);
    expect(smtp.received.some((m) => m.envelope.to.includes('nobody.here@example.org'))).toBe(false);
    const { events } = await app.system.store.readStream(`account-${userId}`);
    expect(events.map((e) => e.type)).toEqual(['PasswordResetRequested']);

    // Stored only as a hash, never in an event or a log.
    const rows = await app.system.knex('password_reset_tokens').where({ user_id: userId });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(await app.system.knex('events').select('data', 'metadata'))).not.toContain(token);
    expect(app.logs.join('')).not.toContain(token);

    expect((await app.client().post('/api/auth/password-reset/confirm', { token, password: 'short' })).data.errors).toEqual([
      { field: 'password', message: 'Password must be at least 10 characters' },
    ]);
    const wrong = await app.client().post('/api/auth/password-reset/confirm', { token: `${token.slice(0, -2)}xx`, password: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ title: 'Invalid or expired link', detail: 'This password reset link is invalid or has expired. Please ask for a new one.' });

    const done = await app.client().post('/api/auth/password-reset/confirm', { token, password: NEW_PASSWORD });
    expect(done.status).toBe(204);
    // Used once: the same link again is refused, and changes nothing.
    const again = await app.client().post('/api/auth/password-reset/confirm', { token, password: 'yet another passphrase' });
    expect(again.status).toBe(400);
    expect(again.data.title).toBe('Invalid or expired link');

    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
    expect((await owner.get('/api/auth/user')).status).toBe(401);
    expect((await app.client().post('/api/auth/login', { email: 'forgetful@example.org', password: PASSWORD })).status).toBe(401);
    expect((await app.client().post('/api/auth/login', { email: 'forgetful@example.org', password: NEW_PASSWORD })).status).toBe(200);
    const after = await app.system.store.readStream(`account-${userId}`);
    expect(after.events.map((e) => e.type)).toEqual(['PasswordResetRequested', 'PasswordChanged']);
  });

  it('refuses an expired link', async () => {
    const { id: userId } = await app.client().register('late@example.org', PASSWORD);
    await app.client().post('/api/auth/password-reset', { email: 'late@example.org' });
    const [message] = await eventually(async () => resetMails('late@example.org'), (list) => list.length >= 1);
    const token = tokenOf(message!.mail.text ?? '')!;
    await app.system.knex('password_reset_tokens').where({ user_id: userId }).update({ expires_at: app.system.knex.raw("now() - interval '1 second'") });
    const res = await app.client().post('/api/auth/password-reset/confirm', { token, password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.data.title).toBe('Invalid or expired link');
    expect((await app.client().post('/api/auth/login', { email: 'late@example.org', password: PASSWORD })).status).toBe(200);
  });

  it('refuses a malformed request', async () => {
    expect((await app.client().post('/api/auth/password-reset', { email: 'not-an-address' })).data.errors).toEqual([{ field: 'email', message: 'Invalid email address' }]);
    expect((await app.client().post('/api/auth/password-reset/confirm', { password: NEW_PASSWORD })).status).toBe(400);
  });
});

describe('password reset: the per-client limit', () => {
  it('guards the request like sign-in and sign-up (429 with Retry-After)', async () => {
    const app = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '2' } });
    try {
      const client = app.client();
      expect((await client.post('/api/auth/password-reset', { email: 'a@example.org' })).status).toBe(202);
      expect((await client.post('/api/auth/password-reset', { email: 'b@example.org' })).status).toBe(202);
      const refused = await client.post('/api/auth/password-reset', { email: 'c@example.org' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await client.post('/api/auth/password-reset/confirm', { token: 'x', password: NEW_PASSWORD })).status).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('change password, data export, delete account', () => {
  let app: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'acct.admin@example.org', ADMIN_PASSWORD: PASSWORD } });
    admin = app.client();
    await admin.signIn('acct.admin@example.org');
  });
  afterAll(async () => app.close());

  it('changes the password after checking the current one, and ends the other sessions', async () => {
    const me = app.client();
    const { id } = await me.register('changer@example.org', PASSWORD);
    const laptop = app.client();
    await laptop.signIn('changer@example.org', PASSWORD);

    const wrong = await me.post('/api/auth/password', { currentPassword: 'not my password', newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.data.errors).toEqual([{ field: 'currentPassword', message: 'The password is not correct.' }]);
    expect((await me.post('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'short' })).data.errors).toEqual([
      { field: 'newPassword', message: 'Password must be at least 10 characters' },
    ]);
    expect((await app.client().post('/api/auth/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(401);

    expect((await me.post('/api/auth/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(204);
    expect((await me.get('/api/auth/user')).status).toBe(200);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect((await app.client().post('/api/auth/login', { email: 'changer@example.org', password: NEW_PASSWORD })).status).toBe(200);
    const { events } = await app.system.store.readStream(`account-${id}`);
    expect(events.map((e) => [e.type, (e.data as { method: string }).method])).toEqual([['PasswordChanged', 'change']]);
  });

  it('stops guessing the current password after 5 wrong ones (429)', async () => {
    const me = app.client();
    await me.register('guesser@example.org', PASSWORD);
    for (let i = 0; i < 5; i++) expect((await me.post('/api/auth/password', { currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await me.post('/api/auth/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(429);
    expect((await me.request('DELETE', '/api/account', { json: { password: PASSWORD } })).status).toBe(429);
  });

  /** A veteran with something in every part of the app. */
  async function veteranWithData(email: string, tag: string) {
    const w = markers(tag);
    const client = app.client();
    const { id } = await client.register(email, PASSWORD, { firstName: `${w.Quinlan}`, lastName: `${w.MarchettiVosk}` });
    expect((await admin.put(`/api/users/${id}/tier`, { tierName: 'basic' })).status).toBe(200);
    await eventually(() => client.get('/api/auth/user'), (r) => r.data.memberTier === 'basic');
    const profile = await client.put('/api/auth/profile', {
      name: `${w.Quinlan} ${w.MarchettiVosk}`,
      phone: w.phone,
      bio: `Served as a Loadmaster ${w.Wyvernhollow} crew chief.`,
      mos: `1A2X1 Loadmaster ${w.Zephyrine}`,
      branchOfService: 'air-force',
      yearsServed: 12,
    });
    expect(profile.status).toBe(200);
    const claim = await client.post('/api/claims', { condition: `${w.Glimmerstone} knee instability`, conditionType: 'primary', nextAction: `Ask Dr ${w.Pellucid} for a nexus letter` });
    const claimId = claim.data.id as string;
    await client.put(`/api/claims/${claimId}/status`, { status: 'evidence_review', note: `Called the ${w.Brackenfold} regional office` });
    await client.post(`/api/claims/${claimId}/notes`, { note: `Buddy statement from Sgt ${w.Tamsworth} arrives Friday`, noteType: 'general', isImportant: true });
    const text = Buffer.from(
      `VA Medical Center progress note. 03/14/2019: Patient ${w.Quinlan} ${w.MarchettiVosk} reports knee pain after a fall during service at Camp ${w.Orrisfield}. ` +
        'Assessment: knee strain. 04/02/2021: Follow-up, knee instability persists.\n',
    );
    const noteId = await upload(client, `${w.Orrisfield} treatment note.txt`, text, 'text/plain', claimId);
    const pdf = Buffer.from(`%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% ${w.MarchettiVosk} service record\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
    await upload(client, `${w.MarchettiVosk} DD214.pdf`, pdf, 'application/pdf');
    const analysis = await client.post(`/api/documents/${noteId}/analyze`, { analysisType: 'general' });
    expect(analysis.status).toBe(200);
    // A question to the AI Copilot (the widget's session), naming a personal detail.
    const asked = await client.post('/api/ai-chat/message', { content: `Does my fall at Camp ${w.Orrisfield} count as an in-service event?` });
    expect(asked.status).toBe(200);
    // Every notification (welcome, tier, uploads, status) has arrived by now.
    await eventually(() => client.get('/api/notifications'), (r) => r.data.length >= 5);
    await waitForMail(app.system.outboxDir, email, new RegExp(`^Document received: ${w.MarchettiVosk} DD214\\.pdf$`));
    return { client, id, claimId, text, pdf };
  }

  it('exports everything as a ZIP of JSON and the files themselves, with its exact size', async () => {
    const { client, id, claimId, text, pdf } = await veteranWithData('exporter@example.org', 'Ex');
    const w = markers('Ex');
    expect((await app.client().get('/api/account/export')).status).toBe(401);

    const res = await download(client, app.baseUrl, '/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="claims-copilot-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(Number(res.headers.get('content-length'))).toBe(res.body.length);

    const entries = await unzip(res.body);
    const json = (name: string) => JSON.parse(entries.get(name)!.toString('utf8'));
    expect(entries.get('README.txt')!.toString()).toContain('claims.json: every claim with its notes, documents and full history of changes.');
    expect(json('profile.json')).toMatchObject({ id, email: 'exporter@example.org', phone: w.phone, mos: `1A2X1 Loadmaster ${w.Zephyrine}` });
    expect(json('preferences.json')).toMatchObject({ autoSave: true });
    const chat = json('chat.json');
    expect(chat.sessions).toHaveLength(1);
    expect(chat.sessions[0].messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(chat.sessions[0].messages[0].content).toContain(`Camp ${w.Orrisfield}`);
    expect(json('billing.json')).toEqual([]);

    const [claim] = json('claims.json');
    expect(claim).toMatchObject({ id: claimId, condition: `${w.Glimmerstone} knee instability`, status: 'evidence_review' });
    const notes = claim.notes.map((n: { note: string }) => n.note).join('\n');
    expect(notes).toContain(`Buddy statement from Sgt ${w.Tamsworth} arrives Friday`);
    expect(notes).toContain('Status changed to: Evidence Review');
    expect(claim.history.map((h: { type: string }) => h.type)).toEqual(['ClaimFiled', 'ClaimStatusChanged', 'ClaimNoteAdded', 'ClaimDocumentAdded']);

    const documents = json('documents.json');
    expect(documents.map((d: { fileName: string }) => d.fileName).sort()).toEqual([`${w.MarchettiVosk} DD214.pdf`, `${w.Orrisfield} treatment note.txt`]);
    const noteFile = documents.find((d: { fileName: string }) => d.fileName.endsWith('.txt')).file;
    const pdfFile = documents.find((d: { fileName: string }) => d.fileName.endsWith('.pdf')).file;
    expect(entries.get(noteFile)).toEqual(text);
    expect(entries.get(pdfFile)).toEqual(pdf);

    const analyses = json('analyses.json');
    expect(analyses).toHaveLength(1);
    expect(analyses[0]).toMatchObject({ analysisType: 'general', result: { analysisType: 'general' } });
    expect(json('notifications.json').map((n: { kind: string }) => n.kind)).toEqual(
      expect.arrayContaining(['welcome', 'subscription', 'document-upload', 'claim-status']),
    );
    expect(json('emails.json').map((m: { subject: string }) => m.subject)).toContain('Welcome to Claims Copilot');
  });

  it('deletes an account: nothing personal readable anywhere, the events stay, the e-mail is free again', async () => {
    const email = 'eraser@example.org';
    const { client, id, claimId } = await veteranWithData(email, 'Er');
    const w = markers('Er');
    const phone = app.client();
    await phone.signIn(email, PASSWORD);
    // A failed sign-in is counted under the address.
    expect((await app.client().post('/api/auth/login', { email, password: 'wrong password!' })).status).toBe(401);
    const personal = [email, ...Object.values(w)];

    const wrong = await client.request('DELETE', '/api/account', { json: { password: 'not the password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.data.errors).toEqual([{ field: 'password', message: 'The password is not correct.' }]);
    expect((await client.request('DELETE', '/api/account', { json: {} })).status).toBe(400);
    expect((await client.get('/api/auth/user')).status).toBe(200);

    const streams = [`user-${id}`, `claim-${claimId}`, `notifications-${id}`];
    const before = await Promise.all(streams.map(async (s) => (await app.system.store.readStream(s)).version));
    const res = await client.request('DELETE', '/api/account', { json: { password: PASSWORD } });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join(';')).toMatch(/cc_session=;/);

    // Signed out everywhere; the events stay, with nothing personal readable.
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    const after = await Promise.all(streams.map(async (s) => (await app.system.store.readStream(s)).version));
    expect(after).toEqual(before);
    expect((await app.system.store.readStream(`account-${id}`)).events.map((e) => e.type)).toEqual(['AccountErased']);
    // Crypto-shredding: the key is gone (a tombstone stays), so the sealed data in the events cannot be opened.
    expect(await app.system.knex('personal_data_keys').where({ subject_id: id }).first('key')).toEqual({ key: null });
    const registered = (await app.system.store.readStream(`user-${id}`)).events[0]!;
    const vault = new PersonalDataVault(app.system.knex);
    expect(await vault.open(id, (registered.data as { personal: SealedData }).personal)).toBeUndefined();
    await expect(vault.seal(id, { anything: 'new' })).rejects.toBeInstanceOf(PersonalDataErasedError);

    // The whole database as text, and every file in the data folder.
    const tables: { table_name: string }[] = (
      await app.system.knex.raw(`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`)
    ).rows;
    expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['events', 'user_profiles', 'claims', 'documents', 'notifications', 'email_deliveries']));
    let dump = '';
    for (const { table_name: table } of tables) {
      const rows = await app.system.knex.raw(`select t::text as row from "${table}" t`);
      dump += rows.rows.map((r: { row: string }) => r.row).join('\n');
    }
    const files: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else files.push((await fs.readFile(full)).toString('latin1'));
      }
    };
    await walk(app.config.dataDir);
    const everything = `${dump}\n${files.join('\n')}`;
    expect(dump).toContain(id);
    const where = (value: string) => {
      const at = everything.toLowerCase().indexOf(value.toLowerCase());
      return at < 0 ? null : everything.slice(Math.max(0, at - 200), at + 100);
    };
    for (const value of personal) expect({ value, found: where(value) }).toEqual({ value, found: null });

    // (A sign-in attempt records the address it was given, as the sign-in throttle does for any address.)
    expect((await app.client().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(401);

    // The address can be used again, by a new account with nothing of the old one.
    const again = app.client();
    const fresh = await again.register(email, NEW_PASSWORD);
    expect(fresh.id).not.toBe(id);
    expect((await again.get('/api/claims')).data).toEqual([]);
    const users = await admin.get(`/api/users/with-tier?filter=${encodeURIComponent(JSON.stringify({ q: 'eraser@' }))}`);
    expect(users.data.map((u: { id: string }) => u.id)).toEqual([fresh.id]);
  });
});
