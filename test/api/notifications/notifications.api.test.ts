import { SAMPLE_EMAILS } from '@cc/contracts';
import { expectListContract } from '@cc/gateway/testing/listContract';
import { eventually } from '@cc/gateway/testing/eventually';
import { mailSettled, readOutbox, waitForMail } from '@cc/gateway/testing/mail';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

const PASSWORD = 'correct horse battery';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function upload(client: TestClient, fileName: string, body: Buffer, claimId?: string) {
  const address = await client.post('/api/objects/upload', {});
  const put = await client.request('PUT', address.data.uploadURL, {
    body: body as unknown as string,
    headers: { 'content-type': 'application/pdf' },
  });
  expect(put.status).toBe(201);
  const res = await client.put('/api/documents', {
    documentURL: address.data.uploadURL,
    fileName,
    fileType: 'application/pdf',
    fileSize: body.length,
    claimId,
  });
  expect(res.status).toBe(201);
  return res.data.id as string;
}

const notifications = (client: TestClient) => client.get('/api/notifications');
const waitForNotifications = (client: TestClient, count: number) =>
  eventually(
    () => notifications(client),
    (res) => Array.isArray(res.data) && res.data.length >= count,
  );

describe('notifications: the worker, the bell API and e-mail in the outbox', () => {
  let app: TestApp;
  let admin: TestClient;
  let vet: TestClient;
  let vetId: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'mail.admin@example.org', ADMIN_PASSWORD: PASSWORD } });
    admin = app.client();
    await admin.signIn('mail.admin@example.org');
    vet = app.client();
    vetId = (await vet.register('mail.vet@example.org', PASSWORD, { firstName: 'Robin', lastName: 'Hayes' })).id;
  });
  afterAll(async () => app.close());

  it('welcomes a new account in the app and by e-mail, HTML and text, with the product name and no secret', async () => {
    const list = await waitForNotifications(vet, 1);
    expect(list.status).toBe(200);
    expect(list.data[0]).toMatchObject({ kind: 'welcome', title: 'Welcome to Claims Copilot', isRead: false, readAt: null, link: '/' });
    expect(list.headers.get('x-unread-count')).toBe('1');
    expect((await vet.get('/api/notifications/unread-count')).data).toEqual({ unreadCount: 1 });

    const [welcome] = await waitForMail(app.system.outboxDir, 'mail.vet@example.org', /^Welcome to Claims Copilot$/);
    const { mail, raw } = welcome!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('"Robin Hayes" <mail.vet@example.org>');
    expect(mail.from?.text).toContain('Claims Copilot');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@/);
    expect(mail.html).toContain('Claims Copilot');
    expect(mail.html).toContain('Hello Robin,');
    expect(mail.text).toContain('Hello Robin,');
    expect(mail.text).toContain('Open your dashboard: http://localhost:3000/dashboard');
    expect(raw).not.toContain(PASSWORD);
    expect(app.logs.join('')).not.toContain(PASSWORD);
  });

  it('tells of a claim status change in both channels, naming the claim, and honours the e-mail toggle', async () => {
    const claim = await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' });
    expect((await vet.put(`/api/claims/${claim.data.id}/status`, { status: 'evidence_review' })).status).toBe(200);
    const [mail] = await waitForMail(app.system.outboxDir, 'mail.vet@example.org', /Claim 20\d\d-001 is now Evidence Review/);
    expect(mail!.mail.text).toContain('Your claim 20');
    expect(mail!.mail.text).toContain('for Tinnitus moved from Submitted to Evidence Review.');
    const list = await eventually(
      () => notifications(vet),
      (res) => res.data.some((n: { kind: string }) => n.kind === 'claim-status'),
    );
    expect(list.data[0]).toMatchObject({ kind: 'claim-status', title: 'Claim status updated', link: '/claims' });
    expect(list.data[0].body).toMatch(/Tinnitus\) moved from Submitted to Evidence Review\./);

    // E-mail off for status changes: the next one comes in the app only.
    await vet.put('/api/auth/preferences', { emailNotifications: { 'claim-status': false } });
    expect((await vet.put(`/api/claims/${claim.data.id}/status`, { status: 'approved' })).status).toBe(200);
    await eventually(
      () => notifications(vet),
      (res) => res.data.filter((n: { kind: string }) => n.kind === 'claim-status').length === 2,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const statusMails = (await readOutbox(app.system.outboxDir)).filter((m) => /Claim 20\d\d-001 is now/.test(m.mail.subject ?? ''));
    expect(statusMails.map((m) => m.mail.subject)).toEqual([expect.stringMatching(/Evidence Review$/)]);
  });

  it("records a user's notifications one after another without reading their stream again", async () => {
    const client = app.client();
    const { id } = await client.register('mail.reads@example.org', PASSWORD);
    await waitForNotifications(client, 1);
    const stream = `notifications-${id}`;
    let reads = 0;
    const count = (query: { sql: string; bindings?: unknown[] }) => {
      if (/^select\b/.test(query.sql) && /stream_version|stream_snapshots/.test(query.sql) && query.bindings?.includes(stream)) reads += 1;
    };
    app.system.knex.on('query', count);
    try {
      const claim = await client.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' });
      for (const status of ['initial_review', 'evidence_review']) {
        expect((await client.put(`/api/claims/${claim.data.id}/status`, { status })).status).toBe(200);
      }
      await eventually(
        () => notifications(client),
        (res) => res.data.filter((n: { kind: string }) => n.kind === 'claim-status').length === 2,
      );
    } finally {
      app.system.knex.off('query', count);
    }
    // The worker decided the welcome on this stream: the next ones start from that state.
    expect(reads).toBe(0);
  });

  it('confirms a document upload (not a generated report), and turning in-app off keeps it out of the bell', async () => {
    await upload(vet, 'Knee MRI.pdf', PDF);
    const [mail] = await waitForMail(app.system.outboxDir, 'mail.vet@example.org', /^Document received: Knee MRI\.pdf$/);
    expect(mail!.mail.text).toContain('Knee MRI.pdf (0.00 MB) is stored in your document repository.');
    await eventually(
      () => notifications(vet),
      (res) => res.data.some((n: { kind: string }) => n.kind === 'document-upload'),
    );

    await vet.put('/api/auth/preferences', { inAppNotifications: { 'document-upload': false } });
    await upload(vet, 'Second.pdf', PDF);
    await waitForMail(app.system.outboxDir, 'mail.vet@example.org', /^Document received: Second\.pdf$/);
    const list = await notifications(vet);
    expect(list.data.filter((n: { kind: string }) => n.kind === 'document-upload')).toHaveLength(1);
  });

  it('tells of a tier change as a subscription change', async () => {
    expect((await admin.put(`/api/users/${vetId}/tier`, { tierName: 'basic' })).status).toBe(200);
    const [mail] = await waitForMail(app.system.outboxDir, 'mail.vet@example.org', /^Your Claims Copilot plan is now Basic$/);
    expect(mail!.mail.text).toContain('Your member tier changed from Free to Basic.');
    await eventually(
      () => notifications(vet),
      (res) => res.data.some((n: { kind: string }) => n.kind === 'subscription'),
    );
  });

  it('marks one notification read, then all; another user cannot touch them', async () => {
    const list = await notifications(vet);
    const unread = Number(list.headers.get('x-unread-count'));
    expect(unread).toBeGreaterThanOrEqual(4);
    const first = list.data[0];
    const other = app.client();
    await other.register('mail.other@example.org');
    expect((await other.post(`/api/notifications/${first.id}/read`)).status).toBe(404);
    expect((await vet.post('/api/notifications/not-a-uuid/read')).status).toBe(404);
    expect((await app.client().post(`/api/notifications/${first.id}/read`)).status).toBe(401);

    const read = await vet.post(`/api/notifications/${first.id}/read`);
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({ id: first.id, isRead: true });
    expect(read.data.readAt).toEqual(expect.any(String));
    expect((await vet.get('/api/notifications/unread-count')).data.unreadCount).toBe(unread - 1);

    const all = await vet.post('/api/notifications/read-all');
    expect(all.status).toBe(200);
    expect(all.data).toEqual({ unreadCount: 0 });
    const after = await vet.get(`/api/notifications?filter=${encodeURIComponent(JSON.stringify({ isRead: false }))}`);
    expect(after.data).toEqual([]);
    expect(after.headers.get('x-unread-count')).toBe('0');
    // Nothing left to mark: nothing recorded.
    const before = (await app.system.store.readStream(`notifications-${vetId}`)).version;
    expect((await vet.post('/api/notifications/read-all')).status).toBe(200);
    expect((await app.system.store.readStream(`notifications-${vetId}`)).version).toBe(before);
  });

  it('lists notifications newest first under the list contract', async () => {
    const list = await notifications(vet);
    const times = list.data.map((n: { createdAt: string }) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    await expectListContract({
      baseUrl: app.baseUrl,
      client: vet,
      resource: 'notifications',
      rangeName: 'notifications',
      total: list.data.length,
    });
    expect((await vet.get(`/api/notifications?filter=${encodeURIComponent(JSON.stringify({ kind: 'nonsense' }))}`)).status).toBe(400);
  });

  describe('the Email Testing page (administrators only)', () => {
    it('sends the six sample e-mails to the address given and answers with a message', async () => {
      const res = await admin.post('/api/emails/send-sample', { to: 'samples@example.org' });
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ message: '6 sample emails sent to samples@example.org' });
      const mails = await waitForMail(app.system.outboxDir, 'samples@example.org', /^\[Sample\]/, 6);
      expect(mails.map((m) => m.mail.subject).sort()).toEqual(
        [
          '[Sample] Welcome to Claims Copilot',
          '[Sample] Claim 2026-001 is now Evidence Review',
          '[Sample] Document received: Sample medical record.pdf',
          "[Sample] You've reached your monthly limit of 25 document analyses",
          '[Sample] Your Claims Copilot plan is now Basic',
          '[Sample] Reset your Claims Copilot password',
        ].sort(),
      );
      for (const { mail } of mails) {
        expect(mail.html).toContain('Claims Copilot');
        expect(mail.text).toContain('Claims Copilot');
      }
      expect(SAMPLE_EMAILS).toHaveLength(6);
    });

    it('refuses anyone but an administrator (403), a signed-out visitor (401), and a bad address (400)', async () => {
      expect((await vet.post('/api/emails/send-sample', { to: 'x@example.org' })).status).toBe(403);
      expect((await vet.get('/api/emails/outbox')).status).toBe(403);
      const adjudicator = app.client();
      const judge = await adjudicator.register('mail.judge@example.org');
      await admin.put(`/api/users/${judge.id}/tier`, { tierName: 'adjudicators' });
      await eventually(
        () => adjudicator.get('/api/auth/user'),
        (r) => r.data.memberTier === 'adjudicators',
      );
      expect((await adjudicator.post('/api/emails/send-sample', { to: 'x@example.org' })).status).toBe(403);
      expect((await adjudicator.get('/api/emails/outbox')).status).toBe(403);
      expect((await app.client().post('/api/emails/send-sample', { to: 'x@example.org' })).status).toBe(401);
      const bad = await admin.post('/api/emails/send-sample', { to: 'not an address' });
      expect(bad.status).toBe(400);
      expect(bad.data.errors[0]).toEqual({ field: 'to', message: 'Invalid email address' });
      expect((await admin.post('/api/emails/send-sample', {})).status).toBe(400);
    });

    it('lists the outbox newest first and opens a message: text, a sandboxed HTML view, the raw .eml', async () => {
      // The tests before this one caused e-mails (a sign-up's welcome) that may still be on their way.
      await mailSettled(app.system);
      const list = await admin.get('/api/emails/outbox');
      expect(list.status).toBe(200);
      expect(list.headers.get('x-mail-transport')).toBe('outbox');
      const files = await readOutbox(app.system.outboxDir);
      expect(list.data).toHaveLength(files.length);
      const sentAt = list.data.map((m: { sentAt: string }) => m.sentAt);
      expect(sentAt).toEqual([...sentAt].sort().reverse());
      expect(list.data.filter((m: { to: string; sample: boolean }) => m.to === 'samples@example.org' && m.sample)).toHaveLength(6);
      await expectListContract({
        baseUrl: app.baseUrl,
        client: admin,
        resource: 'emails/outbox',
        rangeName: 'emails',
        total: files.length,
      });

      const welcome = list.data.find((m: { kind: string; sample: boolean }) => m.kind === 'welcome' && !m.sample);
      const detail = await admin.get(`/api/emails/outbox/${welcome.id}`);
      expect(detail.status).toBe(200);
      expect(detail.data).toMatchObject({ id: welcome.id, subject: 'Welcome to Claims Copilot', kind: 'welcome' });
      expect(detail.data.from).toContain('Claims Copilot');
      expect(detail.data.text).toContain('Welcome to Claims Copilot');
      const html = await admin.get(`/api/emails/outbox/${welcome.id}/html`);
      expect(html.status).toBe(200);
      expect(html.headers.get('content-type')).toContain('text/html');
      expect(html.headers.get('content-security-policy')).toContain('sandbox');
      expect(html.text).toContain('<h1');
      const raw = await admin.get(`/api/emails/outbox/${welcome.id}/raw`);
      expect(raw.headers.get('content-type')).toContain('message/rfc822');
      expect(raw.text).toContain('Subject: Welcome to Claims Copilot');
      expect((await admin.get('/api/emails/outbox/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });
  });
});

describe('the notifications worker: a repeated delivery sends nothing twice', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ notificationsWorker: false });
  });
  afterAll(async () => app.close());

  it('gives one notification and one e-mail per event after a full redelivery, and resends only a send a crash left open', async () => {
    const vet = app.client();
    const { id: userId } = await vet.register('redelivery@example.org', PASSWORD, { firstName: 'Kim' });
    const claim = await vet.post('/api/claims', { condition: 'Back strain', conditionType: 'primary' });
    await vet.put(`/api/claims/${claim.data.id}/status`, { status: 'initial_review' });
    const head = await app.system.store.headPosition();

    const runToHead = async () => {
      const worker = app.system.startNotificationsWorker();
      await worker.waitFor(head, 15_000);
      await worker.stop();
    };
    const state = async () => ({
      notifications: (await app.system.knex('notifications').where({ user_id: userId }).count('* as n'))[0]!.n,
      events: (await app.system.store.readStream(`notifications-${userId}`)).version,
      deliveries: await app.system
        .knex('email_deliveries')
        .where({ user_id: userId })
        .orderBy('key')
        .select('key', 'status', 'attempts', 'message_id'),
      files: (await readOutbox(app.system.outboxDir)).map((m) => m.file),
    });

    await runToHead();
    await eventually(
      () => vet.get('/api/notifications'),
      (r) => r.data.length === 2,
    );
    const first = await state();
    expect(first.events).toBe(2);
    expect(first.deliveries).toHaveLength(2);
    expect(first.deliveries.every((d: { status: string; attempts: number }) => d.status === 'sent' && d.attempts === 1)).toBe(true);
    expect(first.files).toHaveLength(2);

    // Every event delivered again from the start: nothing new is recorded or sent.
    await app.system.knex('subscription_checkpoints').where({ name: 'worker:notifications' }).del();
    await runToHead();
    expect(await state()).toEqual(first);

    // A crash between handing a message over and recording it: only that one goes again, as the same message.
    const open = first.deliveries.find((d: { key: string }) => d.key.endsWith(':claim-status'))!;
    await app.system.knex('email_deliveries').where({ key: open.key }).update({ status: 'sending' });
    const { rm } = await import('node:fs/promises');
    const openId = (await app.system.knex('email_deliveries').where({ key: open.key }).first('id')).id;
    await rm(`${app.system.outboxDir}/${openId}.eml`);
    await app.system.knex('subscription_checkpoints').where({ name: 'worker:notifications' }).del();
    await runToHead();
    const after = await state();
    expect(after.events).toBe(2);
    expect(after.files).toEqual(first.files);
    expect(after.deliveries).toEqual(
      first.deliveries.map((d: { key: string; attempts: number }) => (d.key === open.key ? { ...d, attempts: 2 } : d)),
    );
  });
});
