/// <reference lib="dom" />
/**
 * A veteran uses the AI Copilot in a real Chromium against the real app: the first session is
 * created on its own, a question is asked with Enter and its answer streams in (typing indicator,
 * a growing answer, then the sources as chips), sessions are renamed (Enter saves, Escape cancels)
 * and deleted (the last one cannot be, deleting the active one selects the first remaining), and
 * the dashboard widget sends with Enter, shows the last messages cut at 150 characters.
 */
import type { Page } from 'playwright-core';
import { createOfflineChatEngine } from '@cc/ai-worker';
import type { TestApp } from '../../gateway/src/testing/testApp';
import {
  expectCount,
  expectNoHorizontalOverflow,
  expectText,
  snapshot,
  startSignedIn,
  visible,
  waitUntil,
  type SignedInSession,
} from './chromium';

jest.setTimeout(180_000);

describe('AI Copilot in Chromium', () => {
  let session: SignedInSession;
  let app: TestApp;
  let page: Page;

  beforeAll(async () => {
    // Slow enough that the answer is seen growing, as a hosted model's would.
    session = await startSignedIn(
      'copilot.vet@example.org',
      { firstName: 'Avery', lastName: 'Lopez' },
      { analysis: { chatEngine: createOfflineChatEngine({ chunkDelayMs: 40 }) } },
    );
    ({ app, page } = session);
  });
  afterAll(async () => session?.close());

  it('asks a question and watches the answer stream in, with its sources', async () => {
    await page.goto(`${app.baseUrl}/ai-copilot`);
    const sessions = page.getByTestId('chat-session');
    await expectCount(sessions, 1);
    await expectText(page.getByTestId('chat-title'), 'New Chat');
    await expectText(page.getByTestId('chat-session-date').first(), 'Today');
    await visible(page.getByTestId('chat-welcome'));
    await visible(page.getByTestId('online-indicator'));
    await expectCount(page.getByTestId('suggested-questions').getByRole('button'), 3);
    await expectText(page.getByTestId('chat-questions-left'), '10 of 10 questions left this month');
    await snapshot(page, 'copilot-new-chat');

    const input = page.getByLabel('Message', { exact: true });
    await input.click();
    await page.keyboard.type('What secondary conditions can I claim');
    // Shift+Enter is a line break, not a send.
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('for my knee?');
    expect(await input.inputValue()).toBe('What secondary conditions can I claim\nfor my knee?');
    await page.keyboard.press('Enter');

    await visible(page.getByTestId('typing-indicator'));
    expect(await input.isDisabled()).toBe(true);
    const streaming = page.getByTestId('chat-streaming');
    await visible(streaming);
    const early = ((await streaming.textContent()) ?? '').length;
    await waitUntil(
      async () => ((await streaming.textContent().catch(() => '')) ?? '').length > early + 40,
      async () => `the answer did not grow past ${early} characters`,
    );
    await snapshot(page, 'copilot-streaming');

    const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]');
    await expectCount(answer, 1);
    await expectText(answer, 'Hip condition');
    await expectText(answer.getByTestId('message-sources'), '38 CFR 3.310(a)');
    await expectText(answer.getByTestId('message-engine'), 'offline knowledge engine');
    expect(await answer.locator('a[href^="https://www.ecfr.gov/"]').count()).toBeGreaterThan(0);
    // Markdown, not raw text: bold items are rendered, the "**Sources**" block became chips.
    expect(await answer.locator('strong').count()).toBeGreaterThan(0);
    expect(await answer.textContent()).not.toContain('**');
    expect(await input.isDisabled()).toBe(false);
    await expectText(page.getByTestId('chat-title'), 'What secondary conditions can I claim for my knee?');
    await expectText(page.getByTestId('chat-questions-left'), '9 of 10 questions left this month');
    await snapshot(page, 'copilot-answer');
  });

  it('renames (Escape cancels, Enter saves) and deletes sessions', async () => {
    const sessions = page.getByTestId('chat-session');
    const first = sessions.first();
    // The only session cannot be deleted.
    expect(await first.getByRole('button', { name: /^Delete/ }).isDisabled()).toBe(true);

    await first.getByRole('button', { name: /^Rename/ }).click();
    const title = page.getByLabel('Session title');
    await title.fill('Should not stick');
    await title.press('Escape');
    await expectText(page.getByTestId('chat-session-title').first(), 'What secondary conditions');

    await first.getByRole('button', { name: /^Rename/ }).click();
    await page.getByLabel('Session title').fill('  Knee questions  ');
    await page.getByLabel('Session title').press('Enter');
    await expectText(page.getByTestId('chat-session-title').first(), 'Knee questions');
    await expectText(page.getByTestId('chat-title'), 'Knee questions');

    await page.getByRole('button', { name: 'New Chat' }).click();
    await expectCount(sessions, 2);
    await expectText(page.getByTestId('chat-title'), 'New Chat');
    await visible(page.getByTestId('suggested-questions'));
    await page.getByTestId('suggested-questions').getByRole('button', { name: 'How should I prepare for my C&P exam?' }).click();
    await expectText(page.locator('[data-testid="chat-message"][data-role="assistant"]'), 'Preparing for a C&P exam');
    // Text is never markup: an HTML tag in a question is shown as nothing and runs nothing.
    await page.getByLabel('Message', { exact: true }).fill('<img src=x onerror="window.__pwned=1"> Which form is for a buddy statement?');
    await page.keyboard.press('Enter');
    await expectCount(page.locator('[data-testid="chat-message"][data-role="assistant"]'), 2);
    await expectText(page.locator('[data-testid="chat-message"][data-role="assistant"]').nth(1), 'VA Form 21-10210');
    expect(await page.getByTestId('chat-messages').locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await snapshot(page, 'copilot-two-sessions');

    // Deleting the active session selects the first remaining one.
    const active = sessions.filter({ has: page.locator('[aria-current="true"]') });
    await active.getByRole('button', { name: /^Delete/ }).click();
    await expectCount(sessions, 1);
    await expectText(page.getByTestId('chat-title'), 'Knee questions');
    await expectText(page.locator('[data-testid="chat-message"][data-role="assistant"]').first(), 'Hip condition');
  });

  it('the dashboard widget: canned welcome, Enter sends, the last messages cut at 150 characters', async () => {
    await page.goto(app.baseUrl);
    await visible(page.getByText('Here is an overview of your VA claims and documents.'));
    // The widget sits below the fold and loads as the page is scrolled towards it.
    await page.mouse.wheel(0, 4000);
    const widget = page.getByTestId('chat-widget');
    await visible(widget);
    await expectText(widget.getByTestId('chat-widget-welcome'), 'knee injury');
    const input = widget.getByLabel('Ask the AI Copilot');
    await input.fill('What is an Intent to File?');
    await input.press('Enter');
    await visible(widget.getByTestId('typing-indicator'));
    const messages = widget.getByTestId('chat-widget-message');
    await expectCount(messages, 2);
    expect(await input.inputValue()).toBe('');
    const answer = (await messages.nth(1).textContent()) ?? '';
    expect(answer.endsWith('...')).toBe(true);
    expect(answer.length).toBeLessThanOrEqual(150 + 3 + 'AI Copilot said:'.length);
    await expectText(widget.getByTestId('chat-questions-left'), '6 of 10 questions left this month');
    await snapshot(page, 'dashboard-chat-widget');

    // The widget's conversation is on /ai-copilot too.
    await widget.getByRole('link', { name: 'Open chat' }).click();
    await expectCount(page.getByTestId('chat-session'), 2);
  });

  it('sends a signed-out visitor to sign in', async () => {
    const signedOut = await session.browser.newPage();
    await signedOut.goto(`${app.baseUrl}/ai-copilot`);
    await signedOut.waitForURL(/\/login$/);
    await signedOut.close();
  });

  it('works at 360 px: the sessions are in a drawer', async () => {
    const mobile = await session.browser.newPage({ viewport: { width: 360, height: 740 } });
    await mobile.context().addCookies(await page.context().cookies());
    await mobile.goto(`${app.baseUrl}/ai-copilot`);
    await visible(mobile.getByTestId('chat-title'));
    expect(await mobile.getByTestId('chat-sessions').isVisible()).toBe(false);
    await mobile.getByRole('button', { name: 'Chats' }).click();
    await expectCount(mobile.getByTestId('chat-session'), 2);
    await snapshot(mobile, 'copilot-mobile-drawer');
    await mobile.getByTestId('chat-session-title').first().click();
    await waitUntil(
      async () => !(await mobile.getByTestId('chat-sessions').isVisible()),
      async () => 'the drawer did not close',
    );
    await expectNoHorizontalOverflow(mobile);
    await snapshot(mobile, 'copilot-mobile');
    await mobile.close();
  });
});
