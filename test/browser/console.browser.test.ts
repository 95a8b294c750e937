/// <reference lib="dom" />
/**
 * The staff console in a real Chromium against the real app: an adjudicator finds a
 * claim through the list's filters, opens it, moves through its history with the time-travel
 * control and downloads it as CSV; the veteran then sees in their own history that staff viewed it,
 * without a name; support rebuilds a read model and watches its progress until it is swapped in,
 * and reads the event log with personal data redacted.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { STAFF_PASSWORD, startStaffApp, type StaffApp } from '../../gateway/src/testing/staff';
import type { TestClient } from '../../gateway/src/testing/testApp';
import { expectCount, expectNoHorizontalOverflow, expectText, launchChromium, signIn, snapshot, visible, waitUntil } from './chromium';

jest.setTimeout(180_000);

describe('the staff console in Chromium', () => {
  let staff: StaffApp;
  let browser: Browser;
  let vera: TestClient & { id: string };
  let tinnitusId: string;
  /** Holds a rebuild between catching up and its swap, so its progress can be watched. */
  let swapGate: Promise<void> = Promise.resolve();
  let releaseSwap: () => void = () => undefined;
  let onSwapReached: () => void = () => undefined;

  const pageAs = async (email: string, width = 1440): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await signIn(page, staff.app.baseUrl, email, STAFF_PASSWORD);
    return page;
  };

  beforeAll(async () => {
    staff = await startStaffApp(
      {
        frontendDist: path.resolve(__dirname, '../../frontend/dist'),
        rebuild: {
          // Small batches, so the progress moves; the swap waits until the test lets it go.
          batchSize: 5,
          beforeSwap: async () => {
            onSwapReached();
            await swapGate;
          },
        },
      },
      'console',
    );
    browser = await launchChromium();
    vera = await staff.member('vera.console@example.org', 'pro', { firstName: 'Vera', lastName: 'Veteran' });
    const marcus = await staff.member('marcus.console@example.org', 'pro', { firstName: 'Marcus', lastName: 'Ortiz' });
    const file = async (client: TestClient, condition: string) => {
      const filed = await client.post('/api/claims', { condition, conditionType: 'primary', nextAction: 'Get a hearing test' });
      if (filed.status !== 201) throw new Error(`filing failed: ${filed.status} ${filed.text}`);
      return filed.data.id as string;
    };
    tinnitusId = await file(vera, 'Tinnitus');
    expect((await vera.put(`/api/claims/${tinnitusId}/status`, { status: 'initial_review', note: 'Sent to the VA' })).status).toBe(200);
    expect(
      (await vera.post(`/api/claims/${tinnitusId}/notes`, { note: 'Called the VSO', noteType: 'communication', isImportant: true })).status,
    ).toBe(201);
    expect((await vera.request('PATCH', `/api/claims/${tinnitusId}`, { json: { priority: 'high' } })).status).toBe(200);
    await file(vera, 'PTSD');
    await file(marcus, 'Sleep apnea');
    await staff.app.system.readModelsCaughtUp();
  });
  afterAll(async () => {
    releaseSwap();
    await browser?.close();
    await staff?.app.close();
  });

  it('an adjudicator filters the claims list, opens a claim and moves through its history', async () => {
    const page = await pageAs('console.adjudicator@example.org');
    const { baseUrl } = staff.app;

    // Only staff have the console in the sidebar; it opens on the sections of the role.
    await page.getByRole('link', { name: 'Staff console' }).click();
    await page.waitForURL(`${baseUrl}/console`);
    const sections = page.getByRole('navigation', { name: 'Staff console sections' });
    await expectCount(sections.getByRole('tab'), 2);
    await sections.getByRole('tab', { name: 'Claims' }).click();

    const rows = page.getByTestId('staff-claims-table').locator('tbody tr');
    await expectCount(rows, 3);
    await page.getByPlaceholder('Condition, claim #, owner or e-mail').fill('vera.console');
    await expectCount(rows, 2);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Initial Review' }).click();
    await expectCount(rows, 1);
    await expectText(rows.first(), 'Tinnitus');
    await expectText(rows.first(), 'Vera Veteran');
    expect(page.url()).toContain(encodeURIComponent('"status":"initial_review"'));
    await snapshot(page, 'console-claims-filtered');

    await rows.first().click();
    await page.waitForURL(`${baseUrl}/console/claims/${tinnitusId}/show`);
    await expectText(page.locator('#react-admin-title'), 'Tinnitus');
    await expectText(page.getByText('vera.console@example.org'), 'vera.console@example.org');
    await visible(page.getByText('Called the VSO'));

    await page.getByRole('tab', { name: 'History' }).click();
    const entries = page.getByTestId('history-entry');
    const history = (await staff.adjudicator.get(`/api/staff/claims/${tinnitusId}/history`)).data as { version: number; type: string }[];
    expect(history.map((e) => e.type)).toEqual(['ClaimFiled', 'ClaimStatusChanged', 'ClaimNoteAdded', 'ClaimPriorityChanged']);
    await expectCount(entries, history.length);
    const label = page.getByTestId('time-travel-label');
    const atVersion = page.getByTestId('claim-at-version');
    await expectText(label, `Version 4 of 4`);
    await expectText(atVersion, 'High priority');
    await expectText(entries.nth(1), 'Submitted');
    await expectText(entries.nth(1), 'Initial Review');

    // Back to the filing: the claim as it was then, folded from the events.
    await entries.first().click();
    await expectText(label, 'Version 1 of 4');
    await expectText(atVersion, 'Submitted');
    await expectText(atVersion, 'Notes (0)');
    expect(await atVersion.textContent()).not.toContain('High priority');
    await expect(entries.first().getAttribute('aria-current')).resolves.toBe('step');

    // The slider by keyboard, then the buttons.
    await page.getByTestId('time-travel-slider').getByRole('slider').focus();
    await page.keyboard.press('ArrowRight');
    await expectText(label, 'Version 2 of 4');
    await expectText(atVersion, 'Initial Review');
    await page.getByRole('button', { name: 'Next' }).click();
    await expectText(label, 'Version 3 of 4');
    await expectText(atVersion, 'Notes (2)');
    await page.getByRole('button', { name: 'Latest' }).click();
    await expectText(label, 'Version 4 of 4');
    await snapshot(page, 'console-claim-history');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export history (CSV)' }).click()]);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    expect(csv.trim().split('\r\n')).toHaveLength(1 + history.length);
    expect(csv).toContain('ClaimPriorityChanged');

    // The claim's owner sees that staff viewed it: the role and the date, never the name.
    const veteranPage = await pageAs('vera.console@example.org');
    await veteranPage.goto(`${baseUrl}/claims`);
    await veteranPage.getByTestId('claim-row').filter({ hasText: 'Tinnitus' }).click();
    const detail = veteranPage.getByRole('dialog', { name: /Tinnitus/ });
    await detail.getByRole('tab', { name: 'History' }).click();
    const viewed = detail.locator('[data-testid="claim-history-entry"][data-type="StaffViewed"]');
    await visible(viewed.first());
    await expectText(viewed.first(), 'Viewed by staff');
    await expectText(viewed.first(), 'Adjudicator');
    expect(await detail.textContent()).not.toContain('Ada');
    expect(await detail.textContent()).not.toContain('Judge');
    await snapshot(veteranPage, 'console-veteran-sees-staff-view');

    // A veteran who types the address gets the console's refusal, and no staff data.
    await veteranPage.goto(`${baseUrl}/console/claims`);
    await visible(veteranPage.getByTestId('console-access-denied'));
    expect(await veteranPage.getByRole('link', { name: 'Staff console' }).count()).toBe(0);
    await veteranPage.close();
    await page.close();
  });

  it('shows the whole claims list and every rebuild button on a laptop screen, and a hidden column on demand', async () => {
    const page = await pageAs('console.admin@example.org', 1280);
    const { baseUrl } = staff.app;
    // How far the list's table reaches past its card (it scrolls sideways inside it when it does).
    const tableOverflow = () => page.locator('.RaDataTable-tableWrapper').evaluate((wrapper) => wrapper.scrollWidth - wrapper.clientWidth);
    const fits = () =>
      waitUntil(
        async () => (await tableOverflow()) <= 0,
        async () => `the table is ${await tableOverflow()} px wider than its card`,
      );
    const showColumn = async (label: string) => {
      expect(await page.getByRole('columnheader', { name: label }).count()).toBe(0);
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByLabel(label, { exact: true }).check();
      await page.keyboard.press('Escape');
      await visible(page.getByRole('columnheader', { name: label }));
    };

    await page.goto(`${baseUrl}/console/claims`);
    await expectCount(page.getByTestId('staff-claims-table').locator('tbody tr'), 3);
    await fits();
    await showColumn('Progress %');

    await page.goto(`${baseUrl}/console/projections`);
    await visible(page.getByRole('button', { name: 'Rebuild claims' }));
    await fits();
    await showColumn('Tables');
    await visible(page.getByRole('cell', { name: 'claims, claim_notes' }));
    await page.close();
  });

  it('support rebuilds a read model and watches its progress, and reads the event log redacted', async () => {
    swapGate = new Promise<void>((resolve) => (releaseSwap = resolve));
    const reachedSwap = new Promise<void>((resolve) => (onSwapReached = resolve));

    const page = await pageAs('console.support@example.org', 360);
    const { baseUrl } = staff.app;
    await page.goto(`${baseUrl}/console`);
    const sections = page.getByRole('navigation', { name: 'Staff console sections' });
    await expectCount(sections.getByRole('tab'), 4);
    await sections.getByRole('tab', { name: 'Projections' }).click();

    const card = page.getByTestId('projection-card').filter({ hasText: /^claims/ });
    await visible(card);
    await expectText(card.getByTestId('projection-state'), 'Live');
    await card.getByRole('button', { name: 'Rebuild claims' }).click();
    await visible(page.getByText('Rebuild started'));
    const progress = card.getByTestId('rebuild-progress-claims');
    await visible(progress);
    await visible(progress.getByRole('progressbar', { name: 'Rebuild of claims' }));
    await reachedSwap;
    await expectText(progress, /100% · (\d+)\/\1 events/);
    await expectText(card.getByRole('button', { name: 'Rebuild claims' }), 'Rebuilding…');
    await snapshot(page, 'console-rebuild-progress');

    // While it runs, the old tables keep answering.
    const during = await vera.get('/api/claims');
    expect(during.status).toBe(200);
    expect(during.data).toHaveLength(2);

    releaseSwap();
    await expectText(card.getByTestId('rebuild-outcome-claims'), 'Last rebuild: swapped in');
    await visible(page.getByText('Rebuild finished'));
    expect((await vera.get('/api/claims')).data).toHaveLength(2);

    // The event log: the filing of a claim, with its sealed text shown as [redacted].
    await page.goto(`${baseUrl}/console/events?filter=${encodeURIComponent(JSON.stringify({ type: ['ClaimFiled'] }))}`);
    // On a phone the log is a list of links, one per event (the filter's chip says ClaimFiled too).
    const filings = page.getByRole('link').filter({ hasText: 'ClaimFiled' });
    await expectCount(filings, 3);
    await filings.first().click();
    await page.waitForURL(/\/console\/events\/[^/]+\/show$/);
    const data = page.getByTestId('event-data');
    await expectText(data, '[redacted]');
    const text = (await data.textContent()) ?? '';
    expect(text).not.toMatch(/Tinnitus|PTSD|Sleep apnea|hearing test/);
    expect(await page.getByRole('button', { name: 'Show personal data' }).count()).toBe(0);
    await snapshot(page, 'console-event-redacted');
    await expectNoHorizontalOverflow(page);
    await page.close();
  });
});
