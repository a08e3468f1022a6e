/**
 * Keystroke → results painted in the search modal, on the demo: the stack's search demo page
 * (`/search`) over docqa's own docs (ingested as `npm start` does), in headless Chromium.
 *
 * Each keystroke is timed alone (the next is typed once its results are painted), from three points
 * the page sees: the field's `input` event, the widget's `assistant-search-sent` mark (the debounce
 * is over, the request goes out) and the first frame after its `assistant-search-results` mark (the
 * results are in the DOM), that frame's paint being over when a task queued from it runs.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { DEMO_DOCS_EXCLUDE } from '@docqa/api-server';
import { loadPaths } from '@docqa/sources';
import { startStack } from '@docqa/system-tests/testing';
import { startOwnRedis } from '@docqa/testing';

/** What visitors of docqa's docs type: 63 keystrokes, each word typed into an empty field. */
export const WORDS = [
  'token',
  'widget',
  'redis',
  'install',
  'search',
  'sources',
  'insights',
  'locale',
  'portal',
  'webhook',
];

export interface KeystrokeTimes {
  /** Request sent (debounce over) → results painted, ms: the debounce excluded. */
  afterDebounce: number[];
  /** `input` event → results painted, ms: the debounce and any lateness of its timer included. */
  total: number[];
}

/**
 * In the page: each query's input, sent and painted times (a query typed again starts afresh);
 * `__painted(q)` waits for q's. `performance.mark` is wrapped so the frame is requested in the task
 * that rendered the results (a PerformanceObserver would hear of the mark only later).
 */
const RECORDER = `(() => {
  const times = new Map();
  const waiters = new Map();
  const at = (q) => times.get(q) ?? (times.set(q, {}), times.get(q));
  document.addEventListener('input', (e) => {
    const field = e.composedPath()[0];
    if (field && 'value' in field) times.set(field.value, { input: e.timeStamp });
  }, true);
  const mark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    const entry = mark(name, options);
    const t = at(options?.detail);
    if (name === 'assistant-search-sent') t.sent ??= entry.startTime;
    if (name === 'assistant-search-results' && t.painted === undefined) {
      t.painted = -1;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          t.painted = performance.now();
          waiters.get(options.detail)?.(t);
        };
        channel.port2.postMessage(0);
      });
    }
    return entry;
  };
  window.__painted = (q) => new Promise((resolve) => {
    const t = at(q);
    if (t.painted > 0) resolve(t);
    else waiters.set(q, resolve);
  });
})();`;

/** Starts the demo (own Redis, demo tenant, docs/ ingested) and times WORDS' keystrokes in it. */
export async function measureKeystrokes(browser: Browser, widgetDir: string): Promise<KeystrokeTimes> {
  const redis = await startOwnRedis();
  // The bench types faster than a visitor's rate limit allows; the demo's other settings are kept.
  const stack = await startStack({
    redisUrl: redis.url,
    demoTenant: 'demo',
    widgetDir,
    env: { VISITOR_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  try {
    await ingestDocs(stack, `${stack.baseUrl}/demo/docs/`);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(RECORDER);
    await page.goto(`${stack.baseUrl}/search`, { timeout: 120_000 });
    await page.locator('.search-trigger').waitFor({ timeout: 120_000 });
    await page.keyboard.press('Control+k');
    const field = page.getByRole('combobox');
    await field.waitFor({ timeout: 60_000 });
    // One word typed untimed first: the modal's first search warms the API and the page.
    await field.pressSequentially('docs');
    await page.evaluate('window.__painted("docs")');
    const times: KeystrokeTimes = { afterDebounce: [], total: [] };
    for (const word of WORDS) {
      await field.fill('');
      for (let i = 1; i <= word.length; i++) {
        await page.keyboard.type(word[i - 1]!);
        const t = (await page.evaluate(`window.__painted(${JSON.stringify(word.slice(0, i))})`)) as {
          input: number;
          sent: number;
          painted: number;
        };
        times.afterDebounce.push(t.painted - t.sent);
        times.total.push(t.painted - t.input);
      }
    }
    await page.close();
    return times;
  } finally {
    await stack.close();
    await redis.stop();
  }
}

/** Ingests docs/ as `npm start` does for the demo (its tenant, its exclusions) and waits for the job. */
async function ingestDocs(stack: Awaited<ReturnType<typeof startStack>>, baseUrl: string): Promise<void> {
  const token = await stack.createToken({ tenant: 'demo', scopes: ['ingest'] });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const { documents } = await loadPaths([join(process.cwd(), 'docs')], {
    baseUrl,
    exclude: DEMO_DOCS_EXCLUDE,
  });
  const res = await fetch(`${stack.apiUrl}documents/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ documents }),
  });
  const { job_id } = (await res.json()) as { job_id: string };
  for (;;) {
    const job = await fetch(`${stack.apiUrl}jobs/${job_id}?wait=1`, { headers });
    const { status } = (await job.json()) as { status: string };
    if (status === 'failed') throw new Error('the demo docs could not be ingested');
    if (status === 'completed') return;
  }
}
