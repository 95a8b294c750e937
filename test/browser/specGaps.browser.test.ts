/// <reference lib="dom" />
/**
 * The last gaps to the specification, in a real Chromium against the real app: registration's age
 * and terms confirmations; the Free plan's PDF limit said when the wizard opens; the VA file number
 * and SSN last 4 entered in the profile (shown masked) and filling the wizard; the Auto-save and AI
 * Recommendations switches honoured; the same veteran on Pro, with nothing held back.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { TestApp } from '../../gateway/src/testing/testApp';
import { ARTIFACTS, expectCount, expectText, snapshot, startSignedIn, visible, waitUntil, type SignedInSession } from './chromium';

jest.setTimeout(120_000);

const EMAIL = 'gaps.vet@example.org';
const PASSWORD = 'a long enough password';

describe('the last gaps to the specification in Chromium', () => {
  let session: SignedInSession;
  let app: TestApp;
  let page: Page;

  beforeAll(async () => {
    session = await startSignedIn(EMAIL, { firstName: 'Rosa', lastName: 'Quintero' });
    ({ app, page } = session);
  });
  afterAll(async () => session?.close());

  const dialog = () => page.getByTestId('fillable-form-dialog');
  const openPackage = async () => {
    await page.goto(`${app.baseUrl}/templates?tab=pdfforge`);
    await page.getByRole('button', { name: 'Fill in Disability Claim Package', exact: true }).click();
    await visible(dialog().getByRole('heading', { name: 'Summary & Objectives', exact: true }));
  };
  const storedDrafts = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('disability-claim-package')));
  /** A screenshot of one part of the page (a full page at 360 px is too tall to look at). */
  const shot = async (locator: Locator, name: string) => {
    await fs.mkdir(ARTIFACTS, { recursive: true });
    await locator.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
  };
  const setPreference = async (label: string, on: boolean) => {
    const toggle = page.getByRole('switch', { name: new RegExp(`^${label}`) });
    await visible(toggle);
    if ((await toggle.isChecked()) !== on) {
      await toggle.click();
      await visible(page.getByText('Preferences Saved').first());
    }
  };

  it('asks a new veteran to confirm being 18 or older and accepting the terms before the account is made', async () => {
    const context = await session.browser.newContext({ viewport: { width: 360, height: 800 } });
    try {
      const visitor = await context.newPage();
      await visitor.goto(`${app.baseUrl}/login`);
      await visitor.getByRole('tab', { name: 'Create Account' }).click();
      await visitor.getByLabel('Email').fill('new.gaps.vet@example.org');
      await visitor.getByLabel('Password').fill(PASSWORD);
      await visitor.getByRole('button', { name: /create account/i }).click();
      await visible(visitor.getByText('Please confirm that you are 18 or older'));
      await visible(visitor.getByText('Please accept the Terms and Conditions'));
      expect(
        await visitor
          .getByRole('form', { name: 'Create account' })
          .getByRole('link', { name: 'Terms and Conditions' })
          .getAttribute('href'),
      ).toBe('/terms-and-conditions');
      await snapshot(visitor, 'gaps-register-refused-360');
      await visitor.setViewportSize({ width: 1440, height: 900 });
      await snapshot(visitor, 'gaps-register-refused-1440');
      await visitor.getByLabel('I am 18 or older').check();
      await visitor.getByLabel('I accept the Terms and Conditions').check();
      await visitor.getByRole('button', { name: /create account/i }).click();
      await visitor.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard');
    } finally {
      await context.close();
    }
  });

  it('says up front that the Free plan cannot generate the PDF, with the way to upgrade', async () => {
    await openPackage();
    const notice = dialog().getByTestId('pdf-plan-notice');
    await expectText(notice, /PDF generation is not available on the Free plan\. Upgrade to Basic or Pro to generate PDFs\./);
    expect(await notice.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/billing');
    await snapshot(page, 'gaps-wizard-free-1440');
    await page.setViewportSize({ width: 360, height: 800 });
    await snapshot(page, 'gaps-wizard-free-360');
    await page.setViewportSize({ width: 1440, height: 900 });
    await notice.getByRole('link', { name: 'Upgrade' }).click();
    await page.waitForURL((url) => url.pathname === '/billing');
  });

  it('keeps the VA file number and SSN last 4 in the profile (masked) and fills the wizard from them; Auto-save and AI Recommendations off are honoured', async () => {
    await page.goto(`${app.baseUrl}/settings`);
    const profile = page.getByRole('form', { name: 'Profile' });
    await visible(profile);
    await profile.getByLabel('VA File Number').fill('1234567');
    await profile.getByLabel('SSN Last 4').fill('12');
    await profile.getByRole('button', { name: 'Save Profile' }).click();
    await visible(profile.getByText('VA file number must be 8 or 9 digits'));
    await visible(profile.getByText('SSN last 4 must be exactly 4 digits'));
    // MOS: the Army's public list to pick from; typing stays possible.
    await profile.getByLabel('Branch of Service').click();
    await page.getByRole('option', { name: 'Army', exact: true }).click();
    await profile.getByLabel('Primary MOS / Rating / AFSC').fill('68W');
    await page.getByRole('option', { name: '68W Combat Medic Specialist' }).click();
    await profile.getByLabel('Secondary MOS').fill('Unit armorer (not listed)');
    await profile.getByLabel('VA File Number').fill('730691145');
    await profile.getByLabel('SSN Last 4').fill('0427');
    expect(await profile.getByLabel('SSN Last 4').getAttribute('type')).toBe('password');
    await profile.getByRole('button', { name: 'Save Profile' }).click();
    await visible(profile.getByText('On file: ***-**-0427'));
    const user = (await page.request.get(`${app.baseUrl}/api/auth/user`).then((r) => r.json())) as Record<string, unknown>;
    expect(user).toMatchObject({ branchOfService: 'army', mos: '68W Combat Medic Specialist', subMos: 'Unit armorer (not listed)' });
    await shot(profile, 'gaps-profile-1440');
    await page.setViewportSize({ width: 360, height: 800 });
    await shot(profile, 'gaps-profile-360');
    await page.setViewportSize({ width: 1440, height: 900 });
    await setPreference('Auto-save', false);
    await setPreference('AI Recommendations', false);

    await openPackage();
    const field = (label: string) => dialog().getByLabel(new RegExp(`^${label}\\s*\\*?$`));
    await waitUntil(
      async () => (await field('VA file number').inputValue()) === '730691145' && (await field('SSN last 4').inputValue()) === '0427',
      async () => `file number ${await field('VA file number').inputValue()}, SSN ${await field('SSN last 4').inputValue()}`,
    );
    await visible(dialog().getByTestId('autosave-off'));
    await field('Veteran statement').fill('My knees have hurt since jump school.');
    // Longer than the 2 s autosave delay: nothing saved, no "Saving..." badge.
    await page.waitForTimeout(2_500);
    expect(await storedDrafts()).toEqual([]);
    await expectCount(dialog().getByText('Saving...'), 0);
    await dialog().getByRole('button', { name: 'Save Draft', exact: true }).click();
    await visible(page.getByText('Draft Saved').first());
    expect(await storedDrafts()).toHaveLength(1);

    await page.goto(`${app.baseUrl}/claims`);
    await visible(page.getByRole('heading', { name: 'Claims Tracker' }));
    await expectCount(page.getByTestId('ai-recommendations'), 0);
    await snapshot(page, 'gaps-claims-no-ai-1440');
    await page.setViewportSize({ width: 360, height: 800 });
    await snapshot(page, 'gaps-claims-no-ai-360');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('on Pro with both switches back on: no plan notice, the panel shows and the wizard autosaves', async () => {
    const admin = app.client();
    await admin.signIn('browser.admin@example.org', PASSWORD);
    const me = (await page.request.get(`${app.baseUrl}/api/auth/user`).then((r) => r.json())) as { id: string };
    expect((await admin.put(`/api/users/${me.id}/tier`, { tierName: 'pro' })).status).toBe(200);
    await waitUntil(
      async () =>
        ((await page.request.get(`${app.baseUrl}/api/auth/user`).then((r) => r.json())) as { memberTier: string }).memberTier === 'pro',
      async () => 'the veteran never became pro',
    );
    await page.goto(`${app.baseUrl}/settings`);
    await setPreference('Auto-save', true);
    await setPreference('AI Recommendations', true);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${app.baseUrl}/claims`);
    await visible(page.getByTestId('ai-recommendations'));

    await openPackage();
    await expectCount(dialog().getByTestId('pdf-plan-notice'), 0);
    await expectCount(dialog().getByTestId('autosave-off'), 0);
    await dialog()
      .getByLabel(/^Veteran statement/)
      .fill('Pro: saved as I type.');
    await waitUntil(
      async () => (await storedDrafts()).length === 1,
      async () => 'the draft was never autosaved',
    );
  });
});
