/// <reference lib="dom" />
/**
 * The accessibility audit's screens and how each is audited (axe-core in a real Chromium against the
 * real app, in the light and the dark theme, at 1440 and 360 px, with no serious or critical
 * violation and nothing scrolling sideways at 360 px). The audit is split over several test files,
 * by audience, so jest spreads it over its workers: every screen here is audited by exactly one of them.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../../gateway/src/testing/testApp';
import { expectText, launchChromium, signIn, visible, waitUntil } from './chromium';

const PASSWORD = 'a long enough password';
const ADMIN = 'a11y.admin@example.org';
const VETERAN = 'a11y.vet@example.org';
const NEXUS_LETTER = [
  'Dr. Elena Rivera, MD, board certified in sleep medicine.',
  'I reviewed the service treatment records and the C-file of the veteran.',
  'The veteran is diagnosed with obstructive sleep apnea and post-traumatic stress disorder.',
  'It is at least as likely as not that the obstructive sleep apnea is proximately due to or aggravated by the service-connected PTSD.',
].join('\n');

const WIDTHS = [1440, 360] as const;
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** A screen: who sees it, how to get there, and what shows once it is ready. */
export interface Screen {
  name: string;
  as: 'visitor' | 'veteran' | 'admin';
  /** A dialog screen audits only the dialog: the page beneath has its own entry (and is inert meanwhile). */
  within?: string;
  open(page: Page, baseUrl: string): Promise<void>;
}

export const goTo = async (page: Page, url: string) => {
  await page.goto(url);
  await visible(page.locator('main, [role=main]').first());
};

