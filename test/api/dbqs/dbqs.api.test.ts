import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bundledDbqEntries, type DbqSourceEntry } from '@cc/command-service';
import { dbqHtmlPage } from '@cc/command-service/dbqs/testing/dbqPage';
import { freePort } from '@cc/platform/net';
import { expectListContract } from '@cc/gateway/testing/listContract';
import { startTestApp, storedEventCount, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

const ADMIN = 'dbq.admin@example.org';
const PASSWORD = 'correct horse battery';

/** A local server serving a page in the format of VA's DBQ page, as DBQ_SYNC_URL. */
class DbqPageServer {
  page = '';
  status = 200;
  hits = 0;
  private server = http.createServer((_req, res) => {
    this.hits++;
    res.writeHead(this.status, { 'content-type': 'text/html; charset=utf-8' }).end(this.page);
  });
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/disability/dbq`;
  }
  close() {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

async function withTier(app: TestApp, admin: TestClient, email: string, tier?: 'basic' | 'pro') {
  const client = app.client();
  const user = await client.register(email);
  if (tier) {
    expect((await admin.put(`/api/users/${user.id}/tier`, { tierName: tier })).status).toBe(200);
    const deadline = Date.now() + 5000;
    while ((await client.get('/api/auth/user')).data.memberTier !== tier && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
  }
  return client;
}

describe('DBQs (GET /api/dbqs, categories, download, sync)', () => {
  const source = new DbqPageServer();
  let app: TestApp;
  let admin: TestClient;
  let free: TestClient;
  let basic: TestClient;
  const bundled = bundledDbqEntries();

  beforeAll(async () => {
    const url = await source.start();
    app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN, ADMIN_PASSWORD: PASSWORD, DBQ_SYNC_URL: url } });
    admin = app.client();
    await admin.signIn(ADMIN, PASSWORD);
    free = await withTier(app, admin, 'free.dbq@example.org');
    basic = await withTier(app, admin, 'basic.dbq@example.org', 'basic');
  });
  afterAll(async () => {
    await app.close();
    await source.close();
  });

  it('the Free plan has no DBQs: 403 with an upgrade message on every DBQ call', async () => {
    for (const [method, path] of [
      ['GET', '/api/dbqs'],
      ['GET', '/api/dbqs/categories'],
      ['POST', '/api/dbqs/21-0960M-9/download'],
    ] as const) {
      const res = await free.request(method, path, method === 'POST' ? { json: {} } : {});
      expect({ path, status: res.status, body: res.data }).toEqual({
        path,
        status: 403,
        body: expect.objectContaining({
          type: '/problems/upgrade-required',
          title: 'Upgrade Required',
          detail: 'DBQ forms are not available on the Free plan. Upgrade to Basic or Pro to browse and download DBQs.',
          upgrade: true,
        }),
      });
    }
  });

  it('lists the 67 DBQs of the bundled catalogue, filled at start, with their categories', async () => {
    const res = await basic.get('/api/dbqs');
    expect(res.status).toBe(200);
    expect(res.data).toHaveLength(67);
    expect(res.headers.get('content-range')).toBe('dbqs 0-66/67');
    expect(res.data.find((d: { id: string }) => d.id === '21-0960M-9')).toEqual({
      id: '21-0960M-9',
      title: 'Knee and Lower Leg Conditions',
      category: 'Muscles and bones (musculoskeletal)',
      conditionGroup: expect.any(String),
      isActive: true,
      lastUpdated: expect.any(String),
      version: 1,
      downloadCount: 0,
      fileUrl: 'https://www.vba.va.gov/pubs/forms/VBA-21-0960M-9-ARE.pdf',
    });
    const categories = await basic.get('/api/dbqs/categories');
    expect(categories.data).toHaveLength(new Set(bundled.map((e) => e.category)).size);
    expect(categories.data.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(67);
    expect(categories.data).toContainEqual({ id: 'Mental health', category: 'Mental health', count: 3 });
  });

  it('filters by category and searches form number, title, category and condition group', async () => {
    const mental = await basic.get(`/api/dbqs?category=${encodeURIComponent('Mental health')}`);
    expect(mental.data.map((d: { id: string }) => d.id).sort()).toEqual(
      bundled
        .filter((e) => e.category === 'Mental health')
        .map((e) => e.dbqId)
        .sort(),
    );
    const knee = await basic.get('/api/dbqs?search=KNEE');
    expect(knee.data.map((d: { id: string }) => d.id)).toContain('21-0960M-9');
    expect((await basic.get('/api/dbqs?search=0960m-9')).data.map((d: { id: string }) => d.id)).toEqual(['21-0960M-9']);
    const both = await basic.get(`/api/dbqs?category=${encodeURIComponent('Mental health')}&search=ptsd`);
    expect(both.data.map((d: { title: string }) => d.title)).toEqual([
      'Mental Disorders (Other Than PTSD and Eating Disorders)',
      'Review Post Traumatic Stress Disorder (PTSD)',
    ]);
    const apnea = await basic.get(`/api/dbqs?filter=${encodeURIComponent(JSON.stringify({ q: 'sleep apnea' }))}`);
    expect(apnea.data.map((d: { id: string }) => d.id).sort()).toEqual(['21-0960L-1', '21-0960L-2']);
    expect((await basic.get('/api/dbqs?search=no-such-form')).data).toEqual([]);
  });

  it('tracks downloads: the PDF and the count come back, each download counts', async () => {
    const first = await basic.post('/api/dbqs/21-0960M-9/download', {});
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ fileUrl: 'https://www.vba.va.gov/pubs/forms/VBA-21-0960M-9-ARE.pdf', downloadCount: 1 });
    const second = await admin.post('/api/dbqs/21-0960M-9/download', {});
    expect(second.data.downloadCount).toBe(2);
    expect((await basic.post('/api/dbqs/21-0960Z-77/download', {})).status).toBe(404);
    expect((await basic.post('/api/dbqs/not%20a%20form/download', {})).status).toBe(404);
  });

  it('only administrators sync', async () => {
    const before = await storedEventCount(app);
    const res = await basic.post('/api/dbqs/sync', {});
    expect(res.status).toBe(403);
    expect(await storedEventCount(app)).toBe(before);
  });

  it('syncs from VA’s DBQ page: adds, updates and retires; a second sync adds nothing', async () => {
    // The page as VA might publish it next: one title revised, one form gone, one new (a test entry).
    const [revised, gone, ...rest] = bundled;
    const added: DbqSourceEntry = {
      dbqId: '21-0960Q-9',
      title: 'Test Questionnaire (fixture)',
      category: 'Lymph system (rheumatological)',
      conditionGroup: 'Test conditions',
      fileUrl: 'https://www.vba.va.gov/pubs/forms/VBA-21-0960Q-9-ARE.pdf',
    };
    source.page = dbqHtmlPage([{ ...revised!, title: `${revised!.title} (Revised)` }, ...rest, added]);
    const sync = await admin.post('/api/dbqs/sync', {});
    expect(sync.status).toBe(200);
    expect(sync.data).toEqual({ added: 1, updated: 1, retired: 1, total: 67, source: 'VA website' });

    const again = await admin.post('/api/dbqs/sync', {});
    expect(again.data).toEqual({ added: 0, updated: 0, retired: 0, total: 67, source: 'VA website' });

    const list = await basic.get('/api/dbqs');
    expect(list.data).toHaveLength(68);
    const row = (id: string) => list.data.find((d: { id: string }) => d.id === id);
    expect(row(revised!.dbqId)).toMatchObject({ title: `${revised!.title} (Revised)`, version: 2, isActive: true });
    expect(row(gone!.dbqId)).toMatchObject({ isActive: false, version: 2 });
    expect(row(added.dbqId)).toMatchObject({ title: added.title, version: 1, isActive: true, downloadCount: 0 });

    // An inactive DBQ cannot be downloaded, in the spec's words.
    const refused = await basic.post(`/api/dbqs/${gone!.dbqId}/download`, {});
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      type: '/problems/download-unavailable',
      title: 'Download Unavailable',
      detail: "This form's PDF is not currently available",
    });
    expect(row(gone!.dbqId).downloadCount).toBe(0);
  });

  it('a source that is down, empty or far smaller changes nothing: 502 Sync Failed', async () => {
    const before = await storedEventCount(app);
    source.status = 503;
    const down = await admin.post('/api/dbqs/sync', {});
    expect(down.status).toBe(502);
    expect(down.data).toMatchObject({
      type: '/problems/sync-failed',
      title: 'Sync Failed',
      detail: 'Failed to sync DBQs from VA website',
      reason: expect.stringContaining('503'),
    });
    source.status = 200;
    source.page = '<html><body><h2>We moved this page</h2></body></html>';
    expect((await admin.post('/api/dbqs/sync', {})).data.reason).toMatch(/No DBQs/);
    source.page = dbqHtmlPage(bundled.slice(0, 10));
    expect((await admin.post('/api/dbqs/sync', {})).data.reason).toMatch(/fewer than half/);
    expect(await storedEventCount(app)).toBe(before);
  });

  it('keeps the list contract', async () => {
    await expectListContract({ baseUrl: app.baseUrl, client: basic, resource: 'dbqs', rangeName: 'dbqs', total: 68 });
    await expectListContract({ baseUrl: app.baseUrl, client: basic, resource: 'dbqs/categories', rangeName: 'categories', total: 17 });
  });
});

describe('DBQ sync without a DBQ page', () => {
  it('reads the bundled catalogue, which the start already loaded: nothing to add', async () => {
    const app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN, ADMIN_PASSWORD: PASSWORD } });
    try {
      const admin = app.client();
      await admin.signIn(ADMIN, PASSWORD);
      const res = await admin.post('/api/dbqs/sync', {});
      expect(res.data).toEqual({ added: 0, updated: 0, retired: 0, total: 67, source: 'bundled catalogue' });
      expect(app.logs.join('')).toMatch(/DBQ catalogue filled from the bundled catalogue/);
    } finally {
      await app.close();
    }
  });

  it('an unreachable DBQ page is a Sync Failed', async () => {
    const app = await startTestApp({
      env: { ADMIN_EMAILS: ADMIN, ADMIN_PASSWORD: PASSWORD, DBQ_SYNC_URL: `http://127.0.0.1:${await freePort()}/dbq` },
    });
    try {
      const admin = app.client();
      await admin.signIn(ADMIN, PASSWORD);
      const res = await admin.post('/api/dbqs/sync', {});
      expect(res.status).toBe(502);
      expect(res.data.title).toBe('Sync Failed');
    } finally {
      await app.close();
    }
  });
});
