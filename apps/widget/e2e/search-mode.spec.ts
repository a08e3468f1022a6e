import { mkdirSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Stack } from '@docqa/system-tests/testing';
import { deletePrefix, launchChromium, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { docsSite, root, startWidgetStack } from './widget-testing';

/** The docs' screenshots are rewritten only on request (`UPDATE_SCREENSHOTS=1`); else a scratch folder. */
const screenshots = process.env.UPDATE_SCREENSHOTS
  ? join(root, 'docs/screenshots')
  : mkdtempSync(join(tmpdir(), 'docqa-screenshots-'));

/** Where the focus is: the widget's or its search modal's focused control (its label), or the page. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const widget = document.querySelector('assistant-widget')?.shadowRoot;
    const active = widget?.activeElement;
    const inner = active?.shadowRoot?.activeElement ?? active;
    if (!inner) return 'page';
    return (inner.getAttribute('aria-label') ?? inner.getAttribute('name') ?? inner.textContent ?? '').trim();
  });
}

describe('search mode (Chromium, a docs site of another origin, real store and worker)', () => {
  let stack: Stack;
  let redis: Redis;
  let browser: Browser;
  let site: { server: Server; origin: string };
  let config: Record<string, unknown> = {};
  let context: BrowserContext | undefined;
  const prefix = testPrefix('searchmode');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startWidgetStack({
      prefix,
      env: { SEARCH_WORDS_REFRESH_SECONDS: '1', VISITOR_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    site = await docsSite(
      (
        path,
      ) => `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1">
      <style>body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 16px; }
      body.dark { background: #0d1117; color: #e6edf3; }
      .assistant_app.assistant_theme-dark { --assistant-widget-bg: #1e1e1e; --assistant-widget-text: #f0f0f0;
        --assistant-widget-primary: #333; --assistant-widget-secondary: #b0b0b0; --assistant-widget-accent: #58a6ff;
        --assistant-widget-border: #444; --assistant-widget-hover: #2a2a2a; --assistant-answer-code-bg: #2d2d2d; }</style></head>
      <body><h1>Acme docs ${path}</h1>
      <div id="assistant"></div>
      <script>window.ASSISTANT_WIDGET = ${JSON.stringify(config)};</script>
      <script type="module" src="${stack.baseUrl}/widget/assistant-widget.js"></script></body></html>`,
    );
    const ingest = await stack.createToken({ tenant: 'acme', scopes: ['ingest'] });
    const documents = [
      {
        id: 'tokens',
        title: 'Tokens',
        url: `${site.origin}/tokens`,
        content:
          '# Tokens\n\nCreate a token with the tokens create command.\n\n## Revoking\n\nRevoke a token with tokens revoke and its id. Revocation takes effect at once.',
        metadata: { product: 'cli' },
      },
      {
        id: 'install',
        title: 'Install on Windows',
        url: `${site.origin}/install`,
        content: '# Install on Windows\n\nDownload the installer and run setup.exe as administrator.',
        metadata: { product: 'desktop' },
      },
    ];
    const res = await fetch(`${stack.apiUrl}documents/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ingest}`, 'content-type': 'application/json' },
      body: JSON.stringify({ documents }),
    });
    const { job_id } = (await res.json()) as { job_id: string };
    for (;;) {
      const job = await fetch(`${stack.apiUrl}jobs/${job_id}?wait=1`, {
        headers: { authorization: `Bearer ${ingest}` },
      });
      if (((await job.json()) as { status: string }).status === 'completed') break;
    }
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

  /** Opens the docs page in search mode with `settings`. */
  async function openPage(
    settings: Record<string, unknown> = {},
    path = '/',
    viewport = { width: 1280, height: 800 },
  ): Promise<Page> {
    const token = await stack.createToken({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [site.origin],
    });
    config = { api_url: stack.apiUrl, api_token: token, mode: 'search', ...settings };
    context ??= await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(site.origin + path);
    await page.locator('.search-trigger').waitFor();
    return page;
  }

  const input = (page: Page) => page.getByRole('combobox');
  const options = (page: Page) => page.getByRole('option');

  /** Types `query` and waits until the first result (after the Ask entry) is on `title`'s page. */
  async function searchFor(page: Page, query: string, title: string): Promise<void> {
    await page.keyboard.press('Control+k');
    for (;;) {
      await input(page).fill('');
      await input(page).pressSequentially(query);
      const first = options(page).nth(1);
      await first.waitFor().catch(() => undefined);
      const found = await page
        .locator('.page-title')
        .first()
        .textContent()
        .catch(() => null);
      if (found === title) return;
      await page.waitForTimeout(200);
    }
  }

  it.each(['Control+k', 'Meta+k'])('opens the modal with %s, the focus in its search field', async (keys) => {
    const page = await openPage();
    await page.keyboard.press(keys);
    await page.getByRole('dialog').waitFor();
    await expect(focused(page)).resolves.toBe('Search the docs or ask a question…');
  });

  it.each([
    ['an exact word', 'installer', 'Install on Windows'],
    ['a prefix', 'revoc', 'Tokens'],
    ['a one-letter typo', 'instaler ', 'Install on Windows'],
  ])('shows the right page first for %s, the first entry asking', async (_name, query, title) => {
    const page = await openPage();
    await searchFor(page, query, title);
    await expect(options(page).first().textContent()).resolves.toContain(`Ask: “${query.trim()}”`);
    await expect(page.locator('[role=status]').textContent()).resolves.toMatch(/\d+ results/);
    await expect(page.locator('mark').first().textContent()).resolves.toMatch(/^(installer|Revocation)$/i);
  });

  it('follows a result with ↓ and Enter, to its page and anchor', async () => {
    const page = await openPage();
    await searchFor(page, 'installer', 'Install on Windows');
    await page.keyboard.press('ArrowDown');
    await expect(input(page).getAttribute('aria-activedescendant')).resolves.toBe('search-entry-1');
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForURL(`${site.origin}/install**`), page.keyboard.press('Enter')]);
  });

  it('closes on Escape and gives the focus back to the search field', async () => {
    const page = await openPage();
    await page.getByRole('button', { name: /Search the docs/ }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect(focused(page)).resolves.toMatch(/Search the docs/);
  });

  it('asks from the first entry: the answer streams with its sources, and Back returns to the results', async () => {
    const page = await openPage();
    await searchFor(page, 'revoke token', 'Tokens');
    await page.keyboard.press('Enter');
    await page.locator('.answer').first().waitFor();
    await page.getByRole('button', { name: 'Good answer' }).waitFor({ timeout: 30_000 });
    await expect(page.locator('.answer').first().textContent()).resolves.toMatch(/revoke/i);
    await page.getByText('Documents in response').waitFor();
    await page.getByRole('button', { name: /Back to results/ }).click();
    await expect(options(page).count()).resolves.toBeGreaterThan(1);
  });

  it('keeps recent searches across a reload, and clears them', async () => {
    const page = await openPage();
    await searchFor(page, 'installer', 'Install on Windows');
    await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForURL(`${site.origin}/install**`), page.keyboard.press('Enter')]);
    await page.reload();
    await page.getByRole('button', { name: /Search the docs/ }).click();
    await expect(options(page).first().innerText()).resolves.toBe('installer');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(options(page).count()).resolves.toBe(0);
  });

  it('applies the page’s api_filters to the results', async () => {
    const page = await openPage({ api_filters: [{ type: 'eq', property: 'product', value: 'cli' }] });
    await page.keyboard.press('Control+k');
    await input(page).pressSequentially('installer');
    await page.getByRole('paragraph').getByText('No page matches “installer”').waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toContain('No page matches');
  });

  it('tells a rate-limited visitor, and an offline one, what happened', async () => {
    const page = await openPage();
    await page.route('**/api/v2/search/', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '30', 'access-control-allow-origin': site.origin },
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Too Many Requests', status: 429 }),
      }),
    );
    await page.keyboard.press('Control+k');
    await input(page).pressSequentially('token');
    await page.getByRole('alert').getByText('Too many searches right now').waitFor();
    await page.unroute('**/api/v2/search/');
    await page.route('**/api/v2/search/', (route) => route.abort('internetdisconnected'));
    await input(page).pressSequentially('s');
    await page.getByRole('alert').getByText('You are offline').waitFor();
  });

  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 360, height: 740 }],
  ] as const)(
    'fits the modal on a %s, light and dark, in English and Arabic (screenshots)',
    async (device, viewport) => {
      mkdirSync(screenshots, { recursive: true });
      for (const [theme, locale] of [
        ['light', 'en'],
        ['dark', 'en'],
        ['light', 'ar'],
      ] as const) {
        if (device === 'phone' && locale === 'ar') continue;
        const page = await openPage({ locale }, '/', viewport);
        if (theme === 'dark')
          await page.evaluate(() => {
            document.body.classList.add('dark');
            document.getElementById('assistant')!.classList.add('assistant_theme-dark');
          });
        await searchFor(page, 'token', 'Tokens');
        await page.locator('mark').first().waitFor();
        const box = await page.locator('.search-dialog').boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5);
        const name = locale === 'ar' ? `search-rtl-${device}` : `search-${theme}-${device}`;
        await page.screenshot({ path: join(screenshots, `${name}.png`) });
        if (theme === 'light' && locale === 'en') {
          await page.keyboard.press('Home');
          await page.keyboard.press('Enter');
          await page.getByRole('button', { name: 'Good answer' }).waitFor({ timeout: 30_000 });
          await page.screenshot({ path: join(screenshots, `search-ask-${device}.png`) });
        }
        await context?.close();
        context = undefined;
      }
    },
  );
});
