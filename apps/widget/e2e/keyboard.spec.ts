import type { Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { noKnowledgeBase, type Stack } from '@docqa/system-tests/testing';
import { deletePrefix, launchChromium, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { ControlledAnswerer, type ControlledAnswer } from './controlled-answerer';
import { docsSite, startWidgetStack } from './widget-testing';

const SOURCE = {
  document_id: 'tokens',
  chunk_id: 'tokens#0',
  title: 'Tokens',
  url: 'https://docs.acme.test/tokens',
  snippet: '…',
  score: 1,
  cited: true,
  metadata: {},
};

/** Where the focus is: in the widget's shadow root (with the control's name), or elsewhere on the page. */
function focus(page: Page): Promise<{ inDialog: boolean; name: string } | 'page'> {
  return page.evaluate(() => {
    const active = document.querySelector('assistant-widget')?.shadowRoot?.activeElement;
    if (!active) return 'page';
    const name = active.getAttribute('aria-label') ?? active.getAttribute('name') ?? active.textContent;
    return { inDialog: !!active.closest('.dialog'), name: (name ?? '').trim() };
  });
}

describe('the popup with the keyboard (Chromium, a test-driven answerer)', () => {
  let stack: Stack;
  let redis: Redis;
  let browser: Browser;
  let site: { server: Server; origin: string };
  let config: Record<string, unknown> = {};
  let context: BrowserContext | undefined;
  const prefix = testPrefix('keyboard');
  const answerer = new ControlledAnswerer();

  beforeAll(async () => {
    redis = testRedis();
    stack = await startWidgetStack({
      prefix,
      answerer,
      services: noKnowledgeBase(),
      env: { VISITOR_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    site = await docsSite(
      () => `<!doctype html><html><body><h1>Acme docs</h1><a href="#top">A link of the page</a>
      <div id="assistant"></div>
      <script>window.ASSISTANT_WIDGET = ${JSON.stringify(config)};</script>
      <script type="module" src="${stack.baseUrl}/widget/assistant-widget.js"></script></body></html>`,
    );
    browser = await launchChromium();
  });
  afterEach(async () => {
    // A failed test's answer must not keep the worker busy, nor its page run into the next test.
    answerer.finishAll();
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    site?.server.close();
    await stack?.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  /** Opens the docs page and the popup, with the focus in the question field. */
  async function openPopup(
    settings: Record<string, unknown> = {},
    device: { hasTouch?: boolean; isMobile?: boolean; viewport?: { width: number; height: number } } = {},
  ): Promise<Page> {
    const token = await stack.createToken({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [site.origin],
    });
    config = { api_url: stack.apiUrl, api_token: token, ...settings };
    context = await browser.newContext(device);
    const page = await context.newPage();
    await page.goto(site.origin);
    await page.getByTitle('Ask anything and get answers').click();
    await expect(focus(page)).resolves.toEqual({ inDialog: true, name: 'question' });
    return page;
  }

  /** Asks `question` from the focused question field; the test then writes the answer. */
  async function ask(page: Page, question: string): Promise<ControlledAnswer> {
    const next = answerer.next();
    await page.keyboard.type(question);
    await page.keyboard.press('Enter');
    return next;
  }

  /** Asks a question and completes its answer. */
  async function answered(page: Page): Promise<void> {
    const answer = await ask(page, 'How do I revoke a token?');
    answer.write('Revoke it with `tokens revoke` [1].');
    answer.finish([SOURCE]);
    await page.getByRole('button', { name: 'Good answer' }).waitFor();
  }

  const dialogCount = (page: Page) => page.getByRole('dialog').count();

  it('keeps Tab inside the popup while an answer streams, its Ask button disabled', async () => {
    const page = await openPopup();
    const answer = await ask(page, 'How do I revoke a token?');
    answer.write('Revoke it');
    await page.getByText('Revoke it').waitFor();
    const askButton = page.getByRole('button', { name: 'Ask', exact: true });
    await expect(askButton.isDisabled()).resolves.toBe(true);
    // It looks disabled too: Enter in the field does nothing until the answer is complete.
    const opacity = () => askButton.evaluate((button) => Number(getComputedStyle(button).opacity));
    const disabledOpacity = await opacity();
    await expect(focus(page)).resolves.toEqual({ inDialog: true, name: 'question' });
    // The question field is the last control Tab reaches: it wraps to the first, the header's.
    await page.keyboard.press('Tab');
    await expect(focus(page)).resolves.toEqual({ inDialog: true, name: 'New chat' });
    await page.keyboard.press('Shift+Tab');
    await expect(focus(page)).resolves.toEqual({ inDialog: true, name: 'question' });
    answer.finish([SOURCE]);
    await page.getByRole('button', { name: 'Good answer' }).waitFor();
    expect(disabledOpacity).toBeLessThan(await opacity());
    // Enabled again, Ask is the last control.
    await page.keyboard.press('Tab');
    await expect(focus(page)).resolves.toEqual({ inDialog: true, name: 'Ask' });
    await page.keyboard.press('Tab');
    await expect(focus(page)).resolves.toEqual({ inDialog: true, name: 'New chat' });
  });

  it('moves the focus to the question field when an example is chosen, and Escape still closes the popup', async () => {
    const page = await openPopup({ examples: ['How do I revoke a token?'] });
    const next = answerer.next();
    // The header's Close button, then the example.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(focus(page)).resolves.toEqual({ inDialog: true, name: 'How do I revoke a token?' });
    await page.keyboard.press('Enter');
    const answer = await next;
    // The examples are gone with the first question: the focus must not go with them.
    await expect(focus(page)).resolves.toEqual({ inDialog: true, name: 'question' });
    answer.finish([SOURCE]);
    await page.keyboard.press('Escape');
    await expect(dialogCount(page)).resolves.toBe(0);
  });

  it('leaves the question field alone when an example is tapped on a phone (no on-screen keyboard over the answer)', async () => {
    const page = await openPopup(
      { examples: ['How do I revoke a token?'] },
      { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } },
    );
    const next = answerer.next();
    await page.getByRole('button', { name: 'How do I revoke a token?' }).tap();
    (await next).finish([SOURCE]);
    await page.getByRole('button', { name: 'Good answer' }).waitFor();
    await expect(focus(page)).resolves.not.toEqual({ inDialog: true, name: 'question' });
  });

  it('gives the focus to the thanks after thumbs up, and Escape still closes the popup', async () => {
    const page = await openPopup();
    await answered(page);
    await page.getByRole('button', { name: 'Good answer' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Thanks for the feedback.').waitFor();
    await expect(focus(page)).resolves.toEqual({ inDialog: true, name: 'Thanks for the feedback.' });
    await page.keyboard.press('Escape');
    await expect(dialogCount(page)).resolves.toBe(0);
    await expect(focus(page)).resolves.toEqual({ inDialog: false, name: 'Ask anything and get answers' });
  });

  it('closes the feedback form, not the popup, on Escape; after Send the focus stays in the popup', async () => {
    const page = await openPopup();
    await answered(page);
    await page.getByRole('button', { name: 'Bad answer' }).focus();
    await page.keyboard.press('Enter');
    await expect(focus(page)).resolves.toEqual({ inDialog: true, name: 'What should the answer say?' });
    await page.keyboard.type('Mention --expires');
    await page.keyboard.press('Escape');
    await expect(dialogCount(page)).resolves.toBe(1);
    await expect(page.locator('form.feedback').count()).resolves.toBe(0);
    await expect(focus(page)).resolves.toEqual({ inDialog: true, name: 'Bad answer' });

    await page.keyboard.press('Enter');
    await page.keyboard.type('Mention --expires');
    await page.getByRole('button', { name: 'Send' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Thanks for the feedback.').waitFor();
    await expect(focus(page)).resolves.toEqual({ inDialog: true, name: 'Thanks for the feedback.' });
    await page.keyboard.press('Escape');
    await expect(dialogCount(page)).resolves.toBe(0);
  });
});
