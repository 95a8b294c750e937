/// <reference lib="dom" />
/**
 * A veteran tracks a claim in a real Chromium against the real app: files it through the dialog,
 * changes its status (the status note appears), tries a rating of 150 (toast) then 70 (saved), adds
 * an important note, reads the history, and sees the dashboard counters follow.
 */
import type { Page } from 'playwright-core';
import type { TestApp } from '../../gateway/src/testing/testApp';
import { expectText, snapshot, startSignedIn, visible, type SignedInSession } from './chromium';

jest.setTimeout(120_000);

describe('claims tracking in Chromium', () => {
  let session: SignedInSession;
  let app: TestApp;
  let page: Page;

  beforeAll(async () => {
    session = await startSignedIn('tracker.vet@example.org', { firstName: 'Morgan', lastName: 'Reyes' });
    ({ app, page } = session);
  });
  afterAll(async () => session?.close());

  it('files, updates and annotates a claim, and the dashboard follows', async () => {
    await expectText(page.getByTestId('stat-active-claims-value'), '0');

    await page.goto(`${app.baseUrl}/claims`);
    await visible(page.getByTestId('claims-empty'));
    await page.getByRole('button', { name: 'New Claim' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add VA Claim for Tracking' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Add Claim' }).click();
    await visible(dialog.getByText('Condition is required'));
    await visible(dialog.getByText('Condition type is required'));
    await snapshot(page, 'new-claim-errors');
    await dialog.getByLabel('Condition', { exact: true }).fill('Tinnitus');
    await dialog.getByLabel('Condition Type').selectOption('primary');
    await dialog.getByLabel('Next Action (optional)').fill('Schedule the C&P exam');
    await dialog.getByRole('button', { name: 'Add Claim' }).click();
    await visible(page.getByText('New claim has been added for tracking successfully'));
    await expectText(page.getByTestId('claims-usage'), 'Claims: 1 / 3');

    const row = page.getByTestId('claim-row').filter({ hasText: 'Tinnitus' });
    await visible(row);
    await expectText(row.getByTestId('claim-status'), 'Submitted');
    await row.click();
    const detail = page.getByRole('dialog', { name: /Tinnitus/ });
    await visible(detail);

    await detail.getByLabel('Change status').selectOption('evidence_review');
    await visible(page.getByText('Claim status has been updated successfully'));
    await visible(detail.getByTestId('note-status-change').first());
    await expectText(detail.getByTestId('claim-note').first(), 'Status changed to: Evidence Review');

    await detail.getByRole('button', { name: 'Edit rating' }).click();
    await detail.getByLabel('Rating (%)').fill('150');
    await detail.getByRole('button', { name: 'Save rating' }).click();
    await visible(page.getByText('Invalid Rating'));
    await visible(page.getByText('Rating must be a number between 0 and 100'));
    await detail.getByLabel('Rating (%)').fill('70');
    await detail.getByRole('button', { name: 'Save rating' }).click();
    await expectText(detail.getByTestId('claim-rating-value'), '70%');

    await detail.getByPlaceholder('Add a note about this claim...').fill('  Called the regional office  ');
    await detail.getByRole('switch', { name: 'Important' }).click();
    await detail.getByRole('button', { name: 'Add Note' }).click();
    await visible(page.getByText('Note has been added to the claim'));
    await expectText(detail.getByTestId('claim-note').first(), 'Called the regional office');
    await snapshot(page, 'claim-detail');

    await detail.getByRole('tab', { name: 'History' }).click();
    const entries = detail.getByTestId('claim-history-entry');
    await visible(entries.first());
    const deadline = Date.now() + 10_000;
    while ((await entries.count()) < 4 && Date.now() < deadline) await page.waitForTimeout(100);
    expect(await entries.count()).toBeGreaterThanOrEqual(4);
    await expectText(detail, 'Evidence Review');
    await snapshot(page, 'claim-history');

    // Approve it: the dashboard's counters and combined rating follow.
    await detail.getByRole('tab', { name: 'Details' }).click();
    await detail.getByLabel('Change status').selectOption('approved');
    await visible(page.getByText('Claim status has been updated successfully').first());
    await page.keyboard.press('Escape');
    await page.goto(app.baseUrl);
    await expectText(page.getByTestId('stat-approved-claims-value'), '1');
    await expectText(page.getByTestId('stat-active-claims-value'), '0');
    await expectText(page.getByTestId('stat-current-va-rating-value'), '70');
    await visible(page.getByTestId('activity-item').first());
    await snapshot(page, 'dashboard-with-claim');
  });
});
