/// <reference lib="dom" />
/**
 * The evidence map in a real Chromium against the real app and its worker: a veteran
 * files a claim, opens its Evidence tab (three elements, all missing), follows the upload next step
 * into the upload dialog with the claim chosen, uploads a real lay statement and analyses it (slowly,
 * so the page follows it), and watches the Evidence tab change by itself, without a reload; then
 * follows the nexus letter next step into the prefilled template, and the dashboard card back to the
 * Evidence tab. Screenshots at 1440 and 360 px, light and dark. A negative C&P opinion: the tab says
 * the opinion is against the claim and what to do next; denied, it says what a Supplemental Claim
 * needs and by when.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { createOfflineEngine } from '../../ai-worker/src';
import { slowedEngine } from '../../ai-worker/src/testing/slowedEngine';
import type { TestApp } from '../../gateway/src/testing/testApp';
import { expectNoHorizontalOverflow, expectText, snapshot, startSignedIn, visible, waitUntil, type SignedInSession } from './chromium';

jest.setTimeout(180_000);

const STATEMENT = readFileSync(path.resolve(__dirname, '../../ai-worker/corpus/lay-statement-knee-injury.txt'));
const NEGATIVE_OPINION = readFileSync(path.resolve(__dirname, '../../ai-worker/corpus/cp-opinion-negative-tinnitus.txt'));
const FILE = 'My knee statement.txt';
const CONDITION = 'Knee condition';

describe('the evidence map in Chromium', () => {
  let session: SignedInSession;
  let app: TestApp;
  let page: Page;
  const offline = createOfflineEngine();
  // Slower than the server waits (202), so the analysis is still running when the Evidence tab opens.
  const slow = slowedEngine(offline, 4_000);

  beforeAll(async () => {
    session = await startSignedIn(
      'evidence.browser@example.org',
      { firstName: 'Eve' },
      { tier: 'pro', analysis: { analysisEngine: slow, analysisWaitMs: 100 } },
    );
    ({ app, page } = session);
  });
  afterAll(async () => session?.close());

  const element = (name: string) => page.getByTestId('evidence-element').and(page.locator(`[data-element="${name}"]`));
  const stateOf = (name: string) => element(name).getAttribute('data-state');

  async function screenshots(name: string, ready: () => Promise<void>) {
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.reload();
      await ready();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      for (const width of [1440, 360]) {
        await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
        await page.waitForTimeout(250);
        await ready();
        if (width === 360) await expectNoHorizontalOverflow(page);
        await snapshot(page, `${name}-${width}-${theme}`);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
  }

  it('shows the three elements, changes by itself when a linked document is analysed, and its next steps do what they say', async () => {
    const filed = await page.request.post(`${app.baseUrl}/api/claims`, { data: { condition: CONDITION, conditionType: 'primary' } });
    expect(filed.status()).toBe(201);
    const claim = (await filed.json()) as { id: string; claimNumber: string };

    // The Evidence tab of a new claim: every element missing, each with its next steps.
    await page.goto(`${app.baseUrl}/claims`);
    await page.getByTestId('claim-row').filter({ hasText: CONDITION }).click();
    const dialog = page.getByTestId('claim-detail-dialog');
    await dialog.getByRole('tab', { name: 'Evidence' }).click();
    await visible(dialog.getByTestId('evidence-map'));
    expect(await Promise.all(['diagnosis', 'in-service', 'nexus'].map(stateOf))).toEqual(['missing', 'missing', 'missing']);
    expect(await dialog.getByTestId('evidence-state').allTextContents()).toEqual(['Missing', 'Missing', 'Missing']);
    expect(await dialog.getByTestId('evidence-map').getAttribute('data-readiness')).toBe('0');
    await expectText(dialog.getByTestId('evidence-map').getByTestId('claim-readiness'), 'Not ready');
    await visible(element('diagnosis').locator('[data-kind="dbq"]'));

    // The upload next step: the upload dialog with this claim chosen.
    await element('in-service').locator('[data-kind="upload"]').click();
    await page.waitForURL((url) => url.pathname === '/documents' && url.searchParams.get('upload') === '1');
    const upload = page.getByTestId('upload-dialog');
    await visible(upload);
    expect(await upload.getByTestId('upload-claim').inputValue()).toBe(claim.id);
    await snapshot(page, 'evidence-upload-dialog');
    // From here on the page is never loaded again: the marker would be lost.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await upload.getByTestId('document-file-input').setInputFiles([{ name: FILE, mimeType: 'text/plain', buffer: STATEMENT }]);
    await visible(upload.getByText('Uploaded'));
    await upload.getByTestId('upload-dialog-done').click();
    const card = page.getByTestId('document-card').filter({ hasText: FILE });
    await expectText(card.getByTestId('document-claim'), CONDITION);

    await page.getByRole('button', { name: `Analyze ${FILE}`, exact: true }).click();
    const chooser = page.getByTestId('analyze-dialog');
    await chooser.getByLabel('Service Connection Analyzer').check();
    await chooser.getByTestId('analyze-submit').click();
    await visible(card.getByText(/Processing|Analyzing/i).first());

    // Back to the claim, in the app: the tab shows the map as it is while the analysis runs…
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /Claims Tracker/ })
      .click();
    await page.getByTestId('claim-row').filter({ hasText: CONDITION }).click();
    await dialog.getByRole('tab', { name: 'Evidence' }).click();
    await visible(dialog.getByTestId('evidence-map'));
    expect(await stateOf('in-service')).toBe('missing');
    // …and changes by itself once it is done.
    await waitUntil(
      async () => (await stateOf('in-service')) === 'proven',
      async () => `in-service is still ${await stateOf('in-service')}`,
      30_000,
    );
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await stateOf('diagnosis')).toBe('missing');
    await expectText(element('in-service').getByTestId('evidence-state'), 'Proven');
    const documentLink = element('in-service').getByTestId('evidence-document').first();
    await expectText(documentLink, FILE);
    expect(await documentLink.getAttribute('href')).toMatch(/^\/api\/documents\/[0-9a-f-]+\/file$/);
    expect(await documentLink.getAttribute('target')).toBe('_blank');
    expect((await element('in-service').getByTestId('evidence-quote').first().textContent())?.length).toBeGreaterThan(10);
    expect(await dialog.getByTestId('evidence-map').getAttribute('data-readiness')).toBe('33');
    // The row behind the dialog has the new readiness too.
    const rowReadiness = page.getByTestId('claim-row').filter({ hasText: CONDITION }).getByTestId('claim-readiness');
    await waitUntil(
      async () => (await rowReadiness.getAttribute('data-readiness')) === '33',
      async () => `the row says ${await rowReadiness.getAttribute('data-readiness')}`,
    );

    // The file opens as the documents page opens it.
    const file = await page.request.get(`${app.baseUrl}${await documentLink.getAttribute('href')}`);
    expect(file.status()).toBe(200);
    expect((await file.body()).toString()).toBe(STATEMENT.toString());

    await page.goto(`${app.baseUrl}/claims?claim=${claim.id}&tab=evidence`);
    await screenshots('evidence-tab', async () => {
      await visible(page.getByTestId('claim-detail-dialog').getByTestId('evidence-map'));
    });

    // The nexus letter next step: the template wizard, prefilled with the claim's condition.
    await page.goto(`${app.baseUrl}/claims?claim=${claim.id}&tab=evidence`);
    const nexusStep = element('nexus').locator('[data-kind="nexus-letter"]');
    expect(await nexusStep.getAttribute('href')).toContain('template=nexus-letter');
    await nexusStep.click();
    await page.waitForURL((url) => url.pathname === '/templates' && url.searchParams.get('template') === 'nexus-letter');
    const wizard = page.getByTestId('fillable-form-dialog');
    await visible(wizard);
    await visible(wizard.getByText('Nexus Letter').first());
    await waitUntil(
      async () =>
        (await wizard
          .getByLabel('Claimed condition')
          .inputValue()
          .catch(() => '')) === CONDITION,
      async () =>
        `the condition is "${await wizard
          .getByLabel('Claimed condition')
          .inputValue()
          .catch(() => '?')}"`,
    );
    await snapshot(page, 'evidence-nexus-wizard-1440');
    await page.setViewportSize({ width: 360, height: 780 });
    await snapshot(page, 'evidence-nexus-wizard-360');
    await page.setViewportSize({ width: 1440, height: 900 });
    // Closing it leaves the address of the tab, without the link's parameters.
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/templates' && !url.searchParams.has('template'));

    // The dashboard card: the claim, its readiness and reason, a link to its Evidence tab.
    await page.goto(app.baseUrl);
    const needs = page.getByTestId('claim-needs-card');
    await visible(needs);
    const row = needs.getByTestId('claim-needs-row').filter({ hasText: CONDITION });
    await expectText(row, '33');
    await expectText(row, 'Needs a current diagnosis and a nexus opinion.');
    await screenshots('evidence-dashboard-card', async () => {
      await visible(page.getByTestId('claim-needs-card').getByTestId('claim-needs-row').first());
      await page.getByTestId('claim-needs-card').scrollIntoViewIfNeeded();
    });
    await page.getByTestId('claim-needs-card').getByTestId('claim-needs-link').first().click();
    await page.waitForURL((url) => url.pathname === '/claims' && url.searchParams.get('tab') === 'evidence');
    await visible(page.getByTestId('claim-detail-dialog').getByTestId('evidence-map'));
    expect(await page.getByTestId('claim-detail-dialog').getByRole('tab', { name: 'Evidence' }).getAttribute('aria-selected')).toBe('true');
  });

  it('a negative C&P opinion: the Evidence tab says it is against the claim and what to do next; denied, what a Supplemental Claim needs and by when', async () => {
    const filed = await page.request.post(`${app.baseUrl}/api/claims`, { data: { condition: 'Tinnitus', conditionType: 'primary' } });
    const claim = (await filed.json()) as { id: string };
    const address = (await (await page.request.post(`${app.baseUrl}/api/objects/upload`, { data: {} })).json()) as { uploadURL: string };
    const uploadUrl = new URL(address.uploadURL, app.baseUrl).toString();
    expect((await page.request.put(uploadUrl, { data: NEGATIVE_OPINION, headers: { 'content-type': 'text/plain' } })).status()).toBe(201);
    const registered = await page.request.put(`${app.baseUrl}/api/documents`, {
      data: {
        documentURL: address.uploadURL,
        fileName: 'C&P tinnitus opinion.txt',
        fileType: 'text/plain',
        fileSize: NEGATIVE_OPINION.length,
        claimId: claim.id,
      },
    });
    const documentId = ((await registered.json()) as { id: string }).id;
    expect(
      (await page.request.post(`${app.baseUrl}/api/documents/${documentId}/analyze`, { data: { analysisType: 'nexus-letter' } })).status(),
    ).toBeLessThan(300);

    await page.goto(`${app.baseUrl}/claims?claim=${claim.id}&tab=evidence`);
    const dialog = page.getByTestId('claim-detail-dialog');
    await visible(dialog.getByTestId('evidence-map'));
    await waitUntil(
      async () => (await stateOf('nexus')) === 'against',
      async () => `nexus is ${await stateOf('nexus')}`,
      30_000,
    );
    await expectText(element('nexus').getByTestId('evidence-state'), 'Against your claim');
    await expectText(
      element('nexus').getByTestId('evidence-reason'),
      'Against your claim: The medical opinion finds Tinnitus less likely than not',
    );
    await expectText(element('nexus').getByTestId('evidence-quote').first(), 'most likely not related to his military service');
    const next = element('nexus').getByTestId('evidence-next-step');
    await expectText(next.first(), "independent medical opinion on Tinnitus that answers the negative opinion's reasons");
    expect(await next.first().getAttribute('href')).toContain('template=nexus-letter');
    await expectText(dialog.getByTestId('evidence-map').getByTestId('claim-readiness'), 'a nexus opinion is against the claim');
    await screenshots('evidence-negative-opinion', async () => {
      await visible(page.getByTestId('claim-detail-dialog').locator('[data-element="nexus"][data-state="against"]'));
    });

    // Denied with the letter's date: the Supplemental Claim, element by element, and its deadline.
    expect(
      (
        await page.request.put(`${app.baseUrl}/api/claims/${claim.id}/status`, { data: { status: 'denied', decisionDate: '2025-03-03' } })
      ).status(),
    ).toBe(200);
    await page.goto(`${app.baseUrl}/claims?claim=${claim.id}&tab=evidence`);
    const notice = dialog.getByTestId('evidence-decision');
    await visible(notice);
    expect(await notice.getAttribute('data-stage')).toBe('denied');
    await expectText(dialog.getByTestId('evidence-review-deadline'), 'File by March 3, 2026 to keep your effective date');
    await expectText(
      element('nexus').getByTestId('evidence-reason'),
      'For a Supplemental Claim, VA needs new and relevant evidence of the link to service',
    );
    await expectText(element('nexus').getByTestId('evidence-next-step').last(), 'File a Supplemental Claim (VA Form 20-0995)');
    await screenshots('evidence-denied', async () => {
      await visible(page.getByTestId('claim-detail-dialog').getByTestId('evidence-decision'));
    });
  });

  it('says so when the readiness cannot be read, and a retry brings the card back', async () => {
    const failing = (route: Route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: '/problems/unavailable',
          title: 'Service unavailable',
          status: 503,
          detail: 'Try again in a moment.',
        }),
      });
    await page.route('**/api/evidence/readiness', failing);
    await page.goto(app.baseUrl);
    const needs = page.getByTestId('claim-needs-card');
    // The claim rows read the same readiness once the claims are in, and that read fails too; only
    // when both have settled is the Retry the one thing that reads it again.
    await visible(page.getByTestId('claims-status-list').getByText(CONDITION).first());
    await visible(needs.getByTestId('query-error'));
    const retry = needs.getByRole('button', { name: 'Retry', exact: true });
    await visible(retry);
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="claim-needs-card"] [data-testid="query-error"] button')?.hasAttribute('disabled'),
    );
    await page.unroute('**/api/evidence/readiness', failing);
    await retry.click();
    await visible(needs.getByTestId('claim-needs-row').filter({ hasText: CONDITION }));
  });
});
