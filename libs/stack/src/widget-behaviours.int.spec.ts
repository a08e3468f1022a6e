import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ScriptedAnswerer } from '@docqa/questions/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { startStack, type Stack } from './start-stack';

const root = join(__dirname, '../../..');
const source = (id: string, cited: boolean) => ({
  document_id: id,
  chunk_id: `${id}#0`,
  title: `Doc ${id}`,
  url: `https://docs.acme.test/${id}`,
  snippet: '…',
  score: 1,
  cited,
  metadata: {},
});
const PIECES = [
  'Use this:\n\n',
  '```sh\ndocqa tokens revoke ID\n```\n\n',
  '| a | b |\n|---|---|\n| 1 | 2 |\n\n',
  'Done [1].',
];

describe('widget behaviours in Chromium (scripted answers)', () => {
  let stack: Stack;
  let redis: Redis;
  let browser: Browser;
  let site: Server;
  let origin = '';
  let config: Record<string, unknown> = {};
  const prefix = testPrefix('widgetb');
  const answerer = new ScriptedAnswerer({
    pieces: PIECES,
    delayMs: 150,
    sources: [source('a', true), source('b', false), source('c', false)],
  });

  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'widget', '--quiet'], {
      cwd: root,
    });
    redis = testRedis();
    stack = await startStack({
      prefix,
      answerer,
      widgetDir: join(root, 'dist/apps/widget'),
      services: {
        retrieval: { search: async () => ({ results: [], took_ms: 0 }) },
        probes: {},
        modelProbe: async () => undefined,
      },
      env: { VISITOR_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><html><body><div id="assistant"></div>
        <script>window.ASSISTANT_WIDGET = ${JSON.stringify(config)};</script>
        <script type="module" src="${stack.baseUrl}/widget/assistant-widget.js"></script></body></html>`);
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    site?.close();
    await stack?.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  async function open(
    settings: Record<string, unknown>,
    rateLimit?: number,
  ): Promise<{ page: Page; requests: { url: string; body: unknown }[] }> {
    const token = await stack.createToken({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [origin],
      rateLimit,
    });
    config = { api_url: stack.apiUrl, api_token: token, popup: false, ...settings };
    const page = await browser.newPage();
    const requests: { url: string; body: unknown }[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST')
        requests.push({ url: req.url(), body: JSON.parse(req.postData() ?? 'null') });
    });
    await page.goto(origin);
    return { page, requests };
  }

  const ask = async (page: Page, text: string) => {
    await page.getByPlaceholder('Ask anything and get AI-generated answers...').fill(text);
    await page.keyboard.press('Enter');
  };

  it('sends dropdown selections, default_filters and api_filters merged in every question', async () => {
    const { page, requests } = await open({
      filters: [
        {
          property: 'product',
          title: 'Product',
          type: 'eq',
          widget: 'single',
          choices: [
            { value: 'cli', label: 'CLI' },
            { value: 'api', label: 'API' },
          ],
        },
        {
          property: 'tags',
          title: 'Tags',
          type: 'contains',
          widget: 'multiple',
          choices: [
            { value: 'auth', label: 'Auth' },
            { value: 'ops', label: 'Ops' },
          ],
        },
      ],
      default_filters: { product: 'api' },
      api_filters: [{ type: 'eq', property: 'lang', value: 'en' }],
    });
    await expect(page.getByLabel('Product').inputValue()).resolves.toBe('api');
    await page.getByLabel('Tags').selectOption(['auth', 'ops']);
    await ask(page, 'filtered?');
    await page.getByText('Done [1].').waitFor();
    expect(requests.find((r) => r.url.endsWith('/questions/'))!.body).toEqual({
      question: 'filtered?',
      filters: [
        { type: 'eq', property: 'product', value: 'api' },
        { type: 'contains', property: 'tags', value: ['auth', 'ops'] },
        { type: 'eq', property: 'lang', value: 'en' },
      ],
    });
    await page.close();
  });

  it('renders code with a copy button and tables that scroll; splits and collapses sources', async () => {
    const { page } = await open({});
    await ask(page, 'render?');
    await page.getByText('Documents in response').waitFor();
    await expect(page.locator('.answer pre code').textContent()).resolves.toContain('docqa tokens revoke ID');
    await expect(page.getByRole('button', { name: 'Copy' }).count()).resolves.toBe(1);
    await expect(page.locator('.answer table').evaluate((t) => getComputedStyle(t).overflowX)).resolves.toBe(
      'auto',
    );
    await expect(page.getByRole('link', { name: 'Doc a' }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Doc b' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(page.getByRole('link', { name: 'Doc b' }).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Collapse' }).click();
    await expect(page.getByRole('link', { name: 'Doc b' }).count()).resolves.toBe(0);
    await page.close();
  });

  it('sends thumbs down with the feedback form, using the DOWN_RATE labels', async () => {
    const { page, requests } = await open({ labels: { DOWN_RATE_BUTTON: 'Submit it' } });
    await ask(page, 'rate?');
    await page.getByRole('button', { name: 'Bad answer' }).click();
    await page
      .getByPlaceholder('A high-level summary of what the correct answer should and/or should not mention.')
      .fill('Mention --expires');
    await page.getByPlaceholder('https://docs.example.com/page').fill('https://docs.acme.test/tokens');
    await page.getByRole('button', { name: 'Submit it' }).click();
    await page.getByText('Thanks for the feedback.').waitFor();
    expect(requests.find((r) => r.url.includes('/feedback/'))!.body).toEqual({
      rating: 'down',
      details: 'Mention --expires',
      url: 'https://docs.acme.test/tokens',
    });
    await page.close();
  });

  it('resumes an answer after a reload in the middle of it', async () => {
    const { page } = await open({});
    await ask(page, 'resume me?');
    await page.getByText('Use this:').waitFor();
    await page.reload();
    await page.locator('.question', { hasText: 'resume me?' }).waitFor();
    await page.getByText('Done [1].').waitFor();
    await expect(page.locator('.answer').last().textContent()).resolves.toMatch(/^Use this:/);
    await page.close();
  });

  it('shows a human message with the wait when rate limited', async () => {
    const { page } = await open({}, 1);
    await ask(page, 'first?');
    await page.getByText('Done [1].').waitFor();
    await ask(page, 'second?');
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(
      /Too many questions right now\. Please try again in \d+ seconds/,
    );
    await page.close();
  });

  it('traps focus in the popup dialog and closes on Escape back to the trigger', async () => {
    const { page } = await open({ popup: true });
    await page.getByTitle('Ask anything and get answers').click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => {
      const host = document.querySelector('assistant-widget')!;
      const active = host.shadowRoot!.activeElement;
      return !!active && !!active.closest('.dialog');
    });
    expect(inside).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await page.close();
  });

  it('shows the logo, logs with debug, and explains a disallowed origin', async () => {
    const { page } = await open({ logo_url: `${origin}/logo.png`, debug: true, mode: 'question' });
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    await page.reload();
    await expect(page.locator('header img').getAttribute('src')).resolves.toBe(`${origin}/logo.png`);
    await ask(page, 'debug?');
    await page.getByText('Done [1].').waitFor();
    expect(logs.some((l) => l.includes('[assistant-widget]') && l.includes('event'))).toBe(true);
    await page.close();

    const elsewhere = await stack.createToken({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: ['https://other.test'],
    });
    config = { api_url: stack.apiUrl, api_token: elsewhere, popup: false };
    const blocked = await browser.newPage();
    await blocked.goto(origin);
    await expect(blocked.getByRole('alert').textContent()).resolves.toMatch(
      /Cannot reach the assistant|not allowed/,
    );
    await blocked.close();
  });
});
