import { randomUUID } from 'node:crypto';
import { expectListContract, simpleRest } from '@cc/gateway/testing/listContract';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const NOTE = Buffer.from('VA Medical Center progress note. 03/14/2015: Assessment: tinnitus. Hearing loss noted.\n');

/** Every list endpoint keeps the ra-data-simple-rest contract (testing/listContract.ts). */
describe('list endpoints (ra-data-simple-rest contract)', () => {
  let app: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'lists.admin@example.org', ADMIN_PASSWORD: 'correct horse battery' } });
    admin = app.client();
    await admin.signIn('lists.admin@example.org');
  });
  afterAll(async () => app.close());

  const fileClaim = async (client: TestClient, condition: string) => {
    const res = await client.post('/api/claims', { condition, conditionType: 'primary' });
    expect(res.status).toBe(201);
    return res.data.id as string;
  };

  async function upload(client: TestClient, fileName: string, body: Buffer, contentType: string, claimId?: string) {
    const address = await client.post('/api/objects/upload', {});
    expect(address.status).toBe(200);
    const put = await client.request('PUT', address.data.uploadURL, {
      body: body as unknown as string,
      headers: { 'content-type': contentType },
    });
    expect(put.status).toBe(201);
    const res = await client.put('/api/documents', {
      documentURL: address.data.uploadURL,
      fileName,
      fileType: contentType,
      fileSize: body.length,
      claimId,
    });
    expect(res.status).toBe(201);
    return res.data.id as string;
  }

  it('claims: react-admin default sort, every field a sort key, whole list without range', async () => {
    const asthma = await fileClaim(admin, 'Asthma');
    const back = await fileClaim(admin, 'Back strain');
    await fileClaim(admin, 'Carpal tunnel');
    expect((await admin.put(`/api/claims/${back}/status`, { status: 'approved' })).status).toBe(200);
    expect((await admin.put(`/api/claims/${back}/rating`, { ratingPercentage: '20' })).status).toBe(200);
    expect(
      (
        await admin.request('PATCH', `/api/claims/${asthma}`, {
          json: { priority: 'urgent', nextAction: 'Get a DBQ', estimatedDecisionDate: '2031-01-15' },
        })
      ).status,
    ).toBe(200);

    // The exact request the issue reported as refused.
    const first = await admin.get(`/api/claims?sort=${encodeURIComponent('["id","ASC"]')}&range=${encodeURIComponent('[0,0]')}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-range')).toBe('claims 0-0/3');

    await expectListContract({ baseUrl: app.baseUrl, client: admin, resource: 'claims', rangeName: 'claims', total: 3 });
  });

  it('claims: priority sorts by urgency, days pending as shown', async () => {
    const rest = simpleRest(app.baseUrl, admin);
    const byPriority = await rest.getList('claims', {
      sort: { field: 'priority', order: 'DESC' },
      pagination: { page: 1, perPage: 10 },
      filter: {},
    });
    expect(byPriority.data.map((c) => c.priority)).toEqual(['urgent', 'normal', 'normal']);
    const byDays = await rest.getList('claims', {
      sort: { field: 'daysPending', order: 'ASC' },
      pagination: { page: 1, perPage: 10 },
      filter: {},
    });
    expect(byDays.data.map((c) => c.daysPending)).toEqual([...byDays.data.map((c) => c.daysPending as number)].sort((a, b) => a - b));
  });

  it('documents: react-admin default sort, every field a sort key, whole list without range', async () => {
    const claimId = (await admin.get('/api/claims')).data[0].id as string;
    await upload(admin, 'b-letter.pdf', PDF, 'application/pdf');
    await upload(admin, 'a-note.txt', NOTE, 'text/plain', claimId);
    const analysed = await upload(admin, 'c-note.txt', Buffer.concat([NOTE, NOTE]), 'text/plain');
    const analysis = await admin.post(`/api/documents/${analysed}/analyze`, { analysisType: 'general' });
    expect(analysis.status).toBe(200);

    const badge = await simpleRest(app.baseUrl, admin).getList('documents', {
      // What react-admin's useGetList('documents') sends by default (the sidebar badge).
      sort: { field: 'id', order: 'DESC' },
      pagination: { page: 1, perPage: 25 },
      filter: {},
    });
    expect(badge.total).toBe(3);
    await expectListContract({ baseUrl: app.baseUrl, client: admin, resource: 'documents', rangeName: 'documents', total: 3 });
  });

  it('users with tier: react-admin default sort, every field a sort key, whole list without range', async () => {
    for (const name of ['Zoe', 'Abe', 'Mia'])
      await app.client().register(`${name.toLowerCase()}.lists@example.org`, undefined, { firstName: name });
    const users = await admin.get('/api/users/with-tier');
    const zoe = users.data.find((u: { email: string }) => u.email === 'zoe.lists@example.org');
    expect((await admin.put(`/api/users/${zoe.id}/tier`, { tierName: 'pro' })).status).toBe(200);
    await expectListContract({ baseUrl: app.baseUrl, client: admin, resource: 'users/with-tier', rangeName: 'users', total: 4 });

    const byTier = await simpleRest(app.baseUrl, admin).getList('users/with-tier', {
      sort: { field: 'memberTierData', order: 'ASC' },
      pagination: { page: 1, perPage: 10 },
      filter: {},
    });
    expect(byTier.data.map((u) => u.memberTierData.displayName)).toEqual(['Administrator', 'Free', 'Free', 'Pro']);
  });

  it('caps a list at 1,000 rows, with or without range, and says so in Content-Range', async () => {
    const heavy = app.client();
    const userId = (await heavy.register('heavy.lists@example.org')).id;
    // The read model is what the list reads; 1,234 claims through the command side would take minutes.
    const filedAt = Date.parse('2020-01-01T00:00:00Z');
    const rows = Array.from({ length: 1234 }, (_, i) => ({
      claim_id: randomUUID(),
      user_id: userId,
      claim_number: `2020-${String(i + 1).padStart(4, '0')}`,
      condition: `Condition ${i}`,
      condition_type: 'primary',
      status: 'submitted',
      priority: 'normal',
      progress: 10,
      filed_at: new Date(filedAt + i * 60_000),
      updated_at: new Date(filedAt + i * 60_000),
    }));
    await app.system.knex.batchInsert('claims', rows, 500);

    const all = await heavy.get('/api/claims');
    expect(all.status).toBe(200);
    expect(all.data).toHaveLength(1000);
    expect(all.headers.get('content-range')).toBe('claims 0-999/1234');
    const rest = await heavy.get(`/api/claims?range=${encodeURIComponent('[1000,4999]')}`);
    expect(rest.data).toHaveLength(234);
    expect(rest.headers.get('content-range')).toBe('claims 1000-1233/1234');
    const wide = await heavy.get(`/api/claims?range=${encodeURIComponent('[0,4999]')}`);
    expect(wide.data).toHaveLength(1000);
    expect(wide.headers.get('content-range')).toBe('claims 0-999/1234');
  });
});
