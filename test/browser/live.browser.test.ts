/// <reference lib="dom" />
/**
 * Live screens in a real Chromium: a veteran has the documents list open in one tab and a claim's
 * Evidence tab in another, and an analysis is started elsewhere (a direct API call, as another tab,
 * support or a script would) and finished later by the worker. Both tabs show it without a reload,
 * from the change stream alone: no request is made on a timer while the analysis runs, and each tab
 * holds one stream.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createOfflineEngine } from '../../ai-worker/src';
import { slowedEngine } from '../../ai-worker/src/testing/slowedEngine';
import type { TestApp } from '../../gateway/src/testing/testApp';
import { startSignedIn, visible, waitUntil, type SignedInSession } from './chromium';

jest.setTimeout(90_000);

const STATEMENT = readFileSync(path.resolve(__dirname, '../../ai-worker/corpus/lay-statement-knee-injury.txt'));
const FILE = 'Knee statement.txt';
const CONDITION = 'Knee condition';
const STREAM = '/api/read-models/changes';

describe('live screens in Chromium', () => {
  let session: SignedInSession;
  let app: TestApp;
  let documentsTab: Page;
  let evidenceTab: Page;
  /** Every /api request each tab makes, with when. */
  const requests = new Map<Page, { path: string; at: number }[]>();

  beforeAll(async () => {
    // The worker takes 7 s: long enough to watch the tabs while it runs.
    session = await startSignedIn(
      'live.browser@example.org',
      { firstName: 'Liv' },
      { tier: 'pro', analysis: { analysisEngine: slowedEngine(createOfflineEngine(), 7_000), analysisWaitMs: 50 } },
    );
    ({ app, page: documentsTab } = session);
    // Another tab of the same signed-in browser: the same session cookie, a page of its own.
    const second = await session.browser.newContext({
      storageState: await documentsTab.context().storageState(),
      viewport: { width: 1440, height: 900 },
    });
    evidenceTab = await second.newPage();
    for (const tab of [documentsTab, evidenceTab]) {
      const seen: { path: string; at: number }[] = [];
      requests.set(tab, seen);
      tab.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) seen.push({ path: url.pathname, at: Date.now() });
      });
    }
  });
  afterAll(async () => session?.close());

  /** The /api requests of both tabs since `from`, the change stream's own excepted. */
  const apiCallsSince = (from: number) =>
    [...requests.values()].flatMap((seen) => seen.filter((r) => r.at >= from && r.path !== STREAM).map((r) => r.path));

  it('shows an analysis started elsewhere on the documents list and the Evidence tab, without a reload or any polling', async () => {
    const request = documentsTab.request;
    const filed = await request.post(`${app.baseUrl}/api/claims`, { data: { condition: CONDITION, conditionType: 'primary' } });
    expect(filed.status()).toBe(201);
    const claimId = ((await filed.json()) as { id: string }).id;
    const address = ((await (await request.post(`${app.baseUrl}/api/objects/upload`, { data: {} })).json()) as { uploadURL: string })
      .uploadURL;
    expect((await request.put(`${app.baseUrl}${address}`, { data: STATEMENT, headers: { 'content-type': 'text/plain' } })).status()).toBe(
      201,
    );
    const stored = await request.put(`${app.baseUrl}/api/documents`, {
      data: { documentURL: address, fileName: FILE, fileType: 'text/plain', fileSize: STATEMENT.length, claimId },
    });
    expect(stored.status()).toBe(201);
    const documentId = ((await stored.json()) as { id: string }).id;

    const shownFrom = Date.now();
    await documentsTab.goto(`${app.baseUrl}/documents`);
    const card = documentsTab.getByTestId('document-card').filter({ hasText: FILE });
    await visible(card);
    await evidenceTab.goto(`${app.baseUrl}/claims`);
    await evidenceTab.getByTestId('claim-row').filter({ hasText: CONDITION }).click();
    const dialog = evidenceTab.getByTestId('claim-detail-dialog');
    await dialog.getByRole('tab', { name: 'Evidence' }).click();
    const inService = evidenceTab.getByTestId('evidence-element').and(evidenceTab.locator('[data-element="in-service"]'));
    await visible(inService);
    expect(await inService.getAttribute('data-state')).toBe('missing');
    for (const tab of [documentsTab, evidenceTab]) await tab.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    // Started by a direct API call: neither tab asked for it.
    const started = await request.post(`${app.baseUrl}/api/documents/${documentId}/analyze`, {
      data: { analysisType: 'service-connection' },
    });
    expect(started.status()).toBe(202);
    const status = card.getByTestId('document-status');
    await waitUntil(
      async () => (await status.getAttribute('data-status')) === 'processing',
      async () => `the documents tab still shows ${await status.getAttribute('data-status')}`,
    );

    // While the worker runs, nothing is read on a timer (the documents list used to every 3 s).
    await documentsTab.waitForTimeout(500);
    const quietFrom = Date.now();
    await documentsTab.waitForTimeout(3_500);
    expect(await status.getAttribute('data-status')).toBe('processing');
    expect(apiCallsSince(quietFrom)).toEqual([]);

    // The worker finishes: both tabs change by themselves.
    await waitUntil(
      async () => (await status.getAttribute('data-status')) === 'completed',
      async () => `the documents tab still shows ${await status.getAttribute('data-status')}`,
      30_000,
    );
    await visible(card.getByTestId('document-analyzed'));
    await waitUntil(
      async () => (await inService.getAttribute('data-state')) === 'proven',
      async () => `in-service is still ${await inService.getAttribute('data-state')}`,
      15_000,
    );
    for (const tab of [documentsTab, evidenceTab]) {
      expect(await tab.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(requests.get(tab)!.filter((r) => r.path === STREAM && r.at >= shownFrom)).toHaveLength(1);
    }
  });
});