export const SCREENS: Screen[] = [
  { name: 'landing', as: 'visitor', open: async (page, base) => goTo(page, base) },
  { name: 'sign-in', as: 'visitor', open: async (page, base) => goTo(page, `${base}/login`) },
  ...['privacy-policy', 'terms-and-conditions', 'ai-policy'].map<Screen>((legal) => ({
    name: legal,
    as: 'visitor',
    open: async (page, base) => {
      await page.goto(`${base}/${legal}`);
      await visible(page.getByRole('heading', { level: 1 }));
    },
  })),
  {
    name: 'dashboard',
    as: 'veteran',
    open: async (page, base) => {
      await goTo(page, base);
      await expectText(page.getByTestId('stat-active-claims-value'), '1');
      // The chat widget loads as it scrolls into view: audited with the rest of the page.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await visible(page.getByTestId('chat-widget'));
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  {
    name: 'claims',
    as: 'veteran',
    open: async (page, base) => {
      await goTo(page, `${base}/claims`);
      await visible(page.getByTestId('claim-row').first());
    },
  },
  {
    name: 'claim detail dialog',
    as: 'veteran',
    within: '[role=dialog]',
    open: async (page, base) => {
      await goTo(page, `${base}/claims`);
      await page.getByTestId('claim-row').first().click();
      await visible(page.getByRole('dialog', { name: /Tinnitus/ }));
      await visible(page.getByTestId('claim-note').first());
    },
  },
  {
    name: 'claim evidence tab',
    as: 'veteran',
    within: '[role=dialog]',
    open: async (page, base) => {
      await goTo(page, `${base}/claims`);
      await page.getByTestId('claim-row').first().click();
      await page
        .getByRole('dialog', { name: /Tinnitus/ })
        .getByRole('tab', { name: 'Evidence' })
        .click();
      await visible(page.getByTestId('evidence-element').last());
    },
  },
  {
    name: 'upload dialog with a claim chosen',
    as: 'veteran',
    within: '[role=dialog]',
    open: async (page, base) => {
      const claims = (await (await page.request.get(`${base}/api/claims`)).json()) as { id: string }[];
      await goTo(page, `${base}/documents?upload=1&claimId=${claims[0]!.id}`);
      await visible(page.getByTestId('upload-dialog').getByTestId('document-drop-zone'));
    },
  },
  {
    name: 'documents',
    as: 'veteran',
    open: async (page, base) => {
      await goTo(page, `${base}/documents`);
      await visible(page.getByTestId('document-card').first());
    },
  },
  {
    name: 'analyze dialog',
    as: 'veteran',
    within: '[role=dialog]',
    open: async (page, base) => {
      await goTo(page, `${base}/documents`);
      await page.getByRole('button', { name: 'Analyze Buddy statement.txt', exact: true }).click();
      await visible(page.getByTestId('analyze-dialog'));
    },
  },
  {
    name: 'analysis results dialog',
    as: 'veteran',
    within: '[role=dialog]',
    open: async (page, base) => {
      await goTo(page, `${base}/documents`);
      await page.getByRole('button', { name: 'View AI Analysis Results of Rivera nexus letter.txt' }).click();
      await visible(page.getByTestId('analysis-results-dialog').getByTestId('analysis-section-summary'));
    },
  },
  {
    name: 'chat',
    as: 'veteran',
    open: async (page, base) => {
      await goTo(page, `${base}/ai-copilot`);
      await visible(page.getByTestId('chat-session').first());
    },
  },
  {
    name: 'templates',
    as: 'veteran',
    open: async (page, base) => {
      await goTo(page, `${base}/templates`);
      await visible(page.getByRole('tab').first());
    },
  },
  {
    name: 'templates wizard dialog',
    as: 'veteran',
    within: '[role=dialog]',
    open: async (page, base) => {
      await goTo(page, `${base}/templates?tab=pdfforge`);
      await page.getByRole('button', { name: 'Fill in Disability Claim Package', exact: true }).click();
      await visible(page.getByTestId('fillable-form-dialog').getByRole('heading', { name: 'Summary & Objectives', exact: true }));
    },
  },
  {
    name: 'nexus letter opened from the evidence map',
    as: 'veteran',
    within: '[role=dialog]',
    open: async (page, base) => {
      await goTo(page, `${base}/templates?tab=pdfforge&template=nexus-letter&condition=Tinnitus`);
      await visible(page.getByTestId('fillable-form-dialog').getByTestId('nexus-check'));
    },
  },
  {
    name: 'learning center',
    as: 'veteran',
    open: async (page, base) => {
      await goTo(page, `${base}/benefits-learning-center`);
      await visible(page.getByRole('heading', { level: 1 }));
    },
  },
  {
    name: 'calculators',
    as: 'veteran',
    open: async (page, base) => {
      await goTo(page, `${base}/calculators`);
      await visible(page.getByRole('heading', { level: 1 }));
    },
  },
  {
    name: 'settings',
    as: 'veteran',
    open: async (page, base) => {
      await goTo(page, `${base}/settings`);
      await visible(page.getByRole('heading', { level: 1 }));
    },
  },
  {
    name: 'billing',
    as: 'veteran',
    open: async (page, base) => {
      await goTo(page, `${base}/billing`);
      await visible(page.getByTestId('plan-basic'));
    },
  },
  {
    name: 'checkout',
    as: 'veteran',
    open: async (page, base) => {
      await goTo(page, `${base}/billing`);
      await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await page.waitForURL((url) => url.pathname === '/checkout');
      await visible(page.getByTestId('checkout-normal'));
    },
  },
  {
    name: 'console',
    as: 'admin',
    open: async (page, base) => {
      await page.goto(`${base}/console`);
      await visible(page.getByRole('heading', { level: 1 }).first());
    },
  },
  {
    name: 'console claims',
    as: 'admin',
    open: async (page, base) => {
      await page.goto(`${base}/console/claims`);
      await visible(page.getByText('Tinnitus').first());
    },
  },
  {
    name: 'console claim evidence',
    as: 'admin',
    open: async (page, base) => {
      const claims = (await (await page.request.get(`${base}/api/staff/claims`)).json()) as { id: string; condition: string }[];
      await page.goto(`${base}/console/claims/${claims.find((c) => c.condition === 'Tinnitus')!.id}/show/evidence`);
      await visible(page.getByTestId('staff-claim-evidence').getByTestId('evidence-element').last());
    },
  },
];

/**
 * The veteran's screens of claims and documents, audited in accessibility.claims.browser.test.ts;
 * every other veteran screen is audited in accessibility.veteran.browser.test.ts.
 */
export const CLAIMS_AND_DOCUMENTS: ReadonlySet<string> = new Set([
  'dashboard',
  'claims',
  'claim detail dialog',
  'claim evidence tab',
  'upload dialog with a claim chosen',
  'documents',
  'analyze dialog',
  'analysis results dialog',
]);

/** Serious and critical axe violations on the page as it is now, one line each. */
export async function seriousViolations(page: Page, { within, colorsOnly }: { within?: string; colorsOnly: boolean }): Promise<string[]> {
  // The dark theme swaps only the palette (same DOM, names, roles and layout as the light one, which
  // runs every rule), so there the rules that depend on colour are enough; it halves the run.
  // Only violations are read, so axe details only those (every rule still runs on every node); and it
  // runs in the page itself rather than merging per-frame results in a blank page opened for each run,
  // which only cross-origin frames need (the app has none).
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  const builder = colorsOnly
    ? axe.withRules(['color-contrast', 'link-in-text-block'])
    : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`).join(' | ')}`,
    );
}

/**
 * Waits until the page has laid itself out at its new size (two frames: the resize reaches React's
 * media queries, and their re-render reaches the screen) and every transition that started (the
 * drawer, a dialog) has ended; endless animations (a spinner) are not waited for.
 */
export const settled = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });

