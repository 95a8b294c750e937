/// <reference lib="dom" />
/**
 * The reference features in a real Chromium against the real app: the forms library (official forms, DBQs with
 * filter, search and a tracked download, the Free plan's upgrade prompt, the administrators' sync),
 * the learning center's search, the calculators, and a decided claim's review deadlines on the
 * claim and on the dashboard.
 */
import { addDays } from '@cc/contracts';
import type { Page, Route } from 'playwright-core';
import type { TestApp } from '../../gateway/src/testing/testApp';
import { expectCount, expectText, signIn, snapshot, startSignedIn, visible, type SignedInSession } from './chromium';

jest.setTimeout(180_000);

const PASSWORD = 'a long enough password';

/** Today on this machine's clock, as the browser (same machine) counts it. */
function localDay(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

describe('reference library, calculators and deadlines in Chromium', () => {
  let session: SignedInSession;
  let app: TestApp;
  let page: Page;

  beforeAll(async () => {
    session = await startSignedIn('reference.vet@example.org', { firstName: 'Jordan', lastName: 'Diaz' }, { tier: 'pro' });
    ({ app, page } = session);
    // The PDFs live on VA.gov; this machine has no network, and a download opens them in a new tab.
    await page
      .context()
      .route(/^https:\/\/(www\.)?(va\.gov|vba\.va\.gov)\//, (route) =>
        route.fulfill({ status: 200, contentType: 'application/pdf', body: '%PDF-1.4' }),
      );
  });
  afterAll(async () => session?.close());

  it('lists the official forms; a form without a PDF says Download Unavailable', async () => {
    await page.goto(`${app.baseUrl}/templates`);
    await expectText(page.getByRole('tab', { selected: true }), 'Official VA Forms');
    const rows = page.getByTestId('va-form-row');
    await visible(rows.first());
    await expectText(page.getByTestId('va-forms-count'), '23 forms');
    const claimForm = rows.filter({ hasText: 'VA Form 21-526EZ' });
    await expectText(claimForm, 'Application for Disability Compensation');
    expect(await claimForm.getByTestId('va-form-download').getAttribute('href')).toBe(
      'https://www.vba.va.gov/pubs/forms/VBA-21-526EZ-ARE.pdf',
    );

    await page.getByLabel('Search VA forms').fill('higher-level');
    await expectCount(rows, 1);
    await expectText(rows.first(), '20-0996');
    await page.getByLabel('Search VA forms').fill('no such form anywhere');
    await visible(page.getByTestId('va-forms-no-results'));
    await expectText(page.getByTestId('va-forms-no-results'), 'No Results Found');

    await page.getByLabel('Search VA forms').fill('0781a');
    await expectCount(rows, 1);
    await rows.first().getByTestId('va-form-download-unavailable').click();
    await visible(page.getByText('Download Unavailable'));
    await visible(page.getByText("This form's PDF is not currently available"));
  });

  it('filters and searches DBQs, and tracks a download', async () => {
    await page.getByRole('tab', { name: 'DBQ Forms' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'dbqs');
    const rows = page.getByTestId('dbq-row');
    await visible(rows.first());
    await expectText(page.getByTestId('dbqs-count'), '67 DBQs');

    const category = page.getByLabel('Category');
    await category.selectOption('Ear, nose, and throat');
    // The option names its count ("Ear, nose, and throat (4)"); the list settles on exactly that many.
    const label = await category.locator('option:checked').innerText();
    const inCategory = Number(/\((\d+)\)$/.exec(label)![1]);
    expect(inCategory).toBeGreaterThan(0);
    expect(inCategory).toBeLessThan(67);
    await expectCount(rows, inCategory);
    await expectText(page.getByTestId('dbqs-count'), `${inCategory} ${inCategory === 1 ? 'DBQ' : 'DBQs'} match`);
    for (const text of await rows.allInnerTexts()) expect(text).toContain('Ear, nose, and throat');

    await category.selectOption('');
    await page.getByLabel('Search DBQ forms').fill('knee');
    const knee = rows.filter({ hasText: '21-0960M-9' });
    await visible(knee);
    await expectText(knee, 'Knee and Lower Leg');
    await expectText(knee.getByTestId('dbq-download-count'), '0 downloads');
    const popup = page.waitForEvent('popup');
    await knee.getByTestId('dbq-download').click();
    await (await popup).close();
    await visible(page.getByText('Download Tracked'));
    await expectText(knee.getByTestId('dbq-download-count'), '1 download');

    await page.getByLabel('Search DBQ forms').fill('zzzz not a condition');
    await visible(page.getByTestId('dbqs-no-results'));
    await expectText(page.getByTestId('dbqs-no-results'), 'No Results Found');
    // A veteran is not an administrator: no sync.
    expect(await page.getByTestId('dbq-sync').count()).toBe(0);
    await snapshot(page, 'templates-dbqs');

    await page.getByRole('tab', { name: 'Fillable Templates' }).click();
    await expectCount(page.getByTestId('fillable-template'), 2);
    await expectText(page.getByTestId('forms-panel-pdfforge'), 'Disability Claim Package');
    await expectText(page.getByTestId('forms-panel-pdfforge'), 'Nexus Letter');
  });

  it('shows the Free plan the upgrade prompt, and an administrator syncs', async () => {
    const context = await session.browser.newContext({ viewport: { width: 360, height: 800 } });
    try {
      const free = await context.newPage();
      await app.client().register('free.reference@example.org', PASSWORD);
      await signIn(free, app.baseUrl, 'free.reference@example.org', PASSWORD);
      await free.goto(`${app.baseUrl}/templates?tab=dbqs`);
      await visible(free.getByTestId('dbq-upgrade'));
      await expectText(free.getByTestId('dbq-upgrade'), 'DBQ forms are not available on the Free plan');
      await snapshot(free, 'templates-dbqs-free-360');
      await free.context().clearCookies();

      await signIn(free, app.baseUrl, 'browser.admin@example.org', PASSWORD);
      await free.goto(`${app.baseUrl}/templates?tab=dbqs`);
      await free.getByTestId('dbq-sync').click();
      await visible(free.getByText('DBQ Sync Complete'));
      // The catalogue was filled from the bundled one at start: a sync adds nothing.
      await visible(free.getByText('Added 0, updated 0, retired 0 (bundled catalogue)'));
    } finally {
      await context.close();
    }
  });

  it('searches the learning center and pages the treatment centers', async () => {
    await page.goto(`${app.baseUrl}/benefits-learning-center`);
    const disabilities = page.getByTestId('reference-disabilities');
    await visible(disabilities.getByTestId('reference-item').first());
    await expectCount(disabilities.getByTestId('reference-item'), 20);
    await expectText(disabilities.getByTestId('reference-count'), /^Showing 20 of /);
    const centers = page.getByTestId('reference-treatment-centers');
    await visible(centers.getByRole('navigation'));

    await page.getByLabel('Search the learning center').fill('tinnitus');
    await expectText(disabilities.getByTestId('reference-count'), /match/);
    const items = disabilities.getByTestId('reference-item');
    for (const text of await items.allInnerTexts()) expect(text.toLowerCase()).toContain('tinnitus');
    await visible(page.getByTestId('reference-service-branches').getByTestId('reference-empty'));

    // While the next search loads, the previous list stays but its count does not describe it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route('**/api/va/disabilities?*search=knee*', hold);
    await page.getByLabel('Search the learning center').fill('knee');
    await expectText(disabilities.getByTestId('reference-count'), /^Loading…$/);
    release();
    await expectText(disabilities.getByTestId('reference-count'), /match/);
    await page.unroute('**/api/va/disabilities?*search=knee*', hold);

    await page.getByLabel('Search the learning center').fill('Tuscaloosa');
    await visible(
      centers
        .getByTestId('reference-item')
        .filter({ hasText: /Tuscaloosa/i })
        .first(),
    );
    await snapshot(page, 'learning-center-search');

    await page.getByRole('link', { name: 'Open calculators' }).click();
    await page.waitForURL((url) => url.pathname === '/calculators');
  });

  it('combines ratings with the bilateral factor and counts deadlines', async () => {
    await page.goto(`${app.baseUrl}/calculators?ratings=50,20-left-leg,10-right-leg,30`);
    const result = page.getByTestId('combined-rating-result');
    await expectText(result.getByTestId('combined-rating-value'), '80%');
    await visible(result.getByTestId('bilateral-applied'));
    await expectText(result.getByTestId('combined-rating-steps'), '28 plus the 10% bilateral factor (2.8) is 30.8');
    await expectText(result.getByTestId('monthly-compensation'), /^\$\d/);

    // Both leg ratings on the left leg: no longer bilateral.
    await page.getByTestId('rating-body-part').nth(2).selectOption('left-leg');
    await visible(result.getByTestId('bilateral-not-applied'));
    await page.getByRole('button', { name: 'Remove rating 4' }).click();
    await page.getByRole('button', { name: 'Remove rating 3' }).click();
    await page.getByRole('button', { name: 'Remove rating 2' }).click();
    await expectText(result.getByTestId('combined-rating-value'), '50%');
    await page.waitForURL((url) => url.searchParams.get('ratings') === '50');

    const calculator = page.getByTestId('deadline-calculator');
    await calculator.getByTestId('deadline-decision-kind').selectOption('board');
    await calculator.getByTestId('deadline-decisionDate').fill('2023-11-01');
    await calculator.getByRole('button', { name: 'Show deadlines' }).click();
    const court = page.getByTestId('calculated-deadlines').locator('[data-kind="court_appeal"]');
    await visible(court);
    await expectText(court.getByTestId('deadline-due-date'), 'Feb 29, 2024');

    // A year from February 29 ends February 28; a separation date adds the BDD window and the effective-date year.
    await calculator.getByTestId('deadline-decision-kind').selectOption('rating');
    await calculator.getByTestId('deadline-decisionDate').fill('2024-02-29');
    await calculator.getByTestId('deadline-separationDate').fill(addDays(localDay(), 300));
    await calculator.getByRole('button', { name: 'Show deadlines' }).click();
    const calculated = page.getByTestId('calculated-deadlines');
    await expectText(calculated.locator('[data-kind="higher_level_review"]').getByTestId('deadline-due-date'), 'Feb 28, 2025');
    const bdd = calculated.locator('[data-kind="bdd_claim"]');
    await expectText(bdd.getByTestId('deadline-days-left'), 'Opens in 120 days');
    await visible(bdd.getByTestId('deadline-opens-date'));
    await visible(calculated.locator('[data-kind="claim_after_separation"]'));
    await snapshot(page, 'calculators');
  });

  it('shows a decided claim its review deadlines, and the dashboard the soonest', async () => {
    const vet = app.client();
    await vet.signIn('reference.vet@example.org', PASSWORD);
    const created = await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' });
    expect(created.status).toBe(201);
    expect((await vet.put(`/api/claims/${created.data.id}/status`, { status: 'denied' })).status).toBe(200);

    await page.goto(`${app.baseUrl}/claims`);
    await page.getByTestId('claim-row').filter({ hasText: 'Tinnitus' }).click();
    const detail = page.getByRole('dialog', { name: /Tinnitus/ });
    await visible(detail.getByTestId('claim-review-deadlines-hint'));
    await expectText(detail.getByTestId('claim-decision-date'), 'Not set');
    await detail.getByRole('button', { name: 'Add decision date' }).click();
    const decided = addDays(localDay(), -340);
    await detail.getByTestId('claim-decision-date-input').fill(decided);
    await detail.getByRole('button', { name: 'Save decision date' }).click();
    await visible(page.getByText('Decision Date Updated'));
    const list = detail.getByTestId('claim-deadline-list');
    await expectCount(list.getByTestId('deadline-item'), 3);
    // One year from the decision: 365 or 366 days after it, so 25 or 26 days from today.
    await expectText(list.locator('[data-kind="higher_level_review"]').getByTestId('deadline-days-left'), /^Due in 2[56] days$/);
    await snapshot(page, 'claim-review-deadlines');
    await page.keyboard.press('Escape');

    await page.goto(app.baseUrl);
    const card = page.getByTestId('upcoming-deadlines');
    await expectCount(card.getByTestId('deadline-item'), 3);
    await expectText(card.getByTestId('deadline-item').first(), 'Tinnitus');
    await expect(card.getByTestId('deadline-days-left').first().getAttribute('data-urgency')).resolves.toBe('soon');
    await snapshot(page, 'dashboard-upcoming-deadlines');
  });
});
