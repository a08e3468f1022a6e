import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { deletePrefix, testPrefix, testRedis, launchChromium } from '@docqa/testing';
import type { Redis } from 'ioredis';
import type { WidgetGlobals } from './widget-globals';
import { type Stack } from '@docqa/system-tests/testing';
import { startWidgetStack, root, docsSite, markdownRendered } from './widget-testing';

/** Types a question into the widget within `scope`, sends it and waits for its sources. */
async function ask(page: Page, scope: Page | Locator, question: string): Promise<void> {
  await scope.getByPlaceholder('Ask anything and get AI-generated answers...').fill(question);
  await page.keyboard.press('Enter');
  await scope.getByText('Documents in response').waitFor();
}

/** Waits for rendered Markdown: the lazily loaded renderer is in. */
const rendered = (scope: Page | Locator) => scope.locator('.answer code').first().waitFor();

/** The docs' screenshots are rewritten only on request (`UPDATE_SCREENSHOTS=1`); else a scratch folder. */
const screenshots = process.env.UPDATE_SCREENSHOTS
  ? join(root, 'docs/screenshots')
  : mkdtempSync(join(tmpdir(), 'docqa-screenshots-'));

describe('the widget in Chromium against the real API and worker', () => {
  let stack: Stack;
  let redis: Redis;
  let browser: Browser;
  let site: { server: Server; origin: string };
  let config: Record<string, unknown> = {};
  const prefix = testPrefix('browser');

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    redis = testRedis();
    stack = await startWidgetStack({ prefix, demoTenant: 'acme' });
    site = await docsSite(
      () => `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Docs</title>
      <style>body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 16px; color: #1a1a1a; }
      body.dark { background: #0d1117; color: #e6edf3; }
      .assistant_app.assistant_theme-dark { --assistant-widget-bg: #1e1e1e; --assistant-widget-text: #f0f0f0;
        --assistant-widget-primary: #333; --assistant-widget-secondary: #b0b0b0; --assistant-widget-accent: #2f81f7;
        --assistant-widget-border: #444; --assistant-widget-hover: #2a2a2a; --assistant-widget-shadow-color: #00000080;
        --assistant-example-bg: #2a2a2a; --assistant-example-text: #e0e0e0; --assistant-example-border: #444;
        --assistant-answer-code-bg: #2d2d2d; --assistant-widget-bg-opacity: 0.97; }</style></head>
      <body><h1>Acme docs</h1><p>Tokens, ingestion and settings of the Acme docs site.</p>
      <div id="assistant" style="max-width:640px"></div>
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
    await ask(page, dialog, 'How do I revoke a token?');
    await rendered(dialog);
    await expect(dialog.locator('.answer').first().textContent()).resolves.toMatch(
      /Revoke a token with tokens revoke/,
    );
    await expect(dialog.getByRole('link', { name: 'Tokens' }).getAttribute('href')).resolves.toBe(
      'https://docs.acme.test/tokens#tokens',
    );
    expect(bodies[0]).toEqual({
      question: 'How do I revoke a token?',
      filters: [{ type: 'eq', property: 'product', value: 'cli' }],
      // The page the visitor asks from and the widget's language (issue 37) go with every question.
      page_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//),
      locale: 'en',
    });
    await expect(page.locator('#assistant').getAttribute('class')).resolves.toContain('assistant_app');

    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    await expect(
      trigger.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
    ).resolves.toBe(true);
    await page.close();
  });

  it('renders a hostile document inert', async () => {
    const { page } = await open({ popup: false, mode: 'question' });
    await page
      .getByPlaceholder('Ask anything and get AI-generated answers...')
      .fill('How do images load and are links shown?');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Good answer' }).waitFor();
    await markdownRendered(page);
    // The hostile sentence reached the rendered answer: the checks below are about it.
    const answer = page.locator('.answer');
    await expect(answer.textContent()).resolves.toMatch(/Images load with .*links.* are shown/);
    await expect(answer.getByText('links').count()).resolves.toBe(1);
    await page.waitForTimeout(300);
    await expect(
      page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).resolves.toBeUndefined();
    const widget = await page.evaluate(() => {
      const root = document.querySelector('assistant-widget')!.shadowRoot!;
      const all = [...root.querySelectorAll('*')];
      return {
        handlers: all.flatMap((e) => e.getAttributeNames().filter((n) => n.startsWith('on'))),
        hrefs: all.flatMap((e) => e.getAttribute('href') ?? []),
        images: root.querySelectorAll('img').length,
        answerHtml: root.querySelector('.answer')!.innerHTML,
      };
    });
    expect(widget.handlers).toEqual([]);
    expect(widget.hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
    expect(widget.images).toBe(0);
    expect(widget.answerHtml).not.toMatch(/<img|onerror/i);
    await page.close();
  });

  it('works on a 320 px phone: the dialog inside the screen, nothing wider than it', async () => {
    const { page } = await open({ examples: ['How do I revoke a token?'] }, { width: 320, height: 640 });
    await page.getByTitle('Ask anything and get answers').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'How do I revoke a token?' }).click();
    await dialog.getByText('Documents in response').waitFor();
    await rendered(dialog);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    await expect(overflow(page)).resolves.toEqual({ page: false, panel: false, messages: false });
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
    await ask(page, page, 'How do I revoke a token?');
    await page.reload();
    await page.locator('.question', { hasText: 'How do I revoke a token?' }).waitFor();
    await page.getByRole('button', { name: 'New chat' }).click();
    await expect(page.locator('.question').count()).resolves.toBe(0);
    await page.close();
  });

  it('says a revoked token is no longer valid on its own page, whose origin no other token allows', async () => {
    const own = await docsSite(
      () => `<!doctype html><html><body><div id="assistant"></div>
      <script>window.ASSISTANT_WIDGET = ${JSON.stringify(config)};</script>
      <script type="module" src="${stack.baseUrl}/widget/assistant-widget.js"></script></body></html>`,
    );
    const page = await browser.newPage();
    try {
      const { token, record } = await stack.tokens.create({
        tenant: 'acme',
        scopes: ['ask'],
        widget: true,
        origins: [own.origin],
      });
      await stack.tokens.revoke(record.id);
      config = { api_url: stack.apiUrl, api_token: token, popup: false };
      const refused = page.waitForResponse((r) => r.url().endsWith('/settings/'));
      await page.goto(own.origin);
      expect((await refused).status()).toBe(401);
      await expect(page.getByRole('alert').textContent()).resolves.toBe(
        'This assistant’s access token is no longer valid (revoked or expired).',
      );
    } finally {
      await page.close();
      own.server.close();
    }
  });

  it('serves a demo page at / whose widget answers, under its strict CSP', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${stack.baseUrl}/`);
    await expect(page.locator('main').textContent()).resolves.toMatch(/button at the bottom right/);
    await expect(page.locator('main').textContent()).resolves.not.toMatch(/inline widget below/);
    await page.getByTitle('Ask anything and get answers').click();
    const dialog = page.getByRole('dialog', { name: 'docqa Chat' });
    await dialog.getByRole('button', { name: 'How do I create a token?' }).waitFor();
    await ask(page, dialog, 'How do I revoke a token?');
    await rendered(dialog);
    await expect(dialog.locator('.answer').textContent()).resolves.toMatch(
      /Revoke a token with tokens revoke/,
    );
    // No CSP violation, no failed request.
    expect(errors).toEqual([]);
    await page.close();
  });

  it('looks right popup and inline, light and dark, desktop and phone (the docs screenshots)', async () => {
    for (const popup of [true, false])
      for (const theme of ['light', 'dark'])
        for (const device of ['desktop', 'phone']) {
          const viewport = device === 'desktop' ? { width: 1280, height: 800 } : { width: 360, height: 740 };
          const { page } = await open({ popup }, viewport);
          if (theme === 'dark')
            await page.evaluate(() => {
              document.body.classList.add('dark');
              document.getElementById('assistant')!.classList.add('assistant_theme-dark');
            });
          if (popup) await page.getByTitle('Ask anything and get answers').click();
          await ask(page, page, 'How do I revoke a token?');
          await rendered(page);
          await page.getByRole('button', { name: 'Good answer' }).waitFor();
          const background = await page
            .locator('.panel')
            .evaluate((panel) => getComputedStyle(panel, '::before').backgroundColor);
          expect(background).toBe(theme === 'dark' ? 'rgb(30, 30, 30)' : 'rgb(255, 255, 255)');
          await expect(overflow(page)).resolves.toEqual({ page: false, panel: false, messages: false });
          const answer = (await page.locator('.answer').boundingBox())!;
          expect(answer.y + answer.height).toBeLessThanOrEqual(viewport.height);
          await page.screenshot({
            path: join(screenshots, `${popup ? 'popup' : 'inline'}-${theme}-${device}.png`),
          });
          await page.close();
        }
  });
});

/** Whether the page, the widget's panel or its message list is wider than its box. */
function overflow(page: Page): Promise<{ page: boolean; panel: boolean; messages: boolean }> {
  return page.evaluate(() => {
    const root = document.querySelector('assistant-widget')!.shadowRoot!;
    const wider = (e: Element) => e.scrollWidth > e.clientWidth;
    return {
      page: document.documentElement.scrollWidth > window.innerWidth,
      panel: wider(root.querySelector('.panel')!),
      messages: wider(root.querySelector('.messages')!),
    };
  });
}
