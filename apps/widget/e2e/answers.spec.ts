import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Source } from '@docqa/contracts';
import { noKnowledgeBase, type Stack } from '@docqa/system-tests/testing';
import { deletePrefix, launchChromium, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { ControlledAnswerer, type ControlledAnswer } from './controlled-answerer';
import { startWidgetStack, root, docsSite, markdownRendered } from './widget-testing';

/** The docs' screenshots are rewritten only on request (`UPDATE_SCREENSHOTS=1`); else a scratch folder. */
const screenshots = process.env.UPDATE_SCREENSHOTS
  ? join(root, 'docs/screenshots')
  : mkdtempSync(join(tmpdir(), 'docqa-screenshots-'));

/** The dark variant documented in docs/widget.md. */
const DARK = `body.dark { background: #0d1117; color: #e6edf3; }
  .assistant_app.assistant_theme-dark { --assistant-widget-bg: #1e1e1e; --assistant-widget-text: #f0f0f0;
  --assistant-widget-primary: #333; --assistant-widget-secondary: #b0b0b0; --assistant-widget-accent: #2f81f7;
  --assistant-widget-border: #444; --assistant-widget-hover: #2a2a2a; --assistant-widget-shadow-color: #00000080;
  --assistant-example-bg: #2a2a2a; --assistant-example-text: #e0e0e0; --assistant-example-border: #444;
  --assistant-answer-code-bg: #2d2d2d; --assistant-widget-bg-opacity: 0.97; }`;

const source = (id: string, cited: boolean, section?: string): Source => ({
  document_id: id,
  chunk_id: `${id}#3`,
  title: id === 'tokens' ? 'Tokens and security' : 'Command line',
  url: `https://docs.acme.test/${id}/#${section ? 'revoke' : 'top'}`,
  section,
  snippet: '…',
  score: 1,
  cited,
  metadata: {},
});
/** One entry per document, cited first: as the server sends them. */
const SOURCES = [
  source('tokens', true, 'Tokens and security › Create a token'),
  source('cli', true),
  { ...source('ops', false), title: 'Operations', url: 'https://docs.acme.test/operations/' },
];
const COMMAND =
  'npm run -s docqa -- tokens create --tenant acme --scopes ask,search --name reporting-service';

describe('answers in the widget (Chromium, a test-driven answerer)', () => {
  let stack: Stack;
  let redis: Redis;
  let browser: Browser;
  let site: { server: Server; origin: string };
  let config: Record<string, unknown> = {};
  const prefix = testPrefix('answers');
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
      () => `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
      <style>body { margin: 0; padding: 16px; font: 16px/1.5 system-ui; color: #1a1a1a; } ${DARK}</style></head>
      <body><h1>Acme docs</h1><p>Tokens, ingestion and settings of the Acme docs site.</p><div id="assistant"></div>
      <script>window.ASSISTANT_WIDGET = ${JSON.stringify(config)};</script>
      <script type="module" src="${stack.baseUrl}/widget/assistant-widget.js"></script></body></html>`,
    );
    browser = await launchChromium();
    mkdirSync(screenshots, { recursive: true });
  });
  afterAll(async () => {
    answerer.finishAll();
    await browser?.close();
    site?.server.close();
    await stack?.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  async function open(
    settings: Record<string, unknown>,
    viewport = { width: 1280, height: 800 },
  ): Promise<{ context: BrowserContext; page: Page }> {
    const token = await stack.createToken({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [site.origin],
    });
    config = { api_url: stack.apiUrl, api_token: token, ...settings };
    const context = await browser.newContext({ viewport });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
    const page = await context.newPage();
    await page.goto(site.origin);
    return { context, page };
  }

  /** Asks `question` in `scope` and returns its answer, which the test then writes. */
  async function ask(page: Page, scope: Page | Locator, question: string): Promise<ControlledAnswer> {
    const next = answerer.next();
    await scope.getByPlaceholder('Ask anything and get AI-generated answers...').fill(question);
    await page.keyboard.press('Enter');
    const answer = await next;
    expect(answer.input.question).toBe(question);
    return answer;
  }

  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

  it('streams a how-do-I answer progressively, with its code block, copy buttons and linked sources', async () => {
    const { context, page } = await open({});
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'docqa Chat' });
    await expect(
      dialog.getByPlaceholder('Ask anything and get AI-generated answers...').evaluate(isFocused),
    ).resolves.toBe(true);

    const answer = await ask(page, dialog, 'How do I create a token?');
    const shown = dialog.locator('.answer');
    answer.write('Create a token with the CLI [1]; it prints the token once:\n\n');
    await shown.getByText('Create a token with the CLI').waitFor();
    await expect(shown.textContent()).resolves.not.toContain('tokens create');
    await expect(dialog.locator('.messages').getAttribute('aria-busy')).resolves.toBe('true');
    answer.write(`\`\`\`bash\n${COMMAND}\n\`\`\`\n\n`);
    await shown.locator('pre code', { hasText: COMMAND }).waitFor();
    await expect(shown.textContent()).resolves.not.toContain('Store it');
    answer.write('Store it in your secrets manager [1]. Revoke it with `tokens revoke` [2].');
    await shown.getByText('Store it in your secrets manager').waitFor();
    answer.finish(SOURCES);
    await dialog.getByRole('button', { name: 'Good answer' }).waitFor();

    // [n] markers link to the numbered sources: cited ones under "Documents in response".
    await expect(shown.locator('a.cite').allTextContents()).resolves.toEqual(['[1]', '[1]', '[2]']);
    const cited = dialog.locator('.sources ol').first().locator('li');
    await expect(cited.evaluateAll(entries)).resolves.toEqual([
      {
        n: 1,
        text: 'Tokens and security Create a token',
        href: SOURCES[0]!.url,
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      { n: 2, text: 'Command line', href: SOURCES[1]!.url, target: '_blank', rel: 'noopener noreferrer' },
    ]);
    await expect(dialog.getByRole('link', { name: 'Operations' }).count()).resolves.toBe(0);
    await shown.getByRole('link', { name: 'Source 2' }).click();
    const focused = await page.evaluate(() => {
      const active = document.querySelector('assistant-widget')!.shadowRoot!.activeElement!;
      return {
        tag: active.tagName,
        n: (active as HTMLLIElement).value,
        href: active.querySelector('a')?.href,
      };
    });
    expect(focused).toEqual({ tag: 'LI', n: 2, href: SOURCES[1]!.url });
    await expect(inView(dialog.locator('li:focus'))).resolves.toBe(true);

    // Copy buttons: the code block's copies the command, the answer's copies the answer and its sources.
    await shown.getByRole('button', { name: 'Copy code' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    await expect(clipboard(page)).resolves.toBe(`${COMMAND}\n`);
    await dialog.getByRole('button', { name: 'Copy answer' }).click();
    await dialog.locator('.actions').getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await clipboard(page);
    expect(copied).toContain(`\`\`\`bash\n${COMMAND}\n\`\`\``);
    expect(copied).toContain(
      `[1] Tokens and security › Create a token: ${SOURCES[0]!.url}\n[2] Command line: ${SOURCES[1]!.url}`,
    );
    expect(copied).not.toContain('Operations');
    await context.close();
  });

  it('keeps the start of a new answer in view while it streams past the bottom', async () => {
    // The popup's list is at most 80 % of the window high: 480 px here.
    const { context, page } = await open({}, { width: 1000, height: 600 });
    await page.keyboard.press('Control+k');
    const first = await ask(page, page, 'What is a tenant?');
    first.write('A tenant is one knowledge base [1].');
    first.finish(SOURCES);
    await page.getByRole('button', { name: 'Good answer' }).waitFor();

    const answer = await ask(page, page, 'How do I create a token?');
    const turn = page.locator('.turn').nth(1);
    for (let i = 1; i <= 12; i++) {
      answer.write(
        `Step ${i}: a paragraph long enough to take a couple of lines in the panel, about tokens.\n\n`,
      );
      await turn.getByText(`Step ${i}:`).waitFor();
      // The question and the first lines of its answer never leave the top of the list.
      await expect(inView(turn.locator('.question'))).resolves.toBe(true);
      await expect(inView(turn.getByText('Step 1:'))).resolves.toBe(true);
    }
    answer.finish(SOURCES);
    await turn.getByRole('button', { name: 'Good answer' }).waitFor();
    await expect(inView(turn.locator('.question'))).resolves.toBe(true);
    // It did follow the answer down to its start: the earlier turn scrolled out above.
    await expect(inView(page.getByText('A tenant is one knowledge base'))).resolves.toBe(false);
    // The complete answer is the visitor's to scroll: its feedback form opens in view, with the focus.
    await turn.getByRole('button', { name: 'Bad answer' }).click();
    const details = turn.getByRole('textbox', { name: 'What should the answer say?' });
    await expect(details.evaluate(isFocused)).resolves.toBe(true);
    await expect(inView(details)).resolves.toBe(true);
    await context.close();
  });

  it('opens full screen on a phone, code and tables scrolling inside the answer', async () => {
    const { context, page } = await open({}, { width: 360, height: 740 });
    await page.getByTitle('Ask anything and get answers').click();
    const dialog = page.getByRole('dialog', { name: 'docqa Chat' });
    await expect(dialog.boundingBox()).resolves.toEqual({ x: 0, y: 0, width: 360, height: 740 });
    const answer = await ask(page, dialog, 'How do I create a token?');
    answer.write(
      `Run [1]:\n\n\`\`\`bash\n${COMMAND}\n\`\`\`\n\n| setting | default |\n|---|---|\n| \`WIDGET_RATE_LIMIT_PER_MINUTE\` | 60 questions per minute per widget token |\n`,
    );
    answer.finish(SOURCES);
    await dialog.getByRole('button', { name: 'Good answer' }).waitFor();
    await markdownRendered(dialog);
    const widths = await dialog.evaluate((el) => {
      const wider = (e: Element) => e.scrollWidth > e.clientWidth;
      return {
        page: document.documentElement.scrollWidth > window.innerWidth,
        messages: wider(el.querySelector('.messages')!),
        code: wider(el.querySelector('.answer pre')!),
        table: wider(el.querySelector('.answer table')!),
      };
    });
    expect(widths).toEqual({ page: false, messages: false, code: true, table: true });
    const input = (await dialog
      .getByPlaceholder('Ask anything and get AI-generated answers...')
      .boundingBox())!;
    expect(input.y + input.height).toBeLessThanOrEqual(740);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    await context.close();
  });

  it('opens with Ctrl-K or Cmd-K, unless the page handles the keys itself', async () => {
    const { context, page } = await open({});
    const dialog = page.getByRole('dialog', { name: 'docqa Chat' });
    // The page's own search takes Ctrl-K first.
    await page.evaluate(() => {
      const own = (e: KeyboardEvent) => e.ctrlKey && e.key === 'k' && e.preventDefault();
      window.addEventListener('keydown', own, { capture: true });
    });
    await page.keyboard.press('Control+k');
    await page.getByTitle('Ask anything and get answers').waitFor();
    await expect(dialog.count()).resolves.toBe(0);
    await page.keyboard.press('Meta+k');
    await expect(
      dialog.getByPlaceholder('Ask anything and get AI-generated answers...').evaluate(isFocused),
    ).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    await context.close();
  });

  it("leaves Ctrl-K to a site's search that reads it on the document, added after the widget", async () => {
    const { context, page } = await open({});
    const dialog = page.getByRole('dialog', { name: 'docqa Chat' });
    await page.getByTitle('Ask anything and get answers').waitFor();
    // As Rspress's search does once its app has started: it opens without asking whether another
    // script handled the keys first.
    const opened = await page.evaluateHandle(() => {
      const state = { count: 0 };
      document.addEventListener('keydown', (e) => {
        if (e.ctrlKey && e.key === 'k') {
          e.preventDefault();
          state.count++;
        }
      });
      return state;
    });
    await page.keyboard.press('Control+k');
    await expect(opened.evaluate((s) => s.count)).resolves.toBe(1);
    await expect(dialog.count()).resolves.toBe(0);
    // Its button still opens the widget.
    await page.getByTitle('Ask anything and get answers').click();
    await expect(
      dialog.getByPlaceholder('Ask anything and get AI-generated answers...').evaluate(isFocused),
    ).resolves.toBe(true);
    await context.close();
  });

  it('looks right: a how-do-I answer, light and dark, desktop and phone (the docs screenshots)', async () => {
    const sources: Source[] = [
      {
        ...source('tokens', true, 'Tokens, tenants and security › Create a token'),
        title: 'Tokens, tenants and security',
        url: 'https://docs.acme.test/tokens-and-security/#create-a-token',
      },
      { ...source('cli', false, 'Command line › tokens'), url: 'https://docs.acme.test/cli/#tokens' },
      { ...source('ops', false), title: 'Getting started', url: 'https://docs.acme.test/getting-started/' },
    ];
    for (const theme of ['light', 'dark'])
      for (const device of ['desktop', 'phone']) {
        const viewport = device === 'desktop' ? { width: 1280, height: 800 } : { width: 360, height: 740 };
        const { context, page } = await open({}, viewport);
        if (theme === 'dark')
          await page.evaluate(() => {
            document.body.classList.add('dark');
            document.getElementById('assistant')!.classList.add('assistant_theme-dark');
          });
        await page.getByTitle('Ask anything and get answers').click();
        const answer = await ask(page, page, 'How do I create a token?');
        answer.write(
          'Create a token with `tokens create` [1]:\n\n```bash\nnpm run -s docqa -- tokens create --tenant acme --scopes ask,search --name backend --expires 90d\n```\n\n',
        );
        answer.write(
          'The command prints only the token, once: docqa stores a SHA-256 hash of it [1]. List tokens with `tokens list` and revoke one with `tokens revoke ID` [1].',
        );
        answer.finish(sources);
        await page.getByRole('button', { name: 'Good answer' }).waitFor();
        await page.locator('.answer a.cite').first().waitFor();
        await page.screenshot({ path: join(screenshots, `answer-${theme}-${device}.png`) });
        await context.close();
      }
  });
});

function isFocused(el: Element): boolean {
  return (el.getRootNode() as ShadowRoot).activeElement === el;
}

/** Number, text and link of each source entry. */
function entries(items: Element[]) {
  return items.map((li) => {
    const a = li.querySelector('a')!;
    const text = (li.textContent ?? '').replace(/\s+/g, ' ').trim();
    return { n: (li as HTMLLIElement).value, text, href: a.href, target: a.target, rel: a.rel };
  });
}

/** Whether the element is within the visible part of the widget's message list. */
function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const list = el.closest('.messages')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return box.top >= list.top - 1 && box.bottom <= list.bottom + 1;
  });
}
