/**
 * Accessibility in a real Chromium against the real app (see accessibilityAudit.ts): every other screen of the veteran's (chat, templates, learning center, calculators, settings, billing), in both themes.
 */
import { auditScreens, CLAIMS_AND_DOCUMENTS, SCREENS, startAuditedApp, THEMES, type AuditedApp } from './accessibilityAudit';

jest.setTimeout(240_000);

describe('accessibility in Chromium, the other veteran screens', () => {
  let audited: AuditedApp;

  beforeAll(async () => {
    audited = await startAuditedApp();
  });
  afterAll(async () => audited?.close());

  it.each(THEMES)(
    'has no serious or critical axe violation and no sideways scroll (%s theme, veteran screens other than claims and documents)',
    async (theme) => {
      const page = await audited.pageFor('veteran', theme);
      try {
        const screens = SCREENS.filter((s) => s.as === 'veteran' && !CLAIMS_AND_DOCUMENTS.has(s.name));
        expect(await auditScreens(page, audited.app.baseUrl, screens, theme)).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );
});