/** How many pixels the page scrolls sideways (0 when it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth);

/** The app with the built frontend and the veteran's record, and a Chromium to audit it in. */
export interface AuditedApp {
  app: TestApp;
  /** A new context in `theme`, signed in as `as` (a visitor is not signed in), on its first page. */
  pageFor(as: Screen['as'], theme: Theme): Promise<Page>;
  close(): Promise<void>;
}

export async function startAuditedApp(): Promise<AuditedApp> {
  const app = await startTestApp({
    frontendDist: path.resolve(__dirname, '../../frontend/dist'),
    env: { ADMIN_EMAILS: ADMIN, ADMIN_PASSWORD: PASSWORD },
  });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    await seedVeteran(app);
  } catch (error) {
    await browser?.close();
    await app.close();
    throw error;
  }
  const chromium = browser;
  return {
    app,
    async pageFor(as, theme) {
      const context: BrowserContext = await chromium.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: theme });
      const page = await context.newPage();
      if (as !== 'visitor') await signIn(page, app.baseUrl, as === 'admin' ? ADMIN : VETERAN, PASSWORD);
      return page;
    },
    async close() {
      await chromium.close();
      await app.close();
    },
  };
}

/** The veteran's record, through the real API: a claim with a note, an analyzed letter, another document. */
async function seedVeteran(app: TestApp): Promise<void> {
  const admin = app.client();
  await admin.signIn(ADMIN, PASSWORD);
  const vet = app.client();
  const user = await vet.register(VETERAN, PASSWORD, { firstName: 'Jordan', lastName: 'Hayes' });
  expect((await admin.put(`/api/users/${user.id}/tier`, { tierName: 'basic' })).status).toBe(200);
  await waitUntil(
    async () => (await vet.get('/api/auth/user')).data.memberTier === 'basic',
    async () => 'the veteran never became basic',
  );
  const claim = await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary', nextAction: 'Schedule the C&P exam' });
  expect(claim.status).toBe(201);
  expect(
    (await vet.post(`/api/claims/${claim.data.id}/notes`, { note: 'Called the regional office', noteType: 'general', isImportant: true }))
      .status,
  ).toBe(201);
  const upload = async (fileName: string, text: string) => {
    const url = (await vet.post('/api/objects/upload', {})).data.uploadURL as string;
    expect((await vet.request('PUT', url, { body: text, headers: { 'content-type': 'text/plain' } })).status).toBe(201);
    const stored = await vet.put('/api/documents', { documentURL: url, fileName, fileType: 'text/plain' });
    expect(stored.status).toBe(201);
    return stored.data.id as string;
  };
  const letter = await upload('Rivera nexus letter.txt', NEXUS_LETTER);
  await upload('Buddy statement.txt', 'I served with Jordan at FOB Salerno in 2008 and heard the blasts.\n');
  const analysis = await vet.post(`/api/documents/${letter}/analyze`, { analysisType: 'general' });
  expect(analysis.status).toBe(200);
}

/**
 * Opens each screen on `page` (whose theme is `theme`) and audits it at each width: the problems
 * found, one line each (a screen that does not open is one).
 */
export async function auditScreens(page: Page, baseUrl: string, screens: readonly Screen[], theme: Theme): Promise<string[]> {
  const problems: string[] = [];
  for (const screen of screens) {
    await page.setViewportSize({ width: 1440, height: 900 });
    try {
      await screen.open(page, baseUrl);
    } catch (error) {
      problems.push(`${screen.name} ${theme}: could not open: ${String(error).slice(0, 200)}`);
      continue;
    }
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await settled(page);
      for (const violation of await seriousViolations(page, { within: screen.within, colorsOnly: theme === 'dark' })) {
        problems.push(`${screen.name} @${width} ${theme}: ${violation}`);
      }
      if (width === 360) {
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) problems.push(`${screen.name} @360 ${theme}: scrolls sideways by ${overflow}px`);
      }
    }
  }
  return problems;
}

/**
 * Presses Tab until the focused element's accessible name (aria-label, its label, or its text)
 * matches `name`, or its data-testid is `testId`; fails when it is not reached in 80 presses.
 */
export async function tabTo(page: Page, name: RegExp, testId?: string): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { name: '', testId: '' };
      const labelled = el.getAttribute('aria-labelledby');
      const fromLabelledBy = labelled
        ? labelled
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '';
      const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
      return {
        name: (el.getAttribute('aria-label') || fromLabelledBy || label || el.textContent || '').replace(/\s+/g, ' ').trim(),
        testId: el.dataset.testid ?? '',
      };
    });
    if ((testId && focused.testId === testId) || (!testId && name.test(focused.name))) return;
    seen.push(focused.name || focused.testId);
  }
  throw new Error(`Tab never reached ${String(name)}; focus went through: ${seen.join(' → ')}`);
}
