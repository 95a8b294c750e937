/// <reference lib="dom" />
/**
 * Settings, the bell, the Email Testing page and the password reset screens in a real Chromium
 * against the real app: a veteran edits the profile (validation, then saved), turns a notification
 * off, reads the bell, exports the data; an administrator changes the veteran's tier from the member
 * tiers section and sends the sample e-mails; the veteran resets the password from the e-mailed link
 * and finally deletes the account.
 */
import type { Page } from 'playwright-core';
import type { TestApp } from '../../gateway/src/testing/testApp';
import { waitForMail } from '../../gateway/src/testing/mail';
import { expectText, signIn, snapshot, startSignedIn, visible, waitUntil, type SignedInSession } from './chromium';

jest.setTimeout(180_000);

const EMAIL = 'settings.vet@example.org';
const PASSWORD = 'a long enough password';
const ADMIN = 'browser.admin@example.org';

describe('settings in Chromium', () => {
  let session: SignedInSession;
  let app: TestApp;
  let page: Page;

  beforeAll(async () => {
    session = await startSignedIn(EMAIL, { firstName: 'Morgan', lastName: 'Reyes' });
    ({ app, page } = session);
  });
  afterAll(async () => session?.close());

  it('edits the profile: the spec messages, then Profile Updated and the header follows', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    const profile = page.getByRole('form', { name: 'Profile' });
    await visible(profile);
    // Only administrators and adjudicators see the member tiers.
    await expectCountZero(page, page.getByRole('heading', { name: 'Member Tiers' }));

    await profile.getByLabel('Full Name').fill('');
    await profile.getByLabel('Current VA Disability Rating (%)').fill('150');
    await profile.getByRole('button', { name: 'Save Profile' }).click();
    await visible(profile.getByText('Name is required'));
    await visible(profile.getByText('Disability rating must be a number between 0 and 100'));

    await profile.getByLabel('Full Name').fill('Morgan Alexis Reyes');
    await profile.getByLabel('Current VA Disability Rating (%)').fill('70');
    await profile.getByLabel('Branch of Service').click();
    await page.getByRole('option', { name: 'Navy' }).click();
    // The MOS field offers the chosen branch's own list: the Navy's ratings.
    await visible(profile.getByText(/^e\.g\. HM Hospital Corpsman\. Type a code or title/));
    await profile.getByLabel('Primary MOS / Rating / AFSC').fill('Hospital Corps');
    await page.getByRole('option', { name: 'HM Hospital Corpsman' }).click();
    await profile.getByLabel('Combat Theaters / Operations').fill('Korean');
    await page.getByRole('option', { name: 'Korean War' }).click();
    await profile.getByRole('button', { name: 'Save Profile' }).click();
    await visible(page.getByText('Profile Updated'));
    await expectText(page.getByTestId('user-display-name'), 'Morgan Alexis Reyes');
    await expectText(page.getByTestId('user-service-line'), /Navy/);

    const user = (await page.request.get(`${app.baseUrl}/api/auth/user`).then((r) => r.json())) as Record<string, unknown>;
    expect(user).toMatchObject({
      name: 'Morgan Alexis Reyes',
      branchOfService: 'navy',
      disabilityRating: 70,
      operationTheaters: ['Korean War'],
      mos: 'HM Hospital Corpsman',
    });
    await snapshot(page, 'settings-profile-saved');
  });

  it('saves a notification toggle and the theme', async () => {
    await page.goto(`${app.baseUrl}/settings`);
    const toggle = page.getByRole('switch', { name: 'Claim status updates by e-mail' });
    await expect(toggle.isChecked()).resolves.toBe(true);
    await toggle.click();
    await visible(page.getByText('Preferences Saved'));
    await page.getByRole('button', { name: 'Dark' }).click();
    await waitUntil(
      async () => {
        const saved = (await page.request.get(`${app.baseUrl}/api/auth/preferences`).then((r) => r.json())) as {
          theme: string;
          emailNotifications: Record<string, boolean>;
        };
        return saved.theme === 'dark' && saved.emailNotifications['claim-status'] === false;
      },
      async () => `preferences were ${await page.request.get(`${app.baseUrl}/api/auth/preferences`).then((r) => r.text())}`,
    );
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(true);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Claim status updates by e-mail' }).isChecked()).resolves.toBe(false);
    await snapshot(page, 'settings-dark');
    await page.getByRole('button', { name: 'Light' }).click();
  });

  it('shows the welcome notification in the bell and marks everything read', async () => {
    const bell = page.getByTestId('notification-bell');
    await waitUntil(
      async () => (await bell.getAttribute('aria-label')) === 'Notifications, 1 unread',
      async () => `the bell says ${await bell.getAttribute('aria-label')}`,
    );
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await visible(panel.getByText('Welcome to Claims Copilot'));
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await waitUntil(
      async () => (await bell.getAttribute('aria-label')) === 'Notifications',
      async () => `the bell still says ${await bell.getAttribute('aria-label')}`,
    );
    await page.keyboard.press('Escape');
  });

  it('exports the data as a ZIP with a progress indicator', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export My Data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^claims-copilot-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await streamLength(await file.createReadStream());
    expect(bytes).toBeGreaterThan(100);
    await visible(page.getByText('Export Ready'));
  });

  it('keeps the Email Testing page to administrators', async () => {
    await page.goto(`${app.baseUrl}/admin`);
    await visible(page.getByTestId('admin-forbidden'));
    await expectCountZero(page, page.getByRole('button', { name: 'Send All Sample Emails' }));
  });

  it('lets an administrator change a tier and send the sample e-mails', async () => {
    const admin = await session.browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await signIn(admin, app.baseUrl, ADMIN, PASSWORD);
      await admin.goto(`${app.baseUrl}/settings`);
      const tiers = admin.getByRole('region', { name: 'Member Tiers' });
      await visible(tiers.getByRole('table', { name: 'Member tiers' }));
      const row = tiers.getByTestId('tier-user-row').filter({ hasText: EMAIL });
      await visible(row);
      await row.getByRole('button', { name: `Edit tier of ${EMAIL}` }).click();
      await row.getByLabel(`Tier for ${EMAIL}`).click();
      await admin.getByRole('option', { name: 'Basic' }).click();
      await visible(admin.getByText('User tier updated successfully'));
      await expectText(row, /Basic/);

      await admin.getByRole('button', { name: 'User menu' }).click();
      await admin.getByRole('menuitem', { name: 'Email Testing' }).click();
      await visible(admin.getByRole('heading', { name: 'Email Testing' }));
      const address = admin.getByLabel('Email Address');
      await expect(address.inputValue()).resolves.toBe(ADMIN);
      await address.fill('');
      await expect(admin.getByRole('button', { name: 'Send All Sample Emails' }).isDisabled()).resolves.toBe(true);
      await address.fill('qa@example.org');
      await admin.getByRole('button', { name: 'Send All Sample Emails' }).click();
      await visible(admin.getByText('6 sample emails sent to qa@example.org'));
      await waitForMail(app.system.outboxDir, 'qa@example.org', /^\[Sample\]/, 6);
      await visible(admin.getByTestId('outbox-message').filter({ hasText: '[Sample] Welcome to Claims Copilot' }));
      await snapshot(admin, 'email-testing');
    } finally {
      await admin.close();
    }
    // The tier change reached the veteran as a notification too.
    await page.goto(`${app.baseUrl}/settings`);
    const bell = page.getByTestId('notification-bell');
    await waitUntil(
      async () => (await bell.getAttribute('aria-label')) === 'Notifications, 1 unread',
      async () => `the bell says ${await bell.getAttribute('aria-label')}`,
    );
  });

  it('resets the password from the e-mailed link, once', async () => {
    const phone = await session.browser.newPage({ viewport: { width: 360, height: 740 } });
    try {
      await phone.goto(`${app.baseUrl}/login`);
      await phone.getByRole('link', { name: 'Forgot password?' }).click();
      await phone.getByLabel('Email').fill(EMAIL);
      await phone.getByRole('button', { name: 'Send Reset Link' }).click();
      await visible(phone.getByTestId('reset-requested'));
      const [mail] = await waitForMail(app.system.outboxDir, EMAIL, /reset/i);
      if (!mail) throw new Error('no reset e-mail');
      const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.mail.text ?? '')?.[0];
      expect(link).toBeDefined();
      const url = new URL(link!);
      await phone.goto(`${app.baseUrl}${url.pathname}${url.search}`);
      await phone.locator('#reset-password').fill('a brand new password');
      await phone.locator('#reset-password-confirm').fill('a brand new password');
      await phone.getByRole('button', { name: 'Set New Password' }).click();
      await visible(phone.getByTestId('reset-done'));
      await snapshot(phone, 'reset-done-360');

      // The same link again: refused.
      await phone.goto(`${app.baseUrl}${url.pathname}${url.search}`);
      await phone.locator('#reset-password').fill('yet another password');
      await phone.locator('#reset-password-confirm').fill('yet another password');
      await phone.getByRole('button', { name: 'Set New Password' }).click();
      await visible(phone.getByText('This password reset link is invalid or has expired. Please ask for a new one.'));
    } finally {
      await phone.close();
    }
  });

  it('deletes the account after the password is given again', async () => {
    await signIn(page, app.baseUrl, EMAIL, 'a brand new password');
    await page.goto(`${app.baseUrl}/settings`);
    await page.getByRole('button', { name: 'Delete My Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await visible(dialog.getByText('The password is not correct.'));
    await dialog.getByLabel('Password').fill('a brand new password');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await page.request.get(`${app.baseUrl}/api/auth/user`)).status()).toBe(401);
    // The e-mail is free again.
    const again = await app.client().register(EMAIL, PASSWORD, { firstName: 'New' });
    expect(again.email).toBe(EMAIL);
  });
});

async function expectCountZero(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
  await page.waitForTimeout(300);
  expect(await locator.count()).toBe(0);
}

async function streamLength(stream: NodeJS.ReadableStream): Promise<number> {
  let length = 0;
  for await (const chunk of stream) length += (chunk as Buffer).length;
  return length;
}
