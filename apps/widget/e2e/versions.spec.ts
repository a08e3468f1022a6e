import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import type { Stack } from '@docqa/system-tests/testing';
import { deletePrefix, launchChromium, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { startWidgetStack, docsSite } from './widget-testing';

/** The same page in three versions (DESIGN §17). */
const documents = ['1.x', '2.x', '3.x'].map((version, i) => ({
  id: `install-${version}`,
  title: `Install (${version})`,
  content: `# Install\n\nInstall the agent with ${['the legacy installer', 'the package manager', 'the container image'][i]}.`,
  version,
}));

describe('the widget asks about the page’s docs version (Chromium, the real pipeline)', () => {
  let stack: Stack;
  let redis: Redis;
  let browser: Browser;
  let site: { server: Server; origin: string };
  let config: Record<string, unknown> = {};
  let meta = '';
  const prefix = testPrefix('widget-versions');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startWidgetStack({ prefix, env: { VISITOR_RATE_LIMIT_PER_MINUTE: '1000' } });
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ingest'] });
    const res = await fetch(`${stack.apiUrl}documents/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ documents }),
    });
    expect(res.status).toBe(202);
    await stack.waitUntilIdle();
    site = await docsSite(
      () => `<!doctype html><html><head>${meta}</head><body><h1>Agent docs</h1><div id="assistant"></div>
      <script>window.ASSISTANT_WIDGET = ${JSON.stringify(config)};</script>
      <script type="module" src="${stack.baseUrl}/widget/assistant-widget.js"></script></body></html>`,
    );
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    site?.server.close();
    await stack?.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  /** Opens the docs page with the widget inline, `settings` and the page's meta tag. */
  async function open(settings: Record<string, unknown>, version?: string, path = '/'): Promise<Page> {
    const token = await stack.createToken({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [site.origin],
    });
    config = { api_url: stack.apiUrl, api_token: token, popup: false, ...settings };
    meta = version ? `<meta name="docsearch:version" content="${version}">` : '';
    const page = await (await browser.newContext()).newPage();
    await page.goto(site.origin + path);
    return page;
  }

  /** Asks `question`; the version the widget sent and the answer shown. */
  async function ask(page: Page, question: string): Promise<{ sent: unknown; answer: string }> {
    const request = page.waitForRequest((r) => r.url().endsWith('/questions/') && r.method() === 'POST');
    const turns = page.locator('article.turn');
    const before = await turns.count();
    await page.getByPlaceholder('Ask anything and get AI-generated answers...').fill(question);
    await page.keyboard.press('Enter');
    const sent = (await request).postDataJSON().version;
    await turns.nth(before).locator('.sources').waitFor();
    return { sent, answer: (await turns.nth(before).locator('.answer').textContent()) ?? '' };
  }

  it('sends the meta tag’s version, answers from that version only, and offers the picker on it', async () => {
    const page = await open({}, '1.x');
    const picker = page.locator('select[data-version-picker]');
    await picker.waitFor();
    await expect(page.locator('label.version').textContent()).resolves.toContain('Version');
    await expect(picker.inputValue()).resolves.toBe('1.x');
    const { sent, answer } = await ask(page, 'How do I install the agent?');
    expect(sent).toBe('1.x');
    expect(answer).toContain('For 1.x:');
    expect(answer).toContain('legacy installer');
    expect(answer).not.toMatch(/package manager|container image/);
    // The visitor picks another version: the next question asks about it.
    await picker.selectOption('3.x');
    const next = await ask(page, 'Which image do I install the agent with?');
    expect(next.sent).toBe('3.x');
    expect(next.answer).not.toMatch(/legacy installer|package manager/);
    await page.context().close();
  });

  it('takes the version option over the meta tag, and a URL pattern without either', async () => {
    const page = await open({ version: '2.x' }, '1.x');
    expect((await ask(page, 'How do I install the agent?')).sent).toBe('2.x');
    await page.context().close();
    const patterned = await open(
      { version_pattern: '/docs/(?<version>\\d+\\.x)/' },
      undefined,
      '/docs/2.x/install',
    );
    expect((await ask(patterned, 'How do I install the agent?')).sent).toBe('2.x');
    await patterned.context().close();
  });
});
