/// <reference lib="dom" />
/**
 * AI document analysis in a real Chromium against the real app and its worker: a nexus letter PDF
 * uploaded, analysed as "Nexus Letter Evaluator", its findings read in the results dialog (at 1440
 * and 360 px), a report PDF generated and rendered with pdftoppm, and the AI panel on the Claims page.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createOfflineEngine, EXTRACTION_REASONS } from '../../ai-worker/src';
import { slowedEngine } from '../../ai-worker/src/testing/slowedEngine';
import { textToPdf } from '../../ai-worker/src/testing/makePdf';
import type { TestApp } from '../../gateway/src/testing/testApp';
import { ARTIFACTS, expectCount, expectNoHorizontalOverflow, snapshot, startSignedIn, visible, type SignedInSession } from './chromium';

jest.setTimeout(120_000);

const LETTER = readFileSync(path.resolve(__dirname, '../../ai-worker/corpus/nexus-strong-osa-secondary-ptsd.txt'), 'utf8');
const FILE = 'Dr Rivera nexus letter.pdf';

describe('document analysis in Chromium', () => {
  let session: SignedInSession;
  let app: TestApp;
  let page: Page;

  beforeAll(async () => {
    session = await startSignedIn('analysis.browser@example.org', { firstName: 'Ana' }, { tier: 'basic' });
    ({ app, page } = session);
  });
  afterAll(async () => session?.close());

  it('analyses a nexus letter, shows its findings with their sentences, and makes a report PDF', async () => {
    await page.goto(`${app.baseUrl}/documents`);
    await page.getByTestId('document-file-input').setInputFiles([{ name: FILE, mimeType: 'application/pdf', buffer: textToPdf(LETTER) }]);
    const card = page.getByTestId('document-card').filter({ hasText: FILE });
    await visible(card.getByText('Ready for analysis'));

    await page.getByRole('button', { name: `Analyze ${FILE}`, exact: true }).click();
    const chooser = page.getByTestId('analyze-dialog');
    await visible(chooser);
    await chooser.getByLabel('Nexus Letter Evaluator').check();
    await snapshot(page, 'analysis-choose-type');
    await chooser.getByTestId('analyze-submit').click();
    await visible(page.getByText('Document has been analyzed for VA-related conditions'));

    const results = page.getByTestId('analysis-results-dialog');
    await visible(results);
    await visible(results.getByTestId('analysis-type').getByText('Nexus Letter Evaluator'));
    const nexus = results.getByTestId('analysis-section-nexus-evaluation');
    await visible(nexus);
    await visible(nexus.getByText(/at least as likely as not/i).first());
    await visible(results.getByTestId('analysis-section-summary').getByText('Obstructive sleep apnea').first());
    // Each finding shows the sentence it was read from.
    await visible(results.getByTestId('analysis-source').first());
    expect(await results.getByTestId('analysis-source').count()).toBeGreaterThan(2);
    expect(await results.textContent()).not.toMatch(/[{}]"|"\w+":/);
    await snapshot(page, 'analysis-results-1440');

    await page.setViewportSize({ width: 360, height: 780 });
    await visible(nexus);
    await expectNoHorizontalOverflow(page);
    await snapshot(page, 'analysis-results-360');
    await page.setViewportSize({ width: 1440, height: 900 });

    await results.getByTestId('generate-report').click();
    await visible(page.getByText('Analysis report PDF created and added to your documents'));
    await page.keyboard.press('Escape');
    const reportName = 'Dr Rivera nexus letter - Nexus Letter Evaluator report.pdf';
    await visible(page.getByTestId('document-card').filter({ hasText: reportName }));
    await expectCount(page.getByTestId('document-card'), 2);
    await visible(card.getByText('Analysis available'));
    await snapshot(page, 'analysis-documents');

    // The report, as the veteran downloads it, rendered page by page.
    const list = await page.request.get(`${app.baseUrl}/api/documents`);
    const report = ((await list.json()) as { fileName: string; fileUrl: string }[]).find((d) => d.fileName === reportName)!;
    const file = await page.request.get(`${app.baseUrl}${report.fileUrl}`);
    expect(file.status()).toBe(200);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-report-'));
    const pdf = path.join(dir, 'report.pdf');
    writeFileSync(pdf, await file.body());
    writeFileSync(path.join(ARTIFACTS, 'analysis-report.pdf'), await file.body());
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf, path.join(dir, 'page')]);
    const pages = readdirSync(dir).filter((f) => f.startsWith('page') && f.endsWith('.png'));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const png of pages.slice(0, 2)) writeFileSync(path.join(ARTIFACTS, `analysis-report-${png}`), readFileSync(path.join(dir, png)));
    const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
    expect(text).toContain('Nexus Letter Evaluator');
    expect(text).toContain(FILE);
    expect(text).toMatch(/at least as likely as not/i);
    expect(text).toContain('not affiliated with or endorsed by the U.S. Department of Veterans Affairs');

    // The Claims page's AI panel now suggests what the letter supports.
    await page.goto(`${app.baseUrl}/claims`);
    const panel = page.getByTestId('ai-recommendations');
    await visible(panel.getByText('Obstructive sleep apnea').first());
    await snapshot(page, 'analysis-claims-panel');
  });
});

describe('a slow analysis and a failed one in Chromium', () => {
  let session: SignedInSession;
  let app: TestApp;
  let page: Page;
  const offline = createOfflineEngine();
  // Slower than the server waits, so the answer is 202 and the page follows the document.
  const slow = slowedEngine(offline, 2_500);

  beforeAll(async () => {
    session = await startSignedIn(
      'slow.browser@example.org',
      { firstName: 'Sam' },
      { tier: 'pro', analysis: { analysisEngine: slow, analysisWaitMs: 100 } },
    );
    ({ app, page } = session);
  });
  afterAll(async () => session?.close());

  it('shows the analysis in progress, then its results; and a document that cannot be read fails with its reason', async () => {
    await page.goto(`${app.baseUrl}/documents`);
    await page.getByTestId('document-file-input').setInputFiles([
      { name: 'letter.txt', mimeType: 'text/plain', buffer: Buffer.from(LETTER) },
      {
        name: 'scan.png',
        mimeType: 'image/png',
        buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
      },
    ]);
    await expectCount(page.getByTestId('document-card'), 2);
    const letter = page.getByTestId('document-card').filter({ hasText: 'letter.txt' });

    await page.getByRole('button', { name: 'Analyze letter.txt', exact: true }).click();
    await page.getByTestId('analyze-dialog').getByLabel('Medical Timeline Builder').check();
    await page.getByTestId('analyze-submit').click();
    await visible(letter.getByText('AI analysis in progress'));
    await snapshot(page, 'analysis-in-progress');
    await visible(page.getByText('Document has been analyzed for VA-related conditions'));
    const results = page.getByTestId('analysis-results-dialog');
    await visible(results.getByTestId('analysis-section-medical-timeline'));
    await page.keyboard.press('Escape');
    await visible(letter.getByText('Analysis available'));

    const scan = page.getByTestId('document-card').filter({ hasText: 'scan.png' });
    await page.getByRole('button', { name: 'Analyze scan.png', exact: true }).click();
    await page.getByTestId('analyze-submit').click();
    await visible(page.getByText('Failed to analyze document'));
    await visible(scan.getByText('Analysis failed, try again'));
    await visible(scan.getByText(EXTRACTION_REASONS.wrongType));
    await snapshot(page, 'analysis-failed-card');
  });
});
