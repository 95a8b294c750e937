import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startTestApp, type TestApp, type TestAppAnalysisOptions } from '../../gateway/src/testing/testApp';

export const ARTIFACTS = path.resolve(__dirname, '../../.test-artifacts');

/** Debian's Chromium, headless, with no background network traffic (this machine has no internet). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** Saves a screenshot under .test-artifacts/ so a person can look at what the test saw. */
export async function snapshot(page: Page, name: string): Promise<void> {
  await fs.mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Waits until the locator shows. */
export const visible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: 15_000 });

/** Signs in through the real sign-in page and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Polls `check` until it returns true; fails with `describe()` after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean>, describe: () => Promise<string>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(await describe());
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits until the page is no wider than its window. After a resize MUI's media queries re-render
 * a frame or more later, so a single measurement can see the old layout.
 */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await waitUntil(
    async () => (await overflow()) <= 0,
    async () => `the page is ${await overflow()} px wider than its ${page.viewportSize()?.width ?? '?'} px window`,
  );
}

/** Waits until the locator shows and its text contains `text`. */
export async function expectText(locator: Locator, text: string | RegExp): Promise<void> {
  await visible(locator);
  const has = (content: string) => (typeof text === 'string' ? content.includes(text) : text.test(content));
  await waitUntil(
    async () => has((await locator.textContent()) ?? ''),
    async () => `expected ${String(text)} in "${(await locator.textContent()) ?? ''}"`,
  );
}

/** Waits until exactly `expected` elements match. */
export async function expectCount(locator: Locator, expected: number): Promise<void> {
  await waitUntil(
    async () => (await locator.count()) === expected,
    async () => `expected ${expected} elements, found ${await locator.count()}`,
  );
}

export interface SignedInSession {
  app: TestApp;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/** The real app with the built frontend, a new account, and a desktop page signed in as it. */
export async function startSignedIn(
  email: string,
  names: { firstName?: string; lastName?: string },
  options: { tier?: 'basic' | 'pro'; analysis?: TestAppAnalysisOptions; env?: Record<string, string> } = {},
): Promise<SignedInSession> {
  const password = 'a long enough password';
  const adminEmail = 'browser.admin@example.org';
  const app = await startTestApp({
    frontendDist: path.resolve(__dirname, '../../frontend/dist'),
    // The administrator's account is made at start (ADMIN_PASSWORD), as in a real deployment.
    env: { ADMIN_EMAILS: adminEmail, ADMIN_PASSWORD: password, ...options.env },
    analysis: options.analysis,
  });
  const browser = await launchChromium();
  const client = app.client();
  const user = await client.register(email, password, names);
  if (options.tier) {
    // A paid plan is given the way support staff would: an administrator changes the tier.
    const admin = app.client();
    await admin.signIn(adminEmail, password);
    const changed = await admin.put(`/api/users/${user.id}/tier`, { tierName: options.tier });
    if (changed.status !== 200) throw new Error(`tier change failed: ${changed.status} ${changed.text}`);
    const tier = options.tier;
    await waitUntil(
      async () => (await client.get('/api/auth/user')).data.memberTier === tier,
      async () => `the user's tier never became ${tier}`,
    );
  }
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, app.baseUrl, email, password);
  return {
    app,
    browser,
    page,
    async close() {
      await browser.close();
      await app.close();
    },
  };
}
