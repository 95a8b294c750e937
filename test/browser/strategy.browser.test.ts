/// <reference lib="dom" />
/**
 * Claim strategy in a real Chromium against the real app: a Pro veteran with a tinnitus claim and a
 * nexus letter that gives no rationale opens the claim's Strategy tab, reads the steps (the weak
 * nexus first, with its gain), the prediction as a range with what it rests on, and follows the nexus
 * letter step into the prefilled template; from /claims, the combined "If granted" prediction takes
 * a rating the veteran expects. axe finds no serious or critical violation on either at 1440 and
 * 360 px, light and dark; screenshots go to /work/shots/strategy/ (or .test-artifacts/ elsewhere).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, expectText, startSignedIn, visible, waitUntil, type SignedInSession } from './chromium';
import { goTo, seriousViolations, settled, THEMES, type Theme } from './accessibilityAudit';

jest.setTimeout(180_000);

const LETTER = readFileSync(path.resolve(__dirname, '../../ai-worker/corpus/nexus-weak-tinnitus.txt'));
const SHOTS = existsSync('/work/shots') ? '/work/shots/strategy' : path.join(ARTIFACTS, 'strategy');

describe('claim strategy in Chromium', () => {
  let session: SignedInSession;
  let page: Page;
  let base: string;
  let claimId: string;

  beforeAll(async () => {
    session = await startSignedIn('strategy.browser@example.org', { firstName: 'Sam' }, { tier: 'pro' });
    ({ page } = session);
    base = session.app.baseUrl;
    const filed = await page.request.post(`${base}/api/claims`, { data: { condition: 'Tinnitus', conditionType: 'primary' } });
    claimId = ((await filed.json()) as { id: string }).id;
    const address = await page.request.post(`${base}/api/objects/upload`, { data: {} });
    const url = ((await address.json()) as { uploadURL: string }).uploadURL;
    expect(
      (
        await page.request.put(url.startsWith('http') ? url : `${base}${url}`, { data: LETTER, headers: { 'content-type': 'text/plain' } })
      ).status(),
    ).toBe(201);
    const doc = await page.request.put(`${base}/api/documents`, {
      data: { documentURL: url, fileName: 'Dr Okafor letter.txt', fileType: 'text/plain', fileSize: LETTER.length, claimId },
    });
    const documentId = ((await doc.json()) as { id: string }).id;
    expect(
      (await page.request.post(`${base}/api/documents/${documentId}/analyze`, { data: { analysisType: 'nexus-letter' } })).status(),
    ).toBe(200);
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => session?.close());

  const strategyTab = async (p: Page) => {
    await goTo(p, `${base}/claims?claim=${claimId}&tab=strategy`);
    await visible(p.getByTestId('strategy-step').first());
    await visible(p.getByTestId('prediction-card'));
  };
  const predictions = async (p: Page) => {
    await goTo(p, `${base}/claims`);
    await p.getByTestId('predictions-open').click();
    await visible(p.getByRole('dialog', { name: 'If your pending claims are granted' }).getByTestId('prediction-card'));
  };
  /** axe within the dialog (colour rules only in the dark theme, as the audit does), nothing clipped at 360 px, and screenshots of its top and its end. */
  async function audit(name: string, theme: Theme): Promise<string[]> {
    const problems: string[] = [];
    for (const width of [1440, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      await settled(page);
      for (const v of await seriousViolations(page, { within: '[role=dialog]', colorsOnly: theme === 'dark' }))
        problems.push(`${name} @${width} ${theme}: ${v}`);
      const clipped = await page.evaluate(() => {
        const paper = document.querySelector('[role=dialog]')!;
        return Math.max(document.documentElement.scrollWidth - window.innerWidth, paper.scrollWidth - paper.clientWidth);
      });
      if (clipped > 0) problems.push(`${name} @${width} ${theme}: ${clipped}px wider than the screen`);
      const shot = (end: string) => page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${theme}${end}.png`) });
      await shot('');
      await page.locator('[role=dialog] .MuiDialogContent-root').evaluate((content) => content.scrollTo(0, content.scrollHeight));
      await shot('-end');
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    return problems;
  }

  it('shows what to strengthen first, and its step opens the tool that does it', async () => {
    await waitUntil(
      async () =>
        (await (await page.request.get(`${base}/api/claims/${claimId}/strategy`)).json()).steps?.some(
          (s: { state: string }) => s.state === 'weak',
        ),
      async () => 'the weak nexus never reached the strategy',
    );
    await strategyTab(page);
    const dialog = page.getByTestId('claim-detail-dialog');
    expect(await dialog.getByRole('tab', { name: 'Strategy' }).getAttribute('aria-selected')).toBe('true');
    const nexus = dialog.getByTestId('strategy-step').and(page.locator('[data-element="nexus"]'));
    await expectText(nexus, /Weak/);
    await expectText(nexus, /\+\d+ points of readiness/);
    await expectText(dialog.getByTestId('prediction-rating'), '0% → 10%');
    await expectText(dialog.getByTestId('prediction-disclaimer'), 'This is an estimate, not a VA decision.');
    await expectText(dialog.getByTestId('decision-window'), /national average .* 123\.4 days in March 2019/);

    const problems: string[] = [];
    for (const theme of THEMES) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await strategyTab(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      problems.push(...(await audit('claim-strategy', theme)));
      await predictions(page);
      problems.push(...(await audit('if-granted', theme)));
    }
    expect(problems).toEqual([]);
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.setViewportSize({ width: 1440, height: 900 });

    // The nexus letter step opens the letter template, prefilled for this claim.
    await strategyTab(page);
    await nexus.getByRole('link', { name: /nexus/i }).first().click();
    await waitUntil(
      async () => new URL(page.url()).pathname === '/templates',
      async () => `still at ${page.url()}`,
    );
    const url = new URL(page.url());
    expect([url.searchParams.get('template'), url.searchParams.get('claimId')]).toEqual(['nexus-letter', claimId]);
  });

  it('takes the rating the veteran expects in the combined prediction', async () => {
    expect((await page.request.post(`${base}/api/claims`, { data: { condition: 'PTSD', conditionType: 'primary' } })).status()).toBe(201);
    await predictions(page);
    const dialog = page.getByRole('dialog', { name: 'If your pending claims are granted' });
    // Tinnitus at its one level (10 %); PTSD has no diagnostic code yet, so it is left out until a rating is entered.
    await expectText(dialog.getByTestId('prediction-rating'), '0% → 10%');
    await dialog.getByRole('combobox', { name: 'Rating you expect for PTSD' }).click();
    await page.getByRole('option', { name: '30%' }).click();
    // 30 and 10: 37, which rounds to 40 (38 CFR 4.25).
    await expectText(dialog.getByTestId('prediction-rating'), '0% → 40%');
    await expectText(dialog.getByTestId('prediction-assumption').filter({ hasText: 'PTSD' }), /30%, the rating you entered/);
  });
});
