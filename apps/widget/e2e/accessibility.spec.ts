import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import type { Stack } from '@docqa/system-tests/testing';
import { deletePrefix, launchChromium, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { docsSite, startWidgetStack } from './widget-testing';

/** axe-core's rules for WCAG 2.1 A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * axe-core's WCAG 2.1 AA violations on the page (the widget's shadow DOM included), and as
 * violations too the elements whose contrast it could not check (it then reports them
 * "incomplete", which would let a modal nobody can read pass).
 */
async function violations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (tags) => {
    type Result = { id: string; impact: string | null; help: string; nodes: Violation['nodes'] };
    const { axe } = window as unknown as {
      axe: {
        run(
          ctx: unknown,
          opts: unknown,
        ): Promise<{ violations: Result[]; incomplete: Result[]; passes: Result[] }>;
      };
    };
    const { violations, incomplete, passes } = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
    });
    const unchecked = incomplete.filter((r) => r.id === 'color-contrast');
    // The check reached into the modal's shadow DOM: its texts' contrast was measured.
    const inModal = passes
      .filter((r) => r.id === 'color-contrast')
      .flatMap((r) => r.nodes)
      .filter((n) => JSON.stringify(n.target).includes('assistant-search-dialog'));
    if (!inModal.length)
      unchecked.push({
        id: 'color-contrast',
        impact: null,
        help: 'nothing in the modal was checked',
        nodes: [],
      });
    return [...violations, ...unchecked.map((r) => ({ ...r, id: `${r.id} (not checkable)` }))].map(
      ({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
      }),
    );
  }, WCAG_21_AA);
}

/** The violations as lines a reader can act on (rule, help, each element and why). */
const describe$ = (found: Violation[]) =>
  found
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .map(
            (n) => `  ${JSON.stringify(n.target)}\n    ${(n.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
          )
          .join('\n')}`,
    )
    .join('\n');

describe('the search modal’s accessibility (axe-core, WCAG 2.1 AA, Chromium)', () => {
  let stack: Stack;
  let redis: Redis;
  let browser: Browser;
  let site: { server: Server; origin: string };
  let config: Record<string, unknown> = {};
  const prefix = testPrefix('axe');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startWidgetStack({ prefix, env: { VISITOR_RATE_LIMIT_PER_MINUTE: '1000' } });
    // The docs site's own dark theme sets the widget's colours, as docs/widget.md shows.
    site = await docsSite(
      () => `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Acme docs</title>
      <style>body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 16px; }
      body.dark { background: #0d1117; color: #e6edf3; }
      .assistant_app.assistant_theme-dark { --assistant-widget-bg: #1e1e1e; --assistant-widget-text: #f0f0f0;
        --assistant-widget-primary: #333; --assistant-widget-secondary: #b0b0b0; --assistant-widget-accent: #58a6ff;
        --assistant-widget-border: #444; --assistant-widget-hover: #2a2a2a; --assistant-answer-code-bg: #2d2d2d; }</style></head>
      <body><main><h1>Acme docs</h1><div id="assistant"></div></main>
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
          '# Tokens\n\nCreate a token with the `tokens create` command.\n\n## Revoking\n\nRevoke a token with tokens revoke and its id. Revocation takes effect at once.',
      },
      {
        id: 'install',
        title: 'Install on Windows',
        url: `${site.origin}/install`,
        content: '# Install on Windows\n\nDownload the installer and run setup.exe as administrator.',
      },
    ];
    const headers = { authorization: `Bearer ${ingest}`, 'content-type': 'application/json' };
    const res = await fetch(`${stack.apiUrl}documents/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ documents }),
    });
    const { job_id } = (await res.json()) as { job_id: string };
    for (;;) {
      const job = await fetch(`${stack.apiUrl}jobs/${job_id}?wait=1`, { headers });
      const { status } = (await job.json()) as { status: string };
      if (status === 'failed') throw new Error('the documents could not be ingested');
      if (status === 'completed') break;
    }
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    site?.server.close();
    await stack?.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it.each([
    ['desktop', 'light', 'en', { width: 1280, height: 800 }],
    ['desktop', 'dark', 'en', { width: 1280, height: 800 }],
    ['desktop', 'light', 'ar', { width: 1280, height: 800 }],
    ['phone', 'light', 'en', { width: 360, height: 740 }],
    ['phone', 'dark', 'en', { width: 360, height: 740 }],
    ['phone', 'dark', 'ar', { width: 360, height: 740 }],
  ] as const)(
    'has no violations on a %s, %s, in %s: with results and with an answer',
    async (_d, theme, locale, viewport) => {
      const token = await stack.createToken({
        tenant: 'acme',
        scopes: ['ask'],
        widget: true,
        origins: [site.origin],
      });
      config = { api_url: stack.apiUrl, api_token: token, mode: 'search', locale };
      const context = await browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        await page.goto(site.origin, { timeout: 60_000 });
        await page.locator('.search-trigger').waitFor({ timeout: 60_000 });
        if (theme === 'dark')
          await page.evaluate(() => {
            document.body.classList.add('dark');
            document.getElementById('assistant')!.classList.add('assistant_theme-dark');
          });
        await page.keyboard.press('Control+k');
        await page.getByRole('combobox').pressSequentially('token');
        await page.locator('mark').first().waitFor({ timeout: 30_000 });
        const withResults = await violations(page);
        expect(describe$(withResults)).toBe('');

        await page.keyboard.press('Home');
        await page.keyboard.press('Enter');
        await page.locator('.answer').first().waitFor({ timeout: 30_000 });
        await page.locator('.answer .plain').first().waitFor({ state: 'detached', timeout: 30_000 });
        await page.locator('.actions button.down').first().waitFor({ timeout: 30_000 });
        const withAnswer = await violations(page);
        expect(describe$(withAnswer)).toBe('');
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
