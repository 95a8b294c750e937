/**
 * Accessibility in a real Chromium against the real app (see accessibilityAudit.ts): the visitor's
 * and the administrator's screens in both themes; then a claim filed, a document uploaded and a chat
 * question asked with the keyboard alone. The veteran's screens are audited in
 * accessibility.veteran.browser.test.ts and accessibility.claims.browser.test.ts.
 */
import { auditScreens, goTo, SCREENS, startAuditedApp, tabTo, THEMES, type AuditedApp } from './accessibilityAudit';
import { expectText, visible } from './chromium';

jest.setTimeout(240_000);

describe('accessibility in Chromium', () => {
  let audited: AuditedApp;

  beforeAll(async () => {
    audited = await startAuditedApp();
  });
  afterAll(async () => audited?.close());

  const AUDIENCES = ['visitor', 'admin'] as const;
  const RUNS = THEMES.flatMap((theme) => AUDIENCES.map((as) => [theme, as] as const));

  it.each(RUNS)('has no serious or critical axe violation and no sideways scroll (%s theme, %s screens)', async (theme, as) => {
    const page = await audited.pageFor(as, theme);
    try {
      expect(
        await auditScreens(
          page,
          audited.app.baseUrl,
          SCREENS.filter((s) => s.as === as),
          theme,
        ),
      ).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('files a claim, uploads a document and asks the chat a question with the keyboard alone', async () => {
    const page = await audited.pageFor('veteran', 'light');
    // File choosers intercepted from the start: the first 'filechooser' listener turns interception
    // on without waiting for the browser to confirm (setFileChooserInterceptedNoReply), so one added
    // just before the Enter below could lose the race and the chooser would never be reported.
    page.on('filechooser', () => undefined);
    try {
      // File a claim: Tab to New Claim, fill the dialog, submit with Enter.
      await goTo(page, `${audited.app.baseUrl}/claims`);
      await tabTo(page, /^New Claim$/);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Add VA Claim for Tracking' });
      await visible(dialog);
      await tabTo(page, /^Condition\b(?! Type)/);
      await page.keyboard.type('Knee strain');
      await tabTo(page, /^Condition Type/);
      await page.keyboard.type('Secondary'); // a closed native select picks by typed letters
      await tabTo(page, /^Add Claim$/);
      await page.keyboard.press('Enter');
      await visible(page.getByText('New claim has been added for tracking successfully'));
      await visible(page.getByTestId('claim-row').filter({ hasText: 'Knee strain' }));

      // Upload a document: the drop zone opens the file chooser from Enter.
      await goTo(page, `${audited.app.baseUrl}/documents`);
      await tabTo(page, /upload|drag/i, 'document-drop-zone');
      const chooser = page.waitForEvent('filechooser');
      await page.keyboard.press('Enter');
      await (
        await chooser
      ).setFiles([
        { name: 'Service treatment record.txt', mimeType: 'text/plain', buffer: Buffer.from('Knee injury during a ruck march, 2009.\n') },
      ]);
      await visible(page.getByTestId('document-card').filter({ hasText: 'Service treatment record.txt' }));

      // Ask the chat a question: Tab to the message box, type, Enter sends.
      await goTo(page, `${audited.app.baseUrl}/ai-copilot`);
      await visible(page.getByTestId('chat-session').first());
      await tabTo(page, /^Message$/);
      await page.keyboard.type('How do I file a claim for tinnitus?');
      await page.keyboard.press('Enter');
      const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]');
      await visible(answer.first());
      await expectText(answer.first(), /tinnitus/i);
    } finally {
      await page.context().close();
    }
  });
});
