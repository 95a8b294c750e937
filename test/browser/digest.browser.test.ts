/// <reference lib="dom" />
/**
 * Pro's automatic updates in a real Chromium: a Pro veteran finds the weekly digest in the bell and
 * the digest switches in the settings; a Basic veteran finds the teaser with its Upgrade button
 * instead of switches that would do nothing.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { addDays, utcDay } from '@cc/contracts';
import { grantTier, type TestApp } from '../../gateway/src/testing/testApp';
import { expectCount, signIn, startSignedIn, visible, type SignedInSession } from './chromium';

jest.setTimeout(120_000);

const SHOTS = '/work/shots/digest';
const PASSWORD = 'a long enough password';
const EMAIL = 'digest.browser@example.org';

async function shot(page: Page, name: string) {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe('weekly digest in Chromium', () => {
  let session: SignedInSession;
  let app: TestApp;
  let page: Page;

  beforeAll(async () => {
    session = await startSignedIn(EMAIL, { firstName: 'Casey', lastName: 'Nguyen' }, { tier: 'pro' });
    ({ app, page } = session);
  });
  afterAll(async () => session?.close());

  it('shows a Pro veteran the digest in the bell and the digest switches in the settings', async () => {
    const api = app.client();
    await api.signIn(EMAIL, PASSWORD);
    const claim = (await api.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' })).data;
    expect((await api.put(`/api/claims/${claim.id}/status`, { status: 'evidence_review' })).status).toBe(200);
    await app.system.readModelsCaughtUp();
    const today = utcDay(new Date());
    const nextMonday = addDays(today, 7 - ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
    expect((await app.system.runWeeklyDigest(() => new Date(`${nextMonday}T09:00:00Z`))).digests).toBe(1);

    await page.goto(`${app.baseUrl}/`);
    await page.getByTestId('notification-bell').click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await visible(panel.getByText('Your weekly digest'));
    await visible(panel.getByText(/Status changes: 1/));
    await shot(page, 'pro-bell-1440');
    await page.keyboard.press('Escape');

    await page.goto(`${app.baseUrl}/settings#notifications`);
    const digestByEmail = page.getByRole('switch', { name: 'Weekly digest by e-mail' });
    await visible(digestByEmail);
    await expect(digestByEmail.isChecked()).resolves.toBe(true);
    await visible(page.getByRole('switch', { name: 'Readiness drops in the app' }));
    await expectCount(page.getByTestId('digest-teaser'), 0);
    await page.getByRole('table', { name: 'Notification settings' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'pro-settings-1440.png') });
  });

  it('shows a Basic veteran the teaser with an Upgrade button to the plans, and no digest switch', async () => {
    const email = 'digest.basic.browser@example.org';
    const basic = app.client();
    const { id } = await basic.register(email, PASSWORD);
    const admin = app.client();
    await admin.signIn('browser.admin@example.org', PASSWORD);
    await grantTier(admin, basic, id, 'basic');

    const phone = await session.browser.newPage({ viewport: { width: 360, height: 780 } });
    await signIn(phone, app.baseUrl, email, PASSWORD);
    await phone.goto(`${app.baseUrl}/settings#notifications`);
    const teaser = phone.getByTestId('digest-teaser');
    await visible(teaser);
    await visible(teaser.getByText('Automatic updates come with Pro.'));
    await visible(teaser.getByText(/Your Basic plan does not include them/));
    await expectCount(phone.getByRole('switch', { name: 'Weekly digest by e-mail' }), 0);
    await visible(phone.getByRole('switch', { name: 'Claim status updates by e-mail' }));
    await teaser.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: path.join(SHOTS, 'basic-teaser-360.png') });
    await teaser.getByRole('link', { name: 'Upgrade' }).click();
    await phone.waitForURL((url) => url.pathname === '/billing');
    await phone.close();
  });
});
