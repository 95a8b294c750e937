import fs from 'node:fs/promises';
import path from 'node:path';
import { addDays, utcDay } from '@cc/contracts';
import type { Page } from 'playwright-core';
import { auditScreens, type Theme } from './accessibilityAudit';
import { expectCount, expectText, signIn, startSignedIn, visible, type SignedInSession } from './chromium';

const EMAIL = 'analytics.pro@example.org';
const PASSWORD = 'a long enough password';
const SHOTS = process.env.ANALYTICS_SHOTS ?? path.resolve(__dirname, '../../.test-artifacts/analytics');

/** A Pro veteran with a few claims opens /analytics: the charts, their table views, axe in both themes at 1440 and 360 px. */
describe('analytics page (Pro)', () => {
  let session: SignedInSession;

  beforeAll(async () => {
    session = await startSignedIn(EMAIL, { firstName: 'Riley', lastName: 'Ortiz' }, { tier: 'pro' });
    const vet = session.app.client();
    await vet.signIn(EMAIL, PASSWORD);
    const file = async (condition: string) => (await vet.post('/api/claims', { condition, conditionType: 'primary' })).data.id as string;
    const tinnitus = await file('Tinnitus');
    const knee = await file('Knee strain');
    await file('Lower back pain');
    const today = utcDay(new Date());
    expect((await vet.put(`/api/claims/${tinnitus}/status`, { status: 'approved', decisionDate: addDays(today, -20) })).status).toBe(200);
    expect((await vet.put(`/api/claims/${tinnitus}/rating`, { ratingPercentage: 30 })).status).toBe(200);
    expect((await vet.put(`/api/claims/${knee}/status`, { status: 'evidence_review' })).status).toBe(200);
    await session.app.system.readModelsCaughtUp();
    await fs.mkdir(SHOTS, { recursive: true });
  });
  afterAll(async () => session?.close());

  const open = async (page: Page) => {
    await page.goto(`${session.app.baseUrl}/analytics`);
    await visible(page.getByRole('heading', { name: 'Analytics', level: 1 }));
    await visible(page.getByTestId('analytics-status-chart').locator('svg').first());
  };

  it('shows each chart, its table view, and the side menu link', async () => {
    const { page } = session;
    await page.goto(session.app.baseUrl);
    await page.getByRole('link', { name: 'Analytics' }).first().click();
    await page.waitForURL((url) => url.pathname === '/analytics');
    await open(page);
    for (const chart of ['analytics-rating-chart', 'analytics-readiness-chart', 'analytics-days-pending-chart'])
      await visible(page.getByTestId(chart).locator('svg').first());
    await expectText(page.getByTestId('analytics-days-pending'), 'March 2019');
    await expectCount(page.getByTestId('analytics-deadlines').getByTestId('deadline-item'), 3);

    await page.getByTestId('analytics-rating-table-toggle').click();
    const table = page.getByTestId('analytics-rating-table').getByRole('table');
    await visible(table);
    await expectText(table, 'Tinnitus');
    await expectText(table, 'added at 30%');
    await expectText(table, '30%');
    await page.getByTestId('analytics-status-table-toggle').click();
    await expectCount(page.getByTestId('analytics-status-table').locator('tbody tr'), 5);
    await page.getByTestId('analytics-days-pending-table-toggle').click();
    await expectText(page.getByTestId('analytics-days-pending-table'), 'fewer than the national average');
    await page.screenshot({ path: path.join(SHOTS, 'analytics-tables-1440-light.png'), fullPage: true });
  });

  it('shows a Free veteran what the page holds, with an Upgrade button, never an empty page', async () => {
    await session.app.client().register('analytics.free@example.org', PASSWORD);
    const context = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await signIn(page, session.app.baseUrl, 'analytics.free@example.org', PASSWORD);
      await page.goto(`${session.app.baseUrl}/analytics`);
      const teaser = page.getByTestId('analytics-upgrade');
      await expectText(teaser, 'Upgrade Required');
      await expectText(teaser, 'combined rating over time');
      expect(await teaser.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/billing');
      await page.screenshot({ path: path.join(SHOTS, 'analytics-free-1440-light.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('shows a Basic veteran with no claims an empty state in place of each chart', async () => {
    const email = 'analytics.basic@example.org';
    const user = await session.app.client().register(email, PASSWORD);
    const admin = session.app.client();
    await admin.signIn('browser.admin@example.org', PASSWORD);
    expect((await admin.put(`/api/users/${user.id}/tier`, { tierName: 'basic' })).status).toBe(200);
    await session.app.system.readModelsCaughtUp();
    const context = await session.browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      const page = await context.newPage();
      await signIn(page, session.app.baseUrl, email, PASSWORD);
      await page.goto(`${session.app.baseUrl}/analytics`);
      await expectText(page.getByTestId('analytics-no-claims'), 'No claims to chart yet');
      for (const empty of ['analytics-status-empty', 'analytics-rating-empty', 'analytics-readiness-empty', 'analytics-days-pending-empty'])
        await visible(page.getByTestId(empty));
      await expectText(page.getByTestId('analytics-days-pending'), '123.4 days');
      await page.screenshot({ path: path.join(SHOTS, 'analytics-empty-360-light.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  it.each(['light', 'dark'] as Theme[])(
    'passes axe with no serious or critical violation at 1440 and 360 px (%s theme)',
    async (theme) => {
      const context = await session.browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: theme });
      try {
        const page = await context.newPage();
        await signIn(page, session.app.baseUrl, EMAIL, PASSWORD);
        const screen = { name: 'analytics', as: 'veteran' as const, open: async (p: Page) => open(p) };
        const problems = await auditScreens(page, session.app.baseUrl, [screen], theme);
        for (const width of [1440, 360]) {
          await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
          await page.screenshot({ path: path.join(SHOTS, `analytics-${width}-${theme}.png`), fullPage: true });
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});
