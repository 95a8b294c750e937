/// <reference lib="dom" />
/**
 * The document repository in a real Chromium against the real app: two files uploaded at once with
 * a progress bar each, a refused fake, the status filter, the search box, and a deletion.
 */
import type { Page } from 'playwright-core';
import type { TestApp } from '../../gateway/src/testing/testApp';
import { expectCount, snapshot, startSignedIn, visible, type SignedInSession } from './chromium';

jest.setTimeout(120_000);

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('documents in Chromium', () => {
  let session: SignedInSession;
  let app: TestApp;
  let page: Page;

  beforeAll(async () => {
    session = await startSignedIn('papers.vet@example.org', { firstName: 'Pat' });
    ({ app, page } = session);
  });
  afterAll(async () => session?.close());

  it('uploads two files at once, filters, searches and deletes', async () => {
    await page.goto(`${app.baseUrl}/documents`);
    await visible(page.getByTestId('documents-empty'));

    await page.getByTestId('document-file-input').setInputFiles([
      { name: 'Nexus letter.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'Buddy statement.txt', mimeType: 'text/plain', buffer: Buffer.from('I served with Pat at FOB Salerno in 2008.\n') },
    ]);
    await visible(page.getByRole('progressbar', { name: 'Upload progress of Nexus letter.pdf' }));
    await visible(page.getByRole('progressbar', { name: 'Upload progress of Buddy statement.txt' }));
    const cards = page.getByTestId('document-card');
    await expectCount(cards, 2);
    await visible(page.locator('[data-testid=upload-item][data-file-name="Nexus letter.pdf"][data-phase=done]'));
    await visible(page.locator('[data-testid=upload-item][data-file-name="Buddy statement.txt"][data-phase=done]'));
    await visible(cards.filter({ hasText: 'Nexus letter.pdf' }).getByText('Ready for analysis'));
    await snapshot(page, 'documents-uploaded');

    // A program renamed .pdf is refused by the server and leaves no card.
    await page
      .getByTestId('document-file-input')
      .setInputFiles([
        { name: 'not-really.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0)]) },
      ]);
    await visible(page.locator('[data-testid=upload-item][data-file-name="not-really.pdf"][data-phase=failed]'));
    await expectCount(cards, 2);

    await page.getByLabel('Status').selectOption('completed');
    await visible(page.locator('[data-testid=documents-empty][data-filtered=true]'));
    await visible(page.getByText('No Documents Found'));
    await page.getByLabel('Status').selectOption('pending');
    await expectCount(cards, 2);

    await page.getByRole('searchbox', { name: 'Search documents' }).fill('NEXUS');
    await expectCount(cards, 1);
    await visible(cards.filter({ hasText: 'Nexus letter.pdf' }));
    await page.getByRole('searchbox', { name: 'Search documents' }).fill('');
    await expectCount(cards, 2);

    await page.getByRole('button', { name: 'Delete Buddy statement.txt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Document' });
    await visible(
      dialog.getByText(
        'Are you sure you want to delete the document? This action cannot be undone and will permanently remove the document and all its analysis results.',
      ),
    );
    await page.getByTestId('confirm-delete-document').click();
    await visible(page.getByText('Document has been permanently removed'));
    await expectCount(cards, 1);
    await visible(page.getByTestId('documents-count'));
    await snapshot(page, 'documents-after-delete');

    // The Free plan cannot analyze: the upgrade toast, then the billing page.
    await page.getByRole('button', { name: 'Analyze Nexus letter.pdf (upgrade required)' }).click();
    await visible(page.getByText('Document analysis is not available on the Free plan. Upgrade to Basic or Pro to analyze documents.'));
    await page.waitForURL(/\/billing$/);
  });
});
