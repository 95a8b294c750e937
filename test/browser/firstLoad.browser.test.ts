/// <reference lib="dom" />
/**
 * The bench's "first load" figure counts the scripts bench/firstLoad.ts reads from Vite's manifest
 * for the landing page and the dashboard. Here Chromium loads both pages for real and the scripts it
 * fetches must be exactly those lists: a new lazy chunk either page renders at once, or one that is
 * no longer needed, fails this test until the lists (and so the figure) follow. And neither page's
 * scripts may grow past its size ceiling (gzip, as the bench counts them).
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../../gateway/src/testing/testApp';
import { FIRST_LOAD_CEILING_BYTES, firstLoad, pageScripts, readManifest, type FirstLoadPage, type Manifest } from '../../bench/firstLoad';
import { launchChromium, visible, waitUntil } from './chromium';

jest.setTimeout(90_000);

const DIST = path.resolve(__dirname, '../../frontend/dist');

describe('the first load in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let manifest: Manifest;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startTestApp({ frontendDist: DIST });
    browser = await launchChromium();
    manifest = await readManifest(DIST);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
  });

  /** A fresh page (empty cache) that records every script it fetches from /assets/. */
  async function recordingPage(cookie?: { name: string; value: string }): Promise<{ page: Page; scripts: Set<string> }> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    if (cookie) await context.addCookies([{ ...cookie, url: app.baseUrl }]);
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.add(pathname.slice(1));
    });
    return { page, scripts };
  }

  /** Waits until no new script has been fetched for a second (the page has settled). */
  async function settled(scripts: Set<string>): Promise<string[]> {
    let count = -1;
    let since = Date.now();
    await waitUntil(
      async () => {
        if (scripts.size !== count) {
          count = scripts.size;
          since = Date.now();
        }
        return Date.now() - since >= 1000;
      },
      async () => 'the page kept fetching scripts',
      20_000,
    );
    return [...scripts].sort();
  }

  const expected = (page: FirstLoadPage) => [...pageScripts(manifest, page)].sort();

  it('fetches exactly the landing page scripts the bench counts', async () => {
    const { page, scripts } = await recordingPage();
    await page.goto(app.baseUrl);
    await visible(page.getByRole('heading', { level: 1 }));
    expect(await settled(scripts)).toEqual(expected('landing'));
  });

  it('fetches exactly the dashboard scripts the bench counts', async () => {
    const client = app.client();
    await client.register('first.load@example.org', 'a long enough password', { firstName: 'Dana' });
    const session = client
      .cookieHeader()!
      .split('; ')
      .find((pair) => pair.startsWith('cc_session='))!;
    const { page, scripts } = await recordingPage({ name: 'cc_session', value: session.slice('cc_session='.length) });
    await page.goto(app.baseUrl);
    await visible(page.getByText('Welcome back, Dana'));
    expect(await settled(scripts)).toEqual(expected('dashboard'));
  });

  it.each(['landing', 'dashboard'] as const)('keeps the %s first load within its gzip ceiling', async (page) => {
    const { gzip } = (await firstLoad(DIST))[page];
    expect(gzip).toBeLessThanOrEqual(FIRST_LOAD_CEILING_BYTES[page]);
  });
});
