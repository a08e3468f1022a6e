import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO_DOCS_EXCLUDE } from '@docqa/api-server';
import { loadPaths } from '@docqa/sources';
import { type Stack } from '@docqa/system-tests/testing';
import { deletePrefix, launchChromium, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { markdownRendered, startWidgetStack, root } from './widget-testing';

const BASE_URL = 'https://docqa.example.com/docs/';

/**
 * The demo page's example questions answered by the real pipeline (offline embeddings, the
 * extractive answerer) over docqa's own docs, published at BASE_URL: what a first visitor sees.
 */
describe('the demo answers in the widget (Chromium, the real pipeline over docs/)', () => {
  let stack: Stack;
  let redis: Redis;
  let browser: Browser;
  const prefix = testPrefix('demoanswers');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startWidgetStack({ prefix, demoTenant: 'demo' });
    await ingest(stack, join(root, 'docs'));
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  /**
   * Opens the demo page's popup with Ctrl-K and asks one of its examples; resolves when the answer
   * is complete, its start in view, and its other documents expanded.
   */
  async function askExample(question: string): Promise<{ page: Page; dialog: Locator }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${stack.baseUrl}/`);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'docqa Chat' });
    await dialog.getByRole('button', { name: question }).click();
    await dialog.getByRole('button', { name: 'Good answer' }).waitFor();
    await markdownRendered(dialog);
    // However long the answer, it is shown from its start.
    await expect(inView(dialog.locator('.question'))).resolves.toBe(true);
    // Every source listed, the other documents too.
    const more = dialog.getByRole('button', { name: 'Show more' });
    if (await more.count()) await more.click();
    return { page, dialog };
  }

  it('answers how to create a token with its command, linked citations and one source per document', async () => {
    const { page, dialog } = await askExample('How do I create a token?');
    const answer = dialog.locator('.answer');
    await expect(answer.locator('pre code').first().textContent()).resolves.toContain('tokens create');
    await expect(answer.getByRole('button', { name: 'Copy code' }).count()).resolves.toBeGreaterThan(0);

    const sources = await sourceEntries(dialog);
    expect(sources.length).toBeGreaterThan(0);
    expect(new Set(sources.map((s) => s.href.split('#')[0])).size).toBe(sources.length);
    expect(sources[0]).toMatchObject({
      n: 1,
      cited: true,
      href: expect.stringMatching(/^https:\/\/docqa\.example\.com\/docs\/.+#.+/),
    });
    const cites = await answer
      .locator('a.cite')
      .evaluateAll((links) => links.map((a) => Number((a as HTMLElement).dataset.cite)));
    expect(cites.length).toBeGreaterThan(0);
    for (const n of cites) expect(sources[n - 1]?.cited).toBe(true);

    await answer.locator('a.cite').first().click();
    const focused = await page.evaluate(() => {
      const active = document.querySelector('assistant-widget')!.shadowRoot!.activeElement as HTMLLIElement;
      return { n: active.value, href: active.querySelector('a')?.href };
    });
    expect(focused).toEqual({ n: cites[0], href: sources[cites[0]! - 1]!.href });
    await page.close();
  });

  it.each([
    ['How do I embed the widget?', ['window.ASSISTANT_WIDGET', 'assistant-widget.js']],
    ['Which settings does docqa read?', ['REDIS_URL', 'LLM_PROVIDER']],
  ])(
    'answers "%s" with what it needs (%j), linked citations and one source per document',
    async (question, needed) => {
      const { page, dialog } = await askExample(question);
      const text = await dialog.locator('.answer').textContent();
      for (const s of needed) expect(text).toContain(s);
      const sources = await sourceEntries(dialog);
      expect(new Set(sources.map((s) => s.href.split('#')[0])).size).toBe(sources.length);
      for (const s of sources) expect(s.href.startsWith(BASE_URL)).toBe(true);
      const cites = await dialog.locator('.answer a.cite').count();
      expect(cites).toBeGreaterThan(0);
      await expect(dialog.locator('.answer').textContent()).resolves.not.toMatch(/\|\s*-{3,}/);
      await page.close();
    },
  );
});

/** Ingests a folder as `npm start` does for the demo, published under BASE_URL, and waits for the job. */
async function ingest(stack: Stack, folder: string): Promise<void> {
  const token = await stack.createToken({ tenant: 'demo', scopes: ['ingest'] });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const { documents } = await loadPaths([folder], { baseUrl: BASE_URL, exclude: DEMO_DOCS_EXCLUDE });
  const res = await fetch(`${stack.apiUrl}documents/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ documents }),
  });
  expect(res.status).toBe(202);
  const { job_id } = (await res.json()) as { job_id: string };
  for (;;) {
    const job = (await (await fetch(`${stack.apiUrl}jobs/${job_id}`, { headers })).json()) as {
      status: string;
    };
    if (job.status === 'failed') throw new Error('the docs could not be ingested');
    if (job.status === 'completed') return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Number, link and list ("Documents in response" or not) of each source entry. */
function sourceEntries(dialog: Locator): Promise<{ n: number; href: string; cited: boolean }[]> {
  return dialog.locator('.sources li').evaluateAll((items) =>
    items.map((li) => ({
      n: (li as HTMLLIElement).value,
      href: li.querySelector('a')?.href ?? '',
      cited: li.closest('ol') === li.closest('.sources')!.querySelector('ol'),
    })),
  );
}

/** Whether the element is within the visible part of the widget's message list. */
function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const list = el.closest('.messages')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return box.top >= list.top - 1 && box.bottom <= list.bottom + 1;
  });
}
