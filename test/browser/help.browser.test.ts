/// <reference lib="dom" />
/**
 * Help & Support in a real Chromium against the real app: a Pro veteran opens a request on /help
 * after a Free and a Basic veteran opened theirs; a support agent finds it at the head of the
 * console's queue (Pro, then Basic, then Free, oldest first within a plan), answers it; the answer
 * shows on the veteran's open thread without a reload (the change stream). Then /help is audited
 * with axe at 1440 and 360 px in both themes, with screenshots to look at.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { STAFF_PASSWORD, startStaffApp, type StaffApp } from '../../gateway/src/testing/staff';
import { auditScreens, THEMES, type Screen } from './accessibilityAudit';
import { expectCount, expectText, launchChromium, signIn, snapshot, visible } from './chromium';

jest.setTimeout(120_000);

const SHOTS = '/work/shots/help';

const helpScreen: Screen = {
  name: 'help',
  as: 'veteran',
  open: async (page, base) => {
    await page.goto(`${base}/help`);
    await visible(page.getByRole('heading', { level: 1, name: 'Help & Support' }));
    await visible(page.getByTestId('help-articles').locator('[data-article]').first());
    await visible(page.getByTestId('support-requests'));
  },
};

describe('Help & Support and the support queue in Chromium', () => {
  let staff: StaffApp;
  let browser: Browser;

  const pageAs = async (email: string, width = 1440, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
    const page = await context.newPage();
    await signIn(page, staff.app.baseUrl, email, STAFF_PASSWORD);
    return page;
  };

  beforeAll(async () => {
    staff = await startStaffApp({ frontendDist: path.resolve(__dirname, '../../frontend/dist') }, 'helpdesk');
    browser = await launchChromium();
    // Opened before the Pro veteran's, so only the plan can put the Pro request ahead of them.
    const free = await staff.member('fran.help@example.org', 'free', { firstName: 'Fran', lastName: 'Free' });
    const basic = await staff.member('bea.help@example.org', 'basic', { firstName: 'Bea', lastName: 'Basic' });
    expect((await free.post('/api/support-requests', { subject: 'Upload stuck', message: 'My PDF says pending.' })).status).toBe(201);
    expect((await basic.post('/api/support-requests', { subject: 'Refund question', message: 'Charged twice?' })).status).toBe(201);
    await staff.member('pat.help@example.org', 'pro', { firstName: 'Pat', lastName: 'Pro' });
    await fs.mkdir(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await staff?.app.close();
  });

  it('a Pro veteran asks on /help; support answers from the head of the queue; the answer shows without a reload', async () => {
    const vet = await pageAs('pat.help@example.org');
    const { baseUrl } = staff.app;
    await vet.getByRole('link', { name: 'Help & Support' }).first().click();
    await vet.waitForURL(`${baseUrl}/help`);
    await expectText(vet.getByTestId('support-priority'), 'your requests come first in the support queue');

    // The answers are the assistant's knowledge base, searchable.
    await vet.getByTestId('help-search').fill('bilateral');
    await expectText(vet.getByTestId('help-articles'), 'The bilateral factor for both arms or both legs');

    // An empty request is refused where it is written.
    await vet.getByTestId('support-send').click();
    await visible(vet.getByText('Subject is required'));
    await vet.getByTestId('support-subject').fill('How do I add a buddy statement?');
    await vet.getByTestId('support-message').fill('My friend from the unit wants to write one.');
    await vet.getByTestId('support-send').click();
    await vet.waitForURL(/\/help\/requests\/[0-9a-f-]{36}$/);
    await expectText(vet.getByTestId('support-thread'), 'My friend from the unit wants to write one.');

    const agent = await pageAs('helpdesk.support@example.org');
    await agent.goto(`${baseUrl}/console/support-requests`);
    await visible(agent.getByTestId('support-queue-table')).catch(async (error: unknown) => {
      await snapshot(agent, 'help-console-queue-missing');
      throw error;
    });
    const rows = agent.getByTestId('support-queue-table').locator('tbody tr');
    await expectCount(rows, 3);
    const subjects = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent ?? ''));
    expect(subjects).toEqual(['How do I add a buddy statement?', 'Refund question', 'Upload stuck']);
    await expectText(rows.nth(0), '1 · Pro');
    await expectText(rows.nth(2), '3 · Free');
    await expectText(rows.nth(0).getByTestId('support-waiting'), /min|under a minute/);
    await fs.mkdir(SHOTS, { recursive: true });
    await agent.screenshot({ path: path.join(SHOTS, 'console-queue-1440.png'), fullPage: true });

    await rows.nth(0).click();
    await expectText(agent.getByTestId('support-thread'), 'My friend from the unit wants to write one.').catch(async (error: unknown) => {
      await snapshot(agent, 'help-console-show-missing');
      throw error;
    });
    await agent.getByTestId('support-answer').fill('Use VA Form 21-10210, the lay statement form. Upload it on Documents.');
    await agent.getByRole('button', { name: 'Send answer' }).click();
    await expectText(agent.getByTestId('support-thread'), 'Use VA Form 21-10210');
    await agent.screenshot({ path: path.join(SHOTS, 'console-show-1440.png'), fullPage: true });

    // No reload: the thread refreshes from the change stream.
    await expectText(vet.getByTestId('support-thread'), 'Use VA Form 21-10210, the lay statement form.');
    await expectText(vet.getByTestId('support-thread').locator('[data-author=support]'), 'Sam Helper (Support)');
    await vet.screenshot({ path: path.join(SHOTS, 'request-1440-light.png'), fullPage: true });
    await vet.context().close();
    await agent.context().close();
  });

  it.each(THEMES)('has no serious or critical axe violation on /help at 1440 and 360 px (%s theme)', async (theme) => {
    const page = await pageAs('fran.help@example.org', 1440, theme);
    // The Free plan's view: the priority note with its Upgrade button.
    try {
      expect(await auditScreens(page, staff.app.baseUrl, [helpScreen], theme)).toEqual([]);
      for (const width of [1440, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(SHOTS, `help-${width}-${theme}.png`), fullPage: true });
      }
    } finally {
      await page.context().close();
    }
  });
});
