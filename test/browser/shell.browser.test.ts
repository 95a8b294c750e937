/// <reference lib="dom" />
/**
 * A newcomer's first visit in a real Chromium against the real app: landing page → create an
 * account → the shell greets them by name → theme toggle persists across a reload → sign out.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../../gateway/src/testing/testApp';
import { launchChromium, snapshot } from './chromium';

jest.setTimeout(90_000);

describe('the app shell in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startTestApp({ frontendDist: path.resolve(__dirname, '../../frontend/dist') });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
    page = await context.newPage();
  });
  afterEach(async () => context.close());

  const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));

  it('takes a visitor from the landing page to a signed-in shell and back out', async () => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to|script-src|unsafe-eval/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(app.baseUrl);
    await expectVisible(page.getByRole('heading', { level: 1 }));
    await expectVisible(page.getByText('80%').first());
    await snapshot(page, 'landing-1440');

    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('First name').fill('Maria');
    await page.getByLabel('Last name').fill('Santos');
    await page.getByLabel('Email').fill('maria.santos@example.org');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByLabel('I am 18 or older').check();
    await page.getByLabel('I accept the Terms and Conditions').check();
    await snapshot(page, 'create-account');
    await page.getByRole('button', { name: /create account/i }).click();

    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard');
    await expectVisible(page.getByText('Maria Santos').first());
    await expectVisible(page.getByText('US Veteran').first());
    await expectVisible(page.getByText('Welcome back, Maria').first());
    await snapshot(page, 'shell-light');

    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expectVisible(page.getByText('Maria Santos').first());
    expect(await isDark()).toBe(true);
    await snapshot(page, 'shell-dark');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectVisible(page.getByRole('link', { name: 'Sign In' }).first());
    const me = await page.evaluate(async () => (await fetch('/api/auth/user')).status);
    expect(me).toBe(401);
    expect(violations).toEqual([]);
  });

  it('sends a signed-out visitor of a signed-in page to sign-in with the Unauthorized toast', async () => {
    // The toast shows for only 500 ms before the full-page redirect, shorter than Playwright's
    // polling on a loaded machine, and holding the redirect would stall the locator behind the
    // pending navigation: the page itself reports the toast, as it appears, to the test.
    const toastText = 'You are logged out. Logging in again...';
    const seen: string[] = [];
    await page.exposeBinding('reportToast', (_source, text: string) => void seen.push(text));
    await page.addInitScript((wanted) => {
      const report = (window as unknown as { reportToast: (text: string) => void }).reportToast;
      const look = () => {
        for (const element of Array.from(document.querySelectorAll('body *'))) {
          const shown = element.textContent?.trim() === wanted && element.getClientRects().length > 0;
          if (shown && getComputedStyle(element).visibility !== 'hidden') return void report(wanted);
        }
      };
      new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
    }, toastText);
    await page.goto(`${app.baseUrl}/claims`);
    await page.waitForURL(/\/login$/);
    expect(seen).toContain(toastText);
  });

  it('shows the 404 screen for an unknown path and the legal pages to anyone', async () => {
    await page.goto(`${app.baseUrl}/no/such/page`);
    await expectVisible(page.getByText('404 Page Not Found'));
    await expectVisible(page.getByText('Did you forget to add the page to the router?'));
    await page.goto(`${app.baseUrl}/privacy-policy`);
    await expectVisible(page.getByRole('heading', { name: 'Privacy Policy', level: 1 }));
    await expectVisible(page.getByText('1. Overview'));
    await expectVisible(page.getByText('11. Contact Us'));
  });

  it('shows the error screen when a page crashes, and Go Home leads back to /', async () => {
    await page.goto(app.baseUrl);
    await page.evaluate(() => localStorage.setItem('cc:allow-error-test', '1'));
    await page.goto(`${app.baseUrl}/__boom`);
    await expectVisible(page.getByRole('heading', { name: 'Something went wrong' }));
    await expectVisible(
      page.getByText('We encountered an unexpected error. Please try refreshing the page or contact support if the problem persists.'),
    );
    await expectVisible(page.getByRole('button', { name: 'Refresh Page' }));
    await page.getByRole('button', { name: 'Go Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectVisible(page.getByRole('link', { name: 'Sign In' }).first());
  });

  it('toggles the theme on the sign-in page, keeps it through sign-in, and opens a deep link signed in', async () => {
    const client = app.client();
    await client.register('theme.toggle@example.org', 'a long enough password', { firstName: 'Theo' });
    await page.goto(`${app.baseUrl}/login`);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await background()).not.toBe(light);
    const dark = await background();

    await page.getByLabel('Email').fill('theme.toggle@example.org');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectVisible(page.getByText('Welcome back, Theo').first());
    expect(await isDark()).toBe(true);
    expect(await background()).toBe(dark);

    await page.goto(`${app.baseUrl}/claims`);
    await expectVisible(page.getByRole('heading', { name: 'Claims Tracker', level: 1 }));
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await isDark()).toBe(false);
    expect(await background()).toBe(light);
  });

  it('uses a drawer below 768 px that closes when a link is followed', async () => {
    const mobile = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const phone = await mobile.newPage();
    try {
      const client = app.client();
      await client.register('phone.user@example.org', 'a long enough password', { firstName: 'Phoebe' });
      await phone.goto(`${app.baseUrl}/login`);
      await phone.getByLabel('Email').fill('phone.user@example.org');
      await phone.getByLabel('Password').fill('a long enough password');
      await phone.getByRole('button', { name: /^sign in$/i }).click();
      await phone.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard');
      // The sidebar's link, not the dashboard's own links to documents.
      const navigation = phone.getByRole('navigation', { name: 'Main navigation' });
      const documents = navigation.getByRole('link', { name: /^Documents/ });
      await expect(documents.isVisible()).resolves.toBe(false);
      await phone.getByRole('button', { name: 'Open navigation' }).click();
      await expectVisible(documents.first());
      await phone.waitForTimeout(400); // let the slide-in finish before the picture
      await snapshot(phone, 'drawer-360');
      await documents.first().click();
      await phone.waitForURL(/\/documents$/);
      // The drawer slides out; on a busy machine that takes longer than its transition says.
      await navigation.waitFor({ state: 'hidden', timeout: 15_000 });
    } finally {
      await mobile.close();
    }
  });
});

async function expectVisible(locator: ReturnType<Page['getByText']>): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}
