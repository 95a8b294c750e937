import yauzl from 'yauzl';
import { expectListContract, simpleRest } from '@cc/gateway/testing/listContract';
import { eventually } from '@cc/gateway/testing/eventually';
import { waitForMail } from '@cc/gateway/testing/mail';
import { startStaffApp, type StaffApp } from '@cc/gateway/testing/staff';
import type { TestClient } from '@cc/gateway/testing/testApp';

type Member = TestClient & { id: string };

/** Every file of a zip archive, by name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error);
      const files = new Map<string, Buffer>();
      archive.on('entry', (entry: yauzl.Entry) =>
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            archive.readEntry();
          });
        }),
      );
      archive.on('end', () => resolve(files));
      archive.readEntry();
    });
  });
}

describe('support requests: veterans of every tier, the support queue, replies and notifications', () => {
  let staff: StaffApp;
  let free: Member;
  let basic: Member;
  let pro: Member;
  let other: Member;
  const ids: Record<'free' | 'basic' | 'pro', string> = { free: '', basic: '', pro: '' };
  let proClaimId: string;

  beforeAll(async () => {
    staff = await startStaffApp({}, 'helpdesk');
    free = await staff.member('help.free@example.org', 'free', { firstName: 'Fran', lastName: 'Free' });
    basic = await staff.member('help.basic@example.org', 'basic', { firstName: 'Bea', lastName: 'Basic' });
    pro = await staff.member('help.pro@example.org', 'pro', { firstName: 'Pat', lastName: 'Pro' });
    other = await staff.member('help.other@example.org', 'free');
    proClaimId = (await pro.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' })).data.id;
  }, 60_000);
  afterAll(async () => staff.app.close());

  it('lets every tier open a request (Free first, Pro last), recording the tier at opening', async () => {
    const opened = await free.post('/api/support-requests', { subject: 'Where is my upload?', message: 'I uploaded a PDF yesterday.' });
    expect(opened.status).toBe(201);
    expect(opened.data).toMatchObject({
      subject: 'Where is my upload?',
      status: 'open',
      claimId: null,
      messageCount: 1,
      messages: [{ author: 'veteran', authorName: 'Fran Free', body: 'I uploaded a PDF yesterday.' }],
    });
    ids.free = opened.data.id;
    ids.basic = (await basic.post('/api/support-requests', { subject: 'Billing question', message: 'Was I charged twice?' })).data.id;
    const withClaim = await pro.post('/api/support-requests', { subject: 'My tinnitus claim', message: 'What next?', claimId: proClaimId });
    expect(withClaim.status).toBe(201);
    expect(withClaim.data.claimId).toBe(proClaimId);
    ids.pro = withClaim.data.id;

    const mine = await free.get('/api/support-requests');
    expect(mine.status).toBe(200);
    expect(mine.data.map((r: { id: string }) => r.id)).toEqual([ids.free]);
    expect(mine.headers.get('content-range')).toBe('support-requests 0-0/1');
  });

  it('shows support the queue Pro, Basic, Free by default, with tier, requester and waiting time, and filters it', async () => {
    const queue = await staff.support.get('/api/staff/support-requests');
    expect(queue.status).toBe(200);
    expect(queue.data.map((r: { id: string }) => r.id)).toEqual([ids.pro, ids.basic, ids.free]);
    expect(queue.data.map((r: { tier: string; priority: number }) => [r.tier, r.priority])).toEqual([
      ['pro', 1],
      ['basic', 2],
      ['free', 3],
    ]);
    expect(queue.data[0]).toMatchObject({ requesterName: 'Pat Pro', requesterEmail: 'help.pro@example.org', status: 'open' });
    expect(Date.parse(queue.data[0].waitingSince)).toBeLessThanOrEqual(Date.now());

    // react-admin's own provider, sorting by the queue's priority: the same order; DESC reverses it.
    const provider = simpleRest(staff.app.baseUrl, staff.support);
    const byPriority = await provider.getList('staff/support-requests', {
      sort: { field: 'priority', order: 'ASC' },
      pagination: { page: 1, perPage: 25 },
      filter: {},
    });
    expect(byPriority.data.map((r) => r.id)).toEqual([ids.pro, ids.basic, ids.free]);
    expect(byPriority.total).toBe(3);
    const free_ = await provider.getList('staff/support-requests', {
      sort: { field: 'priority', order: 'ASC' },
      pagination: { page: 1, perPage: 25 },
      filter: { tier: 'free', status: 'open' },
    });
    expect(free_.data.map((r) => r.id)).toEqual([ids.free]);
    const bad = await staff.support.get(`/api/staff/support-requests?filter=${encodeURIComponent('{"status":"lost"}')}`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
  });

  it('keeps the ra-data-simple-rest list contract, react-admin’s default sort=["id","ASC"] included', async () => {
    await expectListContract({
      baseUrl: staff.app.baseUrl,
      client: staff.support,
      resource: 'staff/support-requests',
      rangeName: 'support-requests',
      total: 3,
    });
  });

  it('shows support the thread with the veteran’s claim summary', async () => {
    const show = await staff.support.get(`/api/staff/support-requests/${ids.pro}`);
    expect(show.status).toBe(200);
    expect(show.data.claim).toMatchObject({ id: proClaimId, condition: 'Tinnitus', statusLabel: 'Submitted' });
    expect(show.data.messages).toHaveLength(1);
  });

  it('sends support’s answer to the veteran in the app and by e-mail, and the thread shows it', async () => {
    const answered = await staff.support.post(`/api/staff/support-requests/${ids.pro}/replies`, { message: 'Upload your audiogram next.' });
    expect(answered.status).toBe(201);
    expect(answered.data).toMatchObject({ status: 'answered', waitingSince: null, messageCount: 2 });
    expect(answered.data.messages[1]).toMatchObject({ author: 'support', authorName: 'Sam Helper', body: 'Upload your audiogram next.' });

    const [mail] = await waitForMail(staff.app.system.outboxDir, 'help.pro@example.org', /^Support answered: My tinnitus claim$/);
    expect(mail!.mail.text).toContain(`/help/requests/${ids.pro}`);
    // The answer itself stays in the app.
    expect(mail!.mail.text).not.toContain('audiogram');
    const bell = await eventually(
      () => pro.get('/api/notifications'),
      (res) => res.data.some((n: { kind: string }) => n.kind === 'support-answered'),
    );
    expect(bell.data.find((n: { kind: string }) => n.kind === 'support-answered')).toMatchObject({
      title: 'Support answered your request',
      link: `/help/requests/${ids.pro}`,
    });

    const thread = await pro.get(`/api/support-requests/${ids.pro}`);
    expect(thread.data.status).toBe('answered');
    expect(thread.data.messages.map((m: { author: string }) => m.author)).toEqual(['veteran', 'support']);
  });

  it('respects the notification preferences: with both switched off, nothing is sent', async () => {
    const off = await basic.put('/api/auth/preferences', {
      emailNotifications: { 'support-answered': false },
      inAppNotifications: { 'support-answered': false },
    });
    expect(off.status).toBe(200);
    expect((await staff.admin.post(`/api/staff/support-requests/${ids.basic}/replies`, { message: 'No, once only.' })).status).toBe(201);
    // A later answer to the Pro veteran arrives, so the worker has passed the Basic one by then.
    await staff.support.post(`/api/staff/support-requests/${ids.pro}/replies`, { message: 'And a buddy statement.' });
    await waitForMail(staff.app.system.outboxDir, 'help.pro@example.org', /^Support answered/, 2);
    const list = await basic.get('/api/notifications');
    expect(list.data.filter((n: { kind: string }) => n.kind === 'support-answered')).toEqual([]);
  });

  it('closes a request: no more replies, and the veteran sees it closed', async () => {
    const closed = await staff.support.post(`/api/staff/support-requests/${ids.pro}/close`, {});
    expect(closed.status).toBe(200);
    expect(closed.data.status).toBe('closed');
    const reply = await pro.post(`/api/support-requests/${ids.pro}/replies`, { message: 'One more thing' });
    expect(reply.status).toBe(409);
    expect(reply.data).toMatchObject({
      status: 409,
      detail: 'This support request is closed. Open a new request to write to support again.',
    });
    expect((await pro.get(`/api/support-requests/${ids.pro}`)).data.status).toBe('closed');
    const closedQueue = await staff.support.get(`/api/staff/support-requests?filter=${encodeURIComponent('{"status":"closed"}')}`);
    expect(closedQueue.data.map((r: { id: string }) => r.id)).toEqual([ids.pro]);
  });

  it('a veteran’s reply puts the request back in the queue as waiting', async () => {
    const reply = await basic.post(`/api/support-requests/${ids.basic}/replies`, { message: 'Thanks, and the refund?' });
    expect(reply.status).toBe(201);
    expect(reply.data.status).toBe('open');
    const row = (await staff.support.get('/api/staff/support-requests')).data.find((r: { id: string }) => r.id === ids.basic);
    expect(row.waitingSince).not.toBeNull();
  });

  it('refuses bad input with problem details', async () => {
    const expectProblem = (res: { status: number; headers: Headers }, status: number) => {
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    };
    const empty = await free.post('/api/support-requests', { subject: '  ', message: '' });
    expectProblem(empty, 400);
    expect(empty.data.errors.map((e: { field: string; message: string }) => [e.field, e.message])).toEqual([
      ['subject', 'Subject is required'],
      ['message', 'Message is required'],
    ]);
    const long = await free.post('/api/support-requests', { subject: 'x'.repeat(201), message: 'y'.repeat(5001) });
    expectProblem(long, 400);
    expect(long.data.errors.map((e: { message: string }) => e.message)).toEqual([
      'Subject must be at most 200 characters',
      'Message must be at most 5000 characters',
    ]);
    const someoneElses = await other.post('/api/support-requests', { subject: 'Hi', message: 'Hello', claimId: proClaimId });
    expectProblem(someoneElses, 400);
    expect(someoneElses.data.errors).toEqual([{ field: 'claimId', message: 'Claim not found.' }]);
    expectProblem(await free.post(`/api/support-requests/${ids.free}/replies`, { message: '' }), 400);
    // Nothing was opened by the refusals.
    expect((await other.get('/api/support-requests')).data).toEqual([]);
  });

  it('keeps each veteran to their own requests and the queue to support and administrators', async () => {
    expect((await other.get(`/api/support-requests/${ids.pro}`)).status).toBe(404);
    expect((await other.post(`/api/support-requests/${ids.free}/replies`, { message: 'Me too' })).status).toBe(404);
    expect((await other.post(`/api/support-requests/${ids.free}/close`, {})).status).toBe(404);
    expect((await free.get('/api/support-requests/not-an-id')).status).toBe(404);
    for (const client of [free, pro, staff.adjudicator]) {
      expect((await client.get('/api/staff/support-requests')).status).toBe(403);
      expect((await client.get(`/api/staff/support-requests/${ids.free}`)).status).toBe(403);
      expect((await client.post(`/api/staff/support-requests/${ids.free}/replies`, { message: 'x' })).status).toBe(403);
    }
    expect((await staff.app.client().get('/api/support-requests')).status).toBe(401);
    expect((await staff.admin.get('/api/staff/support-requests')).data).toHaveLength(3);
    expect((await staff.support.get('/api/staff/support-requests/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('keeps the thread as events on one stream per request', async () => {
    const rows = await staff.app.system
      .knex('events')
      .where({ stream_id: `support-request-${ids.pro}` })
      .orderBy('stream_version')
      .select('type');
    expect(rows.map((r: { type: string }) => r.type)).toEqual([
      'SupportRequestOpened',
      'SupportRequestReplied',
      'SupportRequestReplied',
      'SupportRequestClosed',
    ]);
  });

  it('serves /help the assistant’s knowledge base, searchable', async () => {
    const all = await free.get('/api/help/articles');
    expect(all.status).toBe(200);
    expect(all.data.length).toBeGreaterThan(10);
    const found = await free.get(`/api/help/articles?q=${encodeURIComponent('bilateral factor')}`);
    expect(found.data[0]).toMatchObject({ id: 'bilateral-factor', title: 'The bilateral factor for both arms or both legs' });
    expect(found.data[0].citations[0]).toMatchObject({ label: '38 CFR 4.26' });
    expect((await staff.app.client().get('/api/help/articles')).status).toBe(401);
  });

  it('rebuilds the read model from the events to the same rows', async () => {
    const before = await staff.support.get(`/api/staff/support-requests?sort=${encodeURIComponent('["id","ASC"]')}`);
    const started = await staff.support.post('/api/staff/projections/support_requests/rebuild', {});
    expect(started.status).toBe(202);
    const done = await eventually(
      () => staff.support.get(`/api/staff/rebuilds/${started.data.rebuildId}`),
      (res) => res.data.state !== 'running',
      30_000,
    );
    expect(done.data.state).toBe('swapped');
    const after = await staff.support.get(`/api/staff/support-requests?sort=${encodeURIComponent('["id","ASC"]')}`);
    expect(after.data).toEqual(before.data);
  });

  it('puts the veteran’s requests and their answers in the data export', async () => {
    const res = await fetch(`${staff.app.baseUrl}/api/account/export`, { headers: { cookie: basic.cookieHeader() ?? '' } });
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const exported = JSON.parse(entries.get('support-requests.json')!.toString('utf8'));
    expect(exported).toEqual([
      expect.objectContaining({
        id: ids.basic,
        subject: 'Billing question',
        messages: [
          expect.objectContaining({ author: 'veteran', body: 'Was I charged twice?' }),
          expect.objectContaining({ author: 'support', body: 'No, once only.' }),
          expect.objectContaining({ author: 'veteran', body: 'Thanks, and the refund?' }),
        ],
      }),
    ]);
  });

  it('erases a veteran’s requests and threads with the account', async () => {
    const leaving = await staff.member('help.leaving@example.org', 'basic');
    const opened = await leaving.post('/api/support-requests', { subject: 'Brackenfold question', message: 'Zephyrine details' });
    expect(opened.status).toBe(201);
    await staff.support.post(`/api/staff/support-requests/${opened.data.id}/replies`, { message: 'Glimmerstone answer' });
    expect((await leaving.request('DELETE', '/api/account', { json: { password: 'correct horse battery' } })).status).toBe(204);
    const knex = staff.app.system.knex;
    expect(await knex('support_requests').where({ user_id: leaving.id })).toEqual([]);
    expect(await knex('support_messages').where({ user_id: leaving.id })).toEqual([]);
    expect((await staff.support.get(`/api/staff/support-requests/${opened.data.id}`)).status).toBe(404);
    const queue = (await staff.support.get('/api/staff/support-requests')).data as { id: string }[];
    expect(queue.map((r) => r.id)).not.toContain(opened.data.id);
  });
});
