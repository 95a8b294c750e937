import yauzl from 'yauzl';
import type { SealedData } from '@cc/contracts';
import { PersonalDataErasedError, PersonalDataVault } from '@cc/platform';
import { startSmtpServer } from '@cc/notification-service/testing/smtpServer';
import { dumpDatabase, findPlainCopies, markers, PASSWORD, personalValues, rawKeyOf, veteranWithData } from '@cc/gateway/testing/erasure';
import { eventually } from '@cc/gateway/testing/eventually';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

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

  const resetMails = (to: string) =>
    smtp.received.filter((m) => m.envelope.to.includes(to) && m.mail.subject === 'Reset your Claims Copilot password');

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
    expect(known.data.message).toBe(
      "If an account exists for that e-mail, we've sent a link to reset your password. It works for 60 minutes.",
    );
    // Asked again at once: the account gets no second e-mail.
    expect((await app.client().post('/api/auth/password-reset', { email: 'forgetful@example.org' })).status).toBe(202);

    const mails = await eventually(
      async () => resetMails('forgetful@example.org'),
      (list) => list.length >= 1,
    );
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
    expect(wrong.data).toMatchObject({
      title: 'Invalid or expired link',
      detail: 'This password reset link is invalid or has expired. Please ask for a new one.',
    });

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
    const [message] = await eventually(
      async () => resetMails('late@example.org'),
      (list) => list.length >= 1,
    );
    const token = tokenOf(message!.mail.text ?? '')!;
    await app.system
      .knex('password_reset_tokens')
      .where({ user_id: userId })
      .update({ expires_at: app.system.knex.raw("now() - interval '1 second'") });
    const res = await app.client().post('/api/auth/password-reset/confirm', { token, password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.data.title).toBe('Invalid or expired link');
    expect((await app.client().post('/api/auth/login', { email: 'late@example.org', password: PASSWORD })).status).toBe(200);
  });

  it('refuses a malformed request', async () => {
    expect((await app.client().post('/api/auth/password-reset', { email: 'not-an-address' })).data.errors).toEqual([
      { field: 'email', message: 'Invalid email address' },
    ]);
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
    // In a cluster of its own under DATA_DIR, as `npm start` keeps it: the erasure test searches its files and WAL.
    app = await startTestApp({ env: { ADMIN_EMAILS: 'acct.admin@example.org', ADMIN_PASSWORD: PASSWORD }, embeddedDatabase: true });
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
    for (let i = 0; i < 5; i++)
      expect((await me.post('/api/auth/password', { currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await me.post('/api/auth/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(429);
    expect((await me.request('DELETE', '/api/account', { json: { password: PASSWORD } })).status).toBe(429);
  });

  const veteran = (email: string, tag: string) =>
    veteranWithData({ client: () => app.client(), outboxDir: app.system.outboxDir }, admin, email, tag);

  it('exports everything as a ZIP of JSON and the files themselves, with its exact size', async () => {
    const { client, id, claimId, files } = await veteran('exporter@example.org', 'Ex');
    const [text, pdf] = files;
    const w = markers('Ex');
    expect((await app.client().get('/api/account/export')).status).toBe(401);

    const res = await download(client, app.baseUrl, '/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="claims-copilot-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(Number(res.headers.get('content-length'))).toBe(res.body.length);

    const entries = await unzip(res.body);
    const json = (name: string) => JSON.parse(entries.get(name)!.toString('utf8'));
    expect(entries.get('README.txt')!.toString()).toContain(
      'claims.json: every claim with its notes, documents and full history of changes.',
    );
    expect(json('profile.json')).toMatchObject({
      id,
      email: 'exporter@example.org',
      phone: w.phone,
      mos: `1A2X1 Loadmaster ${w.Zephyrine}`,
    });
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
    expect(claim.history.map((h: { type: string }) => h.type)).toEqual([
      'ClaimFiled',
      'ClaimStatusChanged',
      'ClaimNoteAdded',
      'ClaimDocumentAdded',
    ]);

    const documents = json('documents.json');
    expect(documents.map((d: { fileName: string }) => d.fileName).sort()).toEqual([
      `${w.MarchettiVosk} DD214.pdf`,
      `${w.Orrisfield} treatment note.txt`,
    ]);
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

  it('deletes an account: nothing personal readable anywhere, not in the database files or its WAL either; the events stay, the e-mail is free again', async () => {
    const email = 'eraser.er7q@example.org';
    const { client, id, claimId, files } = await veteran(email, 'Er');
    const phone = app.client();
    await phone.signIn(email, PASSWORD);
    // A failed sign-in is counted under the address.
    expect((await app.client().post('/api/auth/login', { email, password: 'wrong password!' })).status).toBe(401);
    const personal = personalValues(email, 'Er', files);
    const key = await rawKeyOf(app.system.knex, id);

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

    // The whole database as text.
    const dump = await dumpDatabase(app.system.knex);
    expect(dump).toContain(id);
    for (const value of personal)
      expect({ value, inTables: dump.toLowerCase().includes(value.toLowerCase()) }).toEqual({ value, inTables: false });
    // Every file in the data folder: stored files, outbox, and the database's own files, dead row
    // versions and WAL (a deleted row stays in its page, and every row ever written in the WAL);
    // the destroyed key too, or crypto-shredding would be undone by reading it back from there.
    expect(await findPlainCopies([app.config.dataDir], personal, [key])).toEqual({});

    // (A sign-in attempt records the address it was given, as the sign-in throttle does for any address.)
    expect((await app.client().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(401);

    // The address can be used again, by a new account with nothing of the old one.
    const again = app.client();
    const fresh = await again.register(email, NEW_PASSWORD);
    expect(fresh.id).not.toBe(id);
    expect((await again.get('/api/claims')).data).toEqual([]);
    const users = await admin.get(`/api/users/with-tier?filter=${encodeURIComponent(JSON.stringify({ q: 'eraser.er7q@' }))}`);
    expect(users.data.map((u: { id: string }) => u.id)).toEqual([fresh.id]);
  });
});
