import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { launchChromium, type WidgetGlobals } from './browser-testing';
import { startStack, type Stack } from './start-stack';

const root = join(__dirname, '../../..');

const screenshots = join(root, 'docs/screenshots');

/** A docs site of its own origin that embeds the widget the documented way. */
function docsSite(pageFor: (path: string) => string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(pageFor(req.url ?? '/'));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe('the widget in Chromium against the real API and worker', () => {
  let stack: Stack;
  let redis: Redis;
  let browser: Browser;
  let site: { server: Server; origin: string };
  let config: Record<string, unknown> = {};
  const prefix = testPrefix('browser');

  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'widget', '--quiet'], {
      cwd: root,
    });
    mkdirSync(screenshots, { recursive: true });
    redis = testRedis();
    stack = await startStack({ prefix, widgetDir: join(root, 'dist/apps/widget') });
    site = await docsSite(
      () => `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Docs</title>
      <style>.assistant_app.assistant_theme-dark { --assistant-widget-bg: #1e1e1e; --assistant-widget-text: #f0f0f0; --assistant-widget-primary: #333; --assistant-widget-border: #444; }</style></head>
      <body><h1>Acme docs</h1><div id="assistant" style="max-width:640px"></div>
      <script>window.ASSISTANT_WIDGET = ${JSON.stringify(config)};</script>
      <script type="module" src="${stack.baseUrl}/widget/assistant-widget.js"></script></body></html>`,
    );
    const ingestToken = await stack.createToken({ tenant: 'acme', scopes: ['ingest'] });
    const res = await fetch(`${stack.apiUrl}documents/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ingestToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        documents: [
          {
            id: 'tokens',
            title: 'Tokens',
            url: 'https://docs.acme.test/tokens',
            content:
              '# Tokens\n\nRevoke a token with `tokens revoke` and its id. Revocation takes effect at once.',
            metadata: { product: 'cli' },
          },
          {
            id: 'hostile',
            title: 'Hostile',
            content:
              'Images load with <img src=x onerror="window.__pwned=1"> and [links](javascript:window.__pwned=2) are shown.',
            content_type: 'text/plain',
            metadata: { product: 'web' },
          },
        ],
      }),
    });
    const { job_id } = await res.json();
    for (let i = 0; i < 100; i++) {
      const job = await (
        await fetch(`${stack.apiUrl}jobs/${job_id}`, { headers: { authorization: `Bearer ${ingestToken}` } })
      ).json();
      if (job.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    site?.server.close();
    await stack?.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  async function open(
    settings: Record<string, unknown>,
    viewport = { width: 1280, height: 800 },
  ): Promise<{ page: Page; bodies: unknown[] }> {
    const token = await stack.createToken({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [site.origin],
    });
    config = { api_url: stack.apiUrl, api_token: token, ...settings };
    const page = await browser.newPage({ viewport });
    const bodies: unknown[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/questions/') && req.method() === 'POST')
        bodies.push(JSON.parse(req.postData() ?? '{}'));
    });
    await page.goto(site.origin);
    return { page, bodies };
  }

  it('opens the popup from the bottom-right button and streams a cited answer', async () => {
    const { page, bodies } = await open({ api_filters: [{ type: 'eq', property: 'product', value: 'cli' }] });
    const trigger = page.getByTitle('Ask anything and get answers');
    const box = (await trigger.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1280 - 40);
    expect(box.y + box.height).toBeGreaterThan(800 - 40);
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'docqa Chat' });
    await dialog
      .getByPlaceholder('Ask anything and get AI-generated answers...')
      .fill('How do I revoke a token?');
    await page.keyboard.press('Enter');
    await dialog.getByText('Documents in response').waitFor();
    await expect(dialog.locator('.answer').first().textContent()).resolves.toMatch(
      /Revoke a token with tokens revoke/,
    );
    await expect(dialog.getByRole('link', { name: 'Tokens' }).getAttribute('href')).resolves.toBe(
      'https://docs.acme.test/tokens',
    );
    expect(bodies[0]).toEqual({
      question: 'How do I revoke a token?',
      filters: [{ type: 'eq', property: 'product', value: 'cli' }],
    });
    await expect(page.locator('#assistant').getAttribute('class')).resolves.toContain('assistant_app');
    await page.screenshot({ path: join(screenshots, 'popup-light-desktop.png') });

    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    await expect(
      trigger.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
    ).resolves.toBe(true);
    await page.close();
  });

  it('renders a hostile document inert, inline, in dark mode', async () => {
    const { page } = await open({ popup: false, mode: 'question' });
    await page.evaluate(() => document.getElementById('assistant')!.classList.add('assistant_theme-dark'));
    await page
      .getByPlaceholder('Ask anything and get AI-generated answers...')
      .fill('How do images load and are links shown?');
    await page.keyboard.press('Enter');
    await page.locator('.answer').first().waitFor();
    await page.getByRole('button', { name: 'Good answer' }).waitFor();
    await page.waitForTimeout(200);
    await expect(
      page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).resolves.toBeUndefined();
    await expect(page.locator('.answer img').count()).resolves.toBe(0);
    await expect(page.locator('.answer a[href^="javascript"]').count()).resolves.toBe(0);
    await page.screenshot({ path: join(screenshots, 'inline-dark-desktop.png') });
    await page.close();
  });

  it('works on a 360 px phone, with the dialog inside the screen', async () => {
    const { page } = await open({ examples: ['How do I revoke a token?'] }, { width: 360, height: 720 });
    await page.getByTitle('Ask anything and get answers').click();
    const dialog = page.getByRole('dialog');
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await dialog.getByRole('button', { name: 'How do I revoke a token?' }).click();
    await dialog.getByText('Documents in response').waitFor();
    await page.screenshot({ path: join(screenshots, 'popup-light-phone.png') });
    await page.close();
  });

  it('exposes mountAssistantWidget, assistantPrompt and updateAssistantWidgetSettings', async () => {
    const { page } = await open({ popup: false, automount: false });
    await expect(page.locator('assistant-widget').count()).resolves.toBe(0);
    await page.evaluate(() => (window as unknown as WidgetGlobals).mountAssistantWidget());
    await page.locator('assistant-widget').waitFor();
    await page.evaluate(() =>
      (window as unknown as WidgetGlobals).assistantPrompt('How do I revoke a token?'),
    );
    await page.getByText('Documents in response').waitFor();
    await page.evaluate(() =>
      (window as unknown as WidgetGlobals).updateAssistantWidgetSettings({
        labels: { CHAT_PLACEHOLDER: 'Ask Acme' },
      }),
    );
    await page.getByPlaceholder('Ask Acme').waitFor();
    await expect(page.locator('assistant-widget').count()).resolves.toBe(1);
    await page.close();
  });

  it('keeps the chat across a reload and starts over with New chat', async () => {
    const { page } = await open({ popup: false });
    await page
      .getByPlaceholder('Ask anything and get AI-generated answers...')
      .fill('How do I revoke a token?');
    await page.keyboard.press('Enter');
    await page.getByText('Documents in response').waitFor();
    await page.reload();
    await page.locator('.question', { hasText: 'How do I revoke a token?' }).waitFor();
    await page.getByRole('button', { name: 'New chat' }).click();
    await expect(page.locator('.question').count()).resolves.toBe(0);
    await page.close();
  });

  it('shows a human message for a revoked token instead of a blank widget', async () => {
    const { page } = await open({ popup: false, api_token: 'dq_000000000000_revoked' });
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/access token is invalid/);
    await page.close();
  });
});
