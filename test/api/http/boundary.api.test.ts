import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { startTestApp, storedEventCount, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route the app serves, read from Express's own route table. */
function routesOf(app: { router: { stack: Layer[] } }): string[] {
  const walk = (stack: Layer[]): string[] =>
    stack.flatMap((layer) =>
      layer.route
        ? Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`)
        : layer.handle?.stack
          ? walk(layer.handle.stack)
          : [],
    );
  return walk(app.router.stack);
}

/** Sends raw bytes over one connection and returns the answer's status line and body. */
function rawRequest(port: number, request: string): Promise<{ statusLine: string; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ statusLine: head.split('\r\n')[0]!, headers: head, body });
    });
  });
}

/**
 * A NUL (or another C0 control character) anywhere in what a request carries is
 * refused at the edge with 400 naming the field, and nothing is appended.
 */
describe('control characters at the API boundary', () => {
  let app: TestApp;
  let vet: TestClient;
  let claimId: string;

  beforeAll(async () => {
    // The notifications worker appends in the background; these tests count every event appended.
    app = await startTestApp({ notificationsWorker: false });
    vet = app.client();
    await vet.register('boundary.vet@example.org');
    const filed = await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' });
    expect(filed.status).toBe(201);
    claimId = filed.data.id;
  });
  afterAll(async () => app.close());

  const deadLetters = async () => Number((await app.system.knex('subscription_dead_letters').count({ n: '*' }))[0]!.n);

  /** The request is refused with 400 naming `field`, and the event store is untouched. */
  async function expectRefused(send: () => Promise<{ status: number; data: any; headers: Headers }>, field: string) {
    const before = await storedEventCount(app);
    const res = await send();
    expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({
      status: 400,
      type: expect.stringMatching(/^application\/problem\+json/),
    });
    expect(res.data.errors).toEqual([{ field, message: expect.stringMatching(/control character/) }]);
    expect(await storedEventCount(app)).toBe(before);
  }

  it('refuses a NUL in a claim condition (was: 404, and the claim was stored and parked)', async () => {
    await expectRefused(() => vet.post('/api/claims', { condition: 'Knee\u0000pain', conditionType: 'primary' }), 'condition');
    await expectRefused(
      () => vet.post('/api/claims', { condition: 'Knee', conditionType: 'primary', nextAction: 'Call\u0000' }),
      'nextAction',
    );
    const board = await vet.get('/api/dashboard');
    expect(board.data.usage.claims.used).toBe(1);
    expect(await deadLetters()).toBe(0);
  });

  it('refuses a NUL in a note (was: 503)', async () => {
    await expectRefused(() => vet.post(`/api/claims/${claimId}/notes`, { note: 'called\u0000VA' }), 'note');
  });

  it('refuses a NUL in documentURL (was: 500)', async () => {
    await expectRefused(() => vet.put('/api/documents', { documentURL: '/api/objects/upload/\u0000', fileName: 'a.pdf' }), 'documentURL');
  });

  it('refuses a NUL in the sign-in e-mail (was: 500)', async () => {
    const anonymous = app.client();
    await expectRefused(() => anonymous.post('/api/auth/login', { email: 'boundary.vet@example.org\u0000', password: 'x' }), 'email');
  });

  it('names nested fields and keys, query parameters and JSON inside them, and path segments', async () => {
    await expectRefused(
      () => vet.post('/api/claims', { condition: 'Knee', conditionType: 'primary', extra: { list: ['ok', 'bad\u0007'] } }),
      'extra.list.1',
    );
    await expectRefused(() => vet.post('/api/claims', { condition: 'Knee', conditionType: 'primary', 'odd\u0001key': 1 }), 'odd\\u0001key');
    await expectRefused(() => vet.get('/api/claims?search=a%00b'), 'query.search');
    await expectRefused(() => vet.get('/api/claims?bad%1Bkey=1'), 'query.bad\\u001bkey');
    const filter = encodeURIComponent(JSON.stringify({ q: 'scan\u0000' }));
    await expectRefused(() => vet.get(`/api/documents?filter=${filter}`), 'query.filter.q');
    await expectRefused(() => vet.post(`/api/claims/${claimId}%00/notes`, { note: 'fine' }), 'path');
  });

  it('keeps tab, line feed and carriage return: notes may have several lines', async () => {
    const res = await vet.post(`/api/claims/${claimId}/notes`, { note: 'line one\r\nline two\n\tindented' });
    expect(res.status).toBe(201);
    expect(res.data.note).toBe('line one\r\nline two\n\tindented');
  });

  it('refuses every other C0 character', async () => {
    for (let code = 0; code < 0x20; code++) {
      if (code === 0x09 || code === 0x0a || code === 0x0d) continue;
      const before = await storedEventCount(app);
      const res = await vet.post(`/api/claims/${claimId}/notes`, { note: `x${String.fromCharCode(code)}y` });
      expect([code, res.status]).toEqual([code, 400]);
      expect(await storedEventCount(app)).toBe(before);
    }
  });

  describe('a sweep over every route', () => {
    const NUL = '\u0000';
    let documentId: string;
    let userId: string;

    beforeAll(async () => {
      userId = (await vet.get('/api/auth/user')).data.id;
      const { uploadURL } = (await vet.post('/api/objects/upload', {})).data;
      const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
      expect(
        (await vet.request('PUT', uploadURL, { body: pdf as unknown as string, headers: { 'content-type': 'application/pdf' } })).status,
      ).toBe(201);
      documentId = (await vet.put('/api/documents', { documentURL: uploadURL, fileName: 'swept.pdf', fileType: 'application/pdf' })).data
        .id;
    });

    /** Each route with a NUL in one of the strings it really takes, and the field the refusal must name. */
    const cases = (): Record<string, { path: string; json?: unknown; field: string }> => ({
      'POST /api/auth/register': {
        path: '/api/auth/register',
        json: { email: `new${NUL}@example.org`, password: 'correct horse battery', ageConfirmed: true, termsAccepted: true },
        field: 'email',
      },
      'POST /api/auth/login': {
        path: '/api/auth/login',
        json: { email: 'boundary.vet@example.org', password: `pass${NUL}` },
        field: 'password',
      },
      'GET /api/auth/user': { path: `/api/auth/user?view=${encodeURIComponent(NUL)}`, field: 'query.view' },
      'GET /api/login': { path: `/api/login?returnTo=%00`, field: 'query.returnTo' },
      'GET /api/logout': { path: `/api/logout?next=%00`, field: 'query.next' },
      'GET /api/health': { path: `/api/health?probe=%00`, field: 'query.probe' },
      'PUT /api/users/:userId/tier': { path: `/api/users/${userId}/tier`, json: { tierName: `basic${NUL}` }, field: 'tierName' },
      'POST /api/claims': { path: '/api/claims', json: { condition: `Knee${NUL}`, conditionType: 'primary' }, field: 'condition' },
      'PUT /api/claims/:id/status': {
        path: `/api/claims/${claimId}/status`,
        json: { status: 'approved', note: `ok${NUL}` },
        field: 'note',
      },
      'PUT /api/claims/:id/rating': {
        path: `/api/claims/${claimId}/rating`,
        json: { ratingPercentage: `50${NUL}` },
        field: 'ratingPercentage',
      },
      'POST /api/claims/:id/notes': { path: `/api/claims/${claimId}/notes`, json: { note: `n${NUL}` }, field: 'note' },
      'PATCH /api/claims/:id': { path: `/api/claims/${claimId}`, json: { nextAction: `call${NUL}` }, field: 'nextAction' },
      'POST /api/documents/:id/analyze': {
        path: `/api/documents/${documentId}/analyze`,
        json: { analysisType: `medical-records${NUL}` },
        field: 'analysisType',
      },
      'POST /api/documents/:id/analysis-pdf': {
        path: `/api/documents/${documentId}/analysis-pdf`,
        json: { originalFileName: `a${NUL}.pdf` },
        field: 'originalFileName',
      },
      'POST /api/objects/upload': { path: '/api/objects/upload', json: { fileName: `a${NUL}.pdf` }, field: 'fileName' },
      'PUT /api/objects/upload/:token': { path: `/api/objects/upload/x%00y`, field: 'path' },
      'PUT /api/documents': {
        path: '/api/documents',
        json: { documentURL: `/api/objects/upload/${NUL}`, fileName: 'a.pdf' },
        field: 'documentURL',
      },
      'PUT /api/documents/:id/claim': {
        path: `/api/documents/${documentId}/claim`,
        json: { claimId: `${claimId}${NUL}` },
        field: 'claimId',
      },
      'DELETE /api/documents/:id': { path: `/api/documents/${documentId}%00`, field: 'path' },
      'GET /api/ai-analysis/profile': { path: '/api/ai-analysis/profile?x=%01', field: 'query.x' },
      'GET /api/member-tiers': { path: '/api/member-tiers?x=%00', field: 'query.x' },
      'GET /api/users/with-tier': {
        path: `/api/users/with-tier?filter=${encodeURIComponent(JSON.stringify({ q: NUL }))}`,
        field: 'query.filter.q',
      },
      'GET /api/claims': {
        path: `/api/claims?sort=${encodeURIComponent(JSON.stringify([`filedAt${NUL}`, 'ASC']))}`,
        field: 'query.sort.0',
      },
      'GET /api/claims/:id': { path: `/api/claims/${claimId}%00`, field: 'path' },
      'GET /api/claims/:id/history': { path: `/api/claims/%00${claimId}/history`, field: 'path' },
      'GET /api/claims/:id/evidence': { path: `/api/claims/${claimId}/evidence?at=1%00`, field: 'query.at' },
      'GET /api/evidence/readiness': {
        path: `/api/evidence/readiness?filter=${encodeURIComponent(JSON.stringify({ id: NUL }))}`,
        field: 'query.filter.id',
      },
      'GET /api/dashboard': { path: '/api/dashboard?x=%1f', field: 'query.x' },
      'GET /api/documents': {
        path: `/api/documents?filter=${encodeURIComponent(JSON.stringify({ q: `scan${NUL}` }))}`,
        field: 'query.filter.q',
      },
      'GET /api/documents/:id': { path: `/api/documents/${documentId}%00`, field: 'path' },
      'GET /api/documents/:id/file': { path: `/api/documents/${documentId}/file?download=%00`, field: 'query.download' },
      // Billing
      'GET /api/subscription-plans': { path: '/api/subscription-plans?x=%00', field: 'query.x' },
      'GET /api/billing/subscription': { path: '/api/billing/subscription?subscription_id=%00', field: 'query.subscription_id' },
      'GET /api/billing/config': { path: '/api/billing/config?x=%00', field: 'query.x' },
      'POST /api/billing/checkout': {
        path: '/api/billing/checkout',
        json: { tierName: `basic${NUL}`, cycle: 'monthly' },
        field: 'tierName',
      },
      'POST /api/billing/apply-coupon': {
        path: '/api/billing/apply-coupon',
        json: { subscriptionId: 'x', couponCode: `A${NUL}` },
        field: 'couponCode',
      },
      'POST /api/billing/refresh-payment-intent': {
        path: '/api/billing/refresh-payment-intent',
        json: { subscriptionId: `x${NUL}` },
        field: 'subscriptionId',
      },
      'POST /api/billing/portal': { path: '/api/billing/portal?x=%00', field: 'query.x' },
      'POST /api/billing/cancel': { path: '/api/billing/cancel?x=%00', field: 'query.x' },
      'POST /api/billing/resume': { path: '/api/billing/resume?x=%00', field: 'query.x' },
      'POST /api/billing/refund': { path: '/api/billing/refund?x=%00', field: 'query.x' },
      'POST /api/billing/webhook': { path: '/api/billing/webhook?x=%00', field: 'query.x' },
      'POST /api/billing/test-mode/pay': {
        path: '/api/billing/test-mode/pay',
        json: { clientSecret: `s${NUL}`, cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' },
        field: 'clientSecret',
      },
      'POST /api/billing/test-mode/authenticate': {
        path: '/api/billing/test-mode/authenticate',
        json: { clientSecret: `s${NUL}`, outcome: 'approve' },
        field: 'clientSecret',
      },
      // Settings, notifications, e-mail, account.
      'PUT /api/auth/profile': { path: '/api/auth/profile', json: { name: `Pat${NUL}` }, field: 'name' },
      'GET /api/auth/preferences': { path: '/api/auth/preferences?x=%00', field: 'query.x' },
      'PUT /api/auth/preferences': { path: '/api/auth/preferences', json: { theme: `dark${NUL}` }, field: 'theme' },
      'GET /api/notifications': {
        path: `/api/notifications?filter=${encodeURIComponent(JSON.stringify({ kind: NUL }))}`,
        field: 'query.filter.kind',
      },
      'GET /api/notifications/unread-count': { path: '/api/notifications/unread-count?x=%00', field: 'query.x' },
      'GET /api/read-models/changes': { path: '/api/read-models/changes?x=%00', field: 'query.x' },
      'POST /api/notifications/:id/read': { path: `/api/notifications/%00${claimId}/read`, field: 'path' },
      'POST /api/notifications/read-all': { path: '/api/notifications/read-all?x=%00', field: 'query.x' },
      'POST /api/emails/send-sample': { path: '/api/emails/send-sample', json: { to: `a${NUL}@example.org` }, field: 'to' },
      'GET /api/emails/outbox': { path: '/api/emails/outbox?x=%00', field: 'query.x' },
      'GET /api/emails/outbox/:id': { path: `/api/emails/outbox/${claimId}%00`, field: 'path' },
      'GET /api/emails/outbox/:id/html': { path: `/api/emails/outbox/${claimId}%00/html`, field: 'path' },
      'GET /api/emails/outbox/:id/raw': { path: `/api/emails/outbox/${claimId}%00/raw`, field: 'path' },
      'POST /api/auth/password-reset': { path: '/api/auth/password-reset', json: { email: `a${NUL}@example.org` }, field: 'email' },
      'POST /api/auth/password-reset/confirm': {
        path: '/api/auth/password-reset/confirm',
        json: { token: `t${NUL}`, password: 'correct horse battery' },
        field: 'token',
      },
      'POST /api/auth/password': {
        path: '/api/auth/password',
        json: { currentPassword: `x${NUL}`, newPassword: 'correct horse battery' },
        field: 'currentPassword',
      },
      'GET /api/account': { path: '/api/account?x=%00', field: 'query.x' },
      'GET /api/account/export': { path: '/api/account/export?x=%00', field: 'query.x' },
      'DELETE /api/account': { path: '/api/account', json: { password: `x${NUL}` }, field: 'password' },
      'GET /api/va/disabilities': { path: '/api/va/disabilities?search=knee%00', field: 'query.search' },
      'GET /api/va/service-branches': { path: '/api/va/service-branches?branch=%00', field: 'query.branch' },
      'GET /api/va/contention-types': {
        path: `/api/va/contention-types?filter=${encodeURIComponent(JSON.stringify({ q: NUL }))}`,
        field: 'query.filter.q',
      },
      'GET /api/va/treatment-centers': { path: '/api/va/treatment-centers?search=%01', field: 'query.search' },
      'GET /api/va/special-circumstances': { path: '/api/va/special-circumstances?search=%1f', field: 'query.search' },
      'GET /api/va-forms': { path: '/api/va-forms/?x=%00', field: 'query.x' },
      'GET /api/dbqs/categories': { path: '/api/dbqs/categories?x=%00', field: 'query.x' },
      'GET /api/dbqs': { path: '/api/dbqs?category=%00', field: 'query.category' },
      'POST /api/dbqs/:id/download': { path: '/api/dbqs/21-0960M-9%00/download', json: {}, field: 'path' },
      'POST /api/dbqs/sync': { path: '/api/dbqs/sync', json: { source: `page${NUL}` }, field: 'source' },
      'GET /api/deadlines': {
        path: `/api/deadlines?filter=${encodeURIComponent(JSON.stringify({ kind: NUL }))}`,
        field: 'query.filter.kind',
      },
      'POST /api/calculators/combined-rating': {
        path: '/api/calculators/combined-rating',
        json: { ratings: [{ percent: 10, side: `left${NUL}` }] },
        field: 'ratings.0.side',
      },
      'POST /api/calculators/deadlines': {
        path: '/api/calculators/deadlines',
        json: { decisionDate: `2024-01-01${NUL}` },
        field: 'decisionDate',
      },
      'POST /api/ai-chat/sessions': { path: '/api/ai-chat/sessions', json: { title: `t${NUL}` }, field: 'title' },
      'PATCH /api/ai-chat/sessions/:id': { path: `/api/ai-chat/sessions/${claimId}`, json: { title: `t${NUL}` }, field: 'title' },
      'DELETE /api/ai-chat/sessions/:id': { path: `/api/ai-chat/sessions/${claimId}%00`, field: 'path' },
      'GET /api/ai-chat/sessions': {
        path: `/api/ai-chat/sessions?filter=${encodeURIComponent(JSON.stringify({ q: NUL }))}`,
        field: 'query.filter.q',
      },
      'GET /api/ai-chat/sessions/:id/messages': { path: `/api/ai-chat/sessions/${claimId}%00/messages`, field: 'path' },
      'GET /api/ai-chat/messages': { path: '/api/ai-chat/messages?x=%00', field: 'query.x' },
      'GET /api/ai-chat/usage': { path: '/api/ai-chat/usage?x=%00', field: 'query.x' },
      'POST /api/ai-chat/sessions/:id/messages/stream': {
        path: `/api/ai-chat/sessions/${claimId}/messages/stream`,
        json: { content: `q${NUL}` },
        field: 'content',
      },
      'POST /api/ai-chat/message': { path: '/api/ai-chat/message', json: { content: `q${NUL}` }, field: 'content' },
      'POST /api/copilot/chat': {
        path: '/api/copilot/chat',
        json: { message: 'q', context: { condition_primary_1: `knee${NUL}` } },
        field: 'context.condition_primary_1',
      },
      // The staff console.
      'GET /api/staff/claims': {
        path: `/api/staff/claims?filter=${encodeURIComponent(JSON.stringify({ q: `knee${NUL}` }))}`,
        field: 'query.filter.q',
      },
      'GET /api/staff/claims/:id': { path: `/api/staff/claims/${claimId}%00`, field: 'path' },
      'GET /api/staff/claims/:id/history': { path: `/api/staff/claims/${claimId}/history?at=%00`, field: 'query.at' },
      'GET /api/staff/claims/:id/history.csv': { path: `/api/staff/claims/%01${claimId}/history.csv`, field: 'path' },
      'GET /api/staff/claims/:id/evidence': { path: `/api/staff/claims/${claimId}/evidence?at=%00`, field: 'query.at' },
      'GET /api/staff/documents': {
        path: `/api/staff/documents?filter=${encodeURIComponent(JSON.stringify({ q: `scan${NUL}` }))}`,
        field: 'query.filter.q',
      },
      'GET /api/staff/access-log': { path: '/api/staff/access-log?x=%00', field: 'query.x' },
      'GET /api/staff/users/:id': { path: `/api/staff/users/${userId}%00`, field: 'path' },
      'GET /api/staff/tier-history': { path: '/api/staff/tier-history?x=%02', field: 'query.x' },
      'GET /api/staff/projections': { path: '/api/staff/projections?x=%00', field: 'query.x' },
      'GET /api/staff/projections/:name': { path: '/api/staff/projections/claims%00', field: 'path' },
      'POST /api/staff/projections/:name/rebuild': {
        path: '/api/staff/projections/claims/rebuild',
        json: { reason: `why${NUL}` },
        field: 'reason',
      },
      'GET /api/staff/rebuilds/:rebuildId': { path: '/api/staff/rebuilds/%00', field: 'path' },
      'GET /api/staff/dead-letters': { path: '/api/staff/dead-letters?x=%00', field: 'query.x' },
      'GET /api/staff/dead-letters/:id': { path: '/api/staff/dead-letters/1%00', field: 'path' },
      'POST /api/staff/dead-letters/:id/retry': { path: '/api/staff/dead-letters/1/retry', json: { note: `n${NUL}` }, field: 'note' },
      'DELETE /api/staff/dead-letters/:id': { path: '/api/staff/dead-letters/1%00', field: 'path' },
      'GET /api/staff/events': {
        path: `/api/staff/events?filter=${encodeURIComponent(JSON.stringify({ streamId: `claim-${NUL}` }))}`,
        field: 'query.filter.streamId',
      },
      'GET /api/staff/events/:id': { path: '/api/staff/events/x?reveal=%00', field: 'query.reveal' },
      'POST /api/pdforge/generate': {
        path: '/api/pdforge/generate',
        json: { templateId: 'nexus-letter', formData: { veteran_full_name: `Jane${NUL}` } },
        field: 'formData.veteran_full_name',
      },
      // Paid features and support.
      'GET /api/analytics': { path: '/api/analytics?x=%00', field: 'query.x' },
      'GET /api/claims/:id/strategy': { path: `/api/claims/${claimId}%00/strategy`, field: 'path' },
      'GET /api/strategy/predictions': {
        path: `/api/strategy/predictions?assume=${encodeURIComponent(JSON.stringify({ [claimId]: NUL }))}`,
        field: `query.assume.${claimId}`,
      },
      'GET /api/help/articles': { path: '/api/help/articles?q=%00', field: 'query.q' },
      'GET /api/support-requests': { path: '/api/support-requests?x=%00', field: 'query.x' },
      'GET /api/support-requests/:id': { path: '/api/support-requests/x%00', field: 'path' },
      'POST /api/support-requests': {
        path: '/api/support-requests',
        json: { subject: `Help${NUL}`, message: 'Where is my upload?' },
        field: 'subject',
      },
      'POST /api/support-requests/:id/replies': {
        path: '/api/support-requests/x/replies',
        json: { message: `a${NUL}b` },
        field: 'message',
      },
      'POST /api/support-requests/:id/close': { path: '/api/support-requests/x%00/close', json: {}, field: 'path' },
      'GET /api/staff/support-requests': { path: '/api/staff/support-requests?x=%00', field: 'query.x' },
      'GET /api/staff/support-requests/:id': { path: '/api/staff/support-requests/x%00', field: 'path' },
      'POST /api/staff/support-requests/:id/replies': {
        path: '/api/staff/support-requests/x/replies',
        json: { message: `a${NUL}b` },
        field: 'message',
      },
      'POST /api/staff/support-requests/:id/close': { path: '/api/staff/support-requests/x%00/close', json: {}, field: 'path' },
      'POST /api/pdforge/ai-assist': {
        path: '/api/pdforge/ai-assist',
        json: { fieldName: 'symptoms', documentText: `a${NUL}b` },
        field: 'documentText',
      },
    });

    it('has a case for every route the app serves', () => {
      const served = routesOf(app.system.app as unknown as { router: { stack: Layer[] } }).filter((route) =>
        route.split(' ')[1]!.startsWith('/api'),
      );
      expect(served.length).toBeGreaterThan(25);
      expect(served.filter((route) => !(route in cases()))).toEqual([]);
    });

    it('refuses a NUL on every route with 400 naming the field, appending nothing', async () => {
      for (const [route, { path, json, field }] of Object.entries(cases())) {
        const method = route.split(' ')[0]!;
        const before = await storedEventCount(app);
        const res = await vet.request(method, path, json === undefined ? {} : { json });
        expect({ route, status: res.status, errors: res.data?.errors }).toEqual({
          route,
          status: 400,
          errors: [{ field, message: expect.stringMatching(/control character/) }],
        });
        expect({ route, appended: (await storedEventCount(app)) - before }).toEqual({ route, appended: 0 });
      }
    });
  });

  describe('headers', () => {
    it('answers a header Node cannot parse with a problem body, not a bare 400', async () => {
      const port = Number(new URL(app.baseUrl).port);
      const res = await rawRequest(port, 'GET /api/claims HTTP/1.1\r\nHost: x\r\nX-Note: a\u0000b\r\nConnection: close\r\n\r\n');
      expect(res.statusLine).toBe('HTTP/1.1 400 Bad Request');
      expect(res.headers).toMatch(/content-type: application\/problem\+json/i);
      expect(JSON.parse(res.body)).toMatchObject({ status: 400, type: '/problems/bad-request' });
    });

    it('still refuses a control character in a header when the parser is lenient', async () => {
      const lenient = http.createServer({ insecureHTTPParser: true }, app.system.app);
      await new Promise<void>((resolve) => lenient.listen(0, '127.0.0.1', resolve));
      try {
        const res = await rawRequest(
          (lenient.address() as AddressInfo).port,
          'GET /api/member-tiers HTTP/1.1\r\nHost: x\r\nX-Note: a\u0001b\r\nConnection: close\r\n\r\n',
        );
        expect(res.statusLine).toBe('HTTP/1.1 400 Bad Request');
        expect(JSON.parse(res.body).errors).toEqual([{ field: 'headers.x-note', message: expect.stringMatching(/control character/) }]);
      } finally {
        lenient.closeAllConnections();
        await new Promise((resolve) => lenient.close(resolve));
      }
    });
  });
});
