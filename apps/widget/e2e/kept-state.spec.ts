import type { Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ScriptedAnswerer } from '@docqa/answering/testing';
import { noKnowledgeBase, type Stack } from '@docqa/system-tests/testing';
import { Keys } from '@docqa/redis';
import { deletePrefix, launchChromium, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { docsSite, startWidgetStack } from './widget-testing';

const PLACEHOLDER = 'Ask anything and get AI-generated answers...';

/** What the widget sends with each question besides: the page it is on and its language. */
const SENT_WITH = { page_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/$/), locale: 'en' };
describe('what the widget keeps: a refused question, an answer’s rating (Chromium)', () => {
  let stack: Stack;
  let redis: Redis;
  let browser: Browser;
  let site: { server: Server; origin: string };
  let config: Record<string, unknown> = {};
  let context: BrowserContext | undefined;
  const prefix = testPrefix('kept');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startWidgetStack({
      prefix,
      answerer: new ScriptedAnswerer({ pieces: ['Revoke it with `tokens revoke`.'] }),
      services: noKnowledgeBase(),
      // Not the API's default (4,000): the widget checks the limit GET /settings/ gives it.
      env: { VISITOR_RATE_LIMIT_PER_MINUTE: '1000', QUESTION_MAX_CHARS: '200' },
    });
    site = await docsSite(
      () => `<!doctype html><html><body><div id="assistant"></div>
      <script>window.ASSISTANT_WIDGET = ${JSON.stringify(config)};</script>
      <script type="module" src="${stack.baseUrl}/widget/assistant-widget.js"></script></body></html>`,
    );
    browser = await launchChromium();
  });
  afterEach(async () => {
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

  /** An inline widget in chat mode (`settings` besides), and the questions the page sent. */
  async function open(settings: object = {}): Promise<{ page: Page; asked: unknown[] }> {
    const token = await stack.createToken({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [site.origin],
    });
    config = { api_url: stack.apiUrl, api_token: token, popup: false, ...settings };
    context = await browser.newContext();
    const page = await context.newPage();
    const asked: unknown[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/questions/')) asked.push(req.postDataJSON());
    });
    await page.goto(site.origin);
    return { page, asked };
  }

  const field = (page: Page) => page.getByPlaceholder(PLACEHOLDER);

  async function ask(page: Page, question: string): Promise<void> {
    await field(page).fill(question);
    await page.keyboard.press('Enter');
  }

  /** Asks `question` and waits for its complete answer (its thumbs). */
  async function answered(page: Page, question: string): Promise<void> {
    await ask(page, question);
    await page.locator('.turn', { hasText: question }).getByRole('button', { name: 'Good answer' }).waitFor();
  }

  it('refuses a question longer than the API takes (GET /settings/ says 200) before sending it, and keeps it in the field', async () => {
    const { page, asked } = await open();
    const long = `How do I ${'really '.repeat(27)}revoke a token?`;
    expect(long.length).toBe(213);
    await ask(page, long);
    const alert = page.getByRole('alert');
    await expect(alert.textContent()).resolves.toBe(
      'This question is 213 characters long; the assistant takes at most 200. Please shorten it.',
    );
    await expect(field(page).inputValue()).resolves.toBe(long);
    await expect(field(page).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('.turn').count()).resolves.toBe(0);

    await answered(page, 'How do I revoke a token?');
    await expect(alert.count()).resolves.toBe(0);
    expect(asked).toEqual([{ question: 'How do I revoke a token?', filters: [], ...SENT_WITH }]);
  });

  it('keeps a question the API refuses in the field, with the API’s reason', async () => {
    // A hidden filter of the page that the API refuses (a value over 1,000 characters).
    const { page, asked } = await open({
      api_filters: [{ type: 'eq', property: 'product', value: 'x'.repeat(1001) }],
    });
    await ask(page, 'How do I revoke a token?');
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'The assistant did not accept this (filters.0.value): Too big: expected string to have <=1000 characters.',
    );
    await expect(field(page).inputValue()).resolves.toBe('How do I revoke a token?');
    await expect(page.locator('.turn').count()).resolves.toBe(0);
    expect(asked).toHaveLength(1);
  });

  it('keeps an example question the API refuses in the field, as a typed one', async () => {
    const { page, asked } = await open({
      examples: ['How do I revoke a token?'],
      api_filters: [{ type: 'eq', property: 'product', value: 'x'.repeat(1001) }],
    });
    await page.getByRole('button', { name: 'How do I revoke a token?' }).click();
    await page.getByRole('alert').waitFor();
    await expect(field(page).inputValue()).resolves.toBe('How do I revoke a token?');
    expect(asked).toHaveLength(1);
  });

  it('starts a new chat when the API no longer knows the chat (its records expired)', async () => {
    const { page, asked } = await open();
    await answered(page, 'first?');
    const chat_id = await page.evaluate(
      () => Object.entries(localStorage).find(([key]) => key.endsWith(':chat'))![1],
    );
    expect(await redis.del(new Keys(prefix).chat(chat_id))).toBe(1);
    await answered(page, 'second?');
    expect(asked).toEqual([
      { question: 'first?', filters: [], ...SENT_WITH },
      { question: 'second?', chat_id, filters: [], ...SENT_WITH },
      { question: 'second?', filters: [], ...SENT_WITH },
    ]);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
  });

  it('keeps a chat it could not restore while the API was unavailable: the next question continues it', async () => {
    const { page, asked } = await open();
    await answered(page, 'kept?');
    await page.route('**/conversation/', (route) =>
      route.fulfill({ status: 503, headers: { 'access-control-allow-origin': '*' }, body: '' }),
    );
    await page.reload();
    // Asked once the restore has failed (a question waits for it).
    await answered(page, 'next?');
    expect(asked[1]).toEqual({ question: 'next?', chat_id: expect.any(String), filters: [], ...SENT_WITH });
    await page.unrouteAll();
    await page.reload();
    await page.locator('.question', { hasText: 'next?' }).waitFor();
    await expect(page.locator('.question').allTextContents()).resolves.toEqual(['kept?', 'next?']);
  });

  it('shows answers rated before a reload as rated, and forgets the ratings with New chat', async () => {
    const { page } = await open();
    await answered(page, 'up?');
    await page.getByRole('button', { name: 'Good answer' }).click();
    await page.getByText('Thanks for the feedback.').waitFor();
    await answered(page, 'down?');
    const second = page.locator('.turn').nth(1);
    await second.getByRole('button', { name: 'Bad answer' }).click();
    await second.getByRole('textbox', { name: 'What should the answer say?' }).fill('Mention --expires');
    await second.getByRole('button', { name: 'Send' }).click();
    await second.getByText('Thanks for the feedback.').waitFor();

    await page.reload();
    await page.locator('.question', { hasText: 'down?' }).waitFor();
    await expect(page.getByText('Thanks for the feedback.').count()).resolves.toBe(2);
    await expect(page.getByRole('button', { name: /Good answer|Bad answer/ }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'New chat' }).click();
    const stored = await page.evaluate(() => Object.keys(localStorage));
    expect(stored.filter((key) => key.endsWith(':ratings'))).toEqual([]);
    await answered(page, 'up again?');
    await expect(page.getByRole('button', { name: 'Good answer' }).count()).resolves.toBe(1);
  });
});
