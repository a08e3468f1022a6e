import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { ScriptedAnswerer } from '@docqa/answering/testing';
import { deletePrefix, testPrefix, testRedis, launchChromium } from '@docqa/testing';
import type { Redis } from 'ioredis';
import type { WidgetGlobals } from './widget-globals';
import { noKnowledgeBase, type Stack } from '@docqa/system-tests/testing';
import { docsSite, startWidgetStack } from './widget-testing';

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

/** What the widget sends with each question besides: the page it is on and its language. */
const SENT_WITH = { page_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//), locale: 'en' };
describe('widget behaviours in Chromium (scripted answers)', () => {
  let stack: Stack;
  let redis: Redis;
  let browser: Browser;
  let site: Server;
  let origin = '';
  let config: Record<string, unknown> = {};
  const prefix = testPrefix('widgetb');
  /** While set, the last piece of every answer waits for it: the test decides when answers finish. */
  let holdLastPiece: Promise<void> | null = null;
  const answerer = new ScriptedAnswerer({
    pieces: PIECES,
    delayMs: 150,
    sources: [source('a', true), source('b', false), source('c', false)],
    beforePiece: (index) => (index === PIECES.length - 1 ? (holdLastPiece ?? undefined) : undefined),
  });
  /** Pages opened by the running test, closed after it whatever its outcome (with their routes). */
  const pages: Page[] = [];

  beforeAll(async () => {
    redis = testRedis();
    stack = await startWidgetStack({
      prefix,
      answerer,
      services: noKnowledgeBase(),
      env: { VISITOR_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    ({ server: site, origin } = await docsSite(
      () => `<!doctype html><html><body><div id="assistant"></div><div id="elsewhere"></div>
        <script>window.ASSISTANT_WIDGET = ${JSON.stringify(config)};</script>
        <script type="module" src="${stack.baseUrl}/widget/assistant-widget.js"></script></body></html>`,
    ));
    browser = await launchChromium();
  });
  afterEach(async () => {
    holdLastPiece = null;
    // A test that failed half-way must not leave a page whose routes and streams run into the next.
    for (const page of pages.splice(0)) {
      if (!page.isClosed()) await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.context().close();
    }
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
    opts: { rateLimit?: number; tenant?: string; before?: (page: Page) => Promise<void> } = {},
  ): Promise<{ page: Page; requests: { url: string; body: unknown }[] }> {
    const token = await stack.createToken({
      tenant: opts.tenant ?? 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [origin],
      rateLimit: opts.rateLimit,
    });
    config = { api_url: stack.apiUrl, api_token: token, popup: false, ...settings };
    const page = await (await browser.newContext()).newPage();
    pages.push(page);
    const requests: { url: string; body: unknown }[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST')
        requests.push({ url: req.url(), body: JSON.parse(req.postData() ?? 'null') });
    });
    await opts.before?.(page);
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
      // `audience` has no dropdown: its default is sent as a fixed eq filter.
      default_filters: { product: 'api', audience: ['admin', 'ops'] },
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
        { type: 'eq', property: 'audience', value: ['admin', 'ops'] },
        { type: 'eq', property: 'lang', value: 'en' },
      ],
      ...SENT_WITH,
    });
    await page.close();
  });

  it('renders code with a copy button and tables that scroll; splits and collapses sources', async () => {
    const { page } = await open({});
    await ask(page, 'render?');
    await page.getByText('Documents in response').waitFor();
    await expect(page.locator('.answer pre code').textContent()).resolves.toContain('docqa tokens revoke ID');
    await expect(page.getByRole('button', { name: 'Copy code' }).count()).resolves.toBe(1);
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

  it("sends a hash-routed site's route as the page (docsify's #/page), without its section or query", async () => {
    const { page, requests } = await open({});
    await page.evaluate(() => (location.hash = '#/guide/install?id=linux'));
    await ask(page, 'routed?');
    await page.getByText('Done [1].').waitFor();
    const sent = requests.find((r) => r.url.endsWith('/questions/'))!.body as { page_url: string };
    expect(sent.page_url).toBe(`${origin}/#/guide/install`);
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

  /** Records, after each render, the text of the last answer whenever it changed. */
  const recordAnswerRenders = (page: Page) =>
    page.addInitScript(() => {
      const renders: string[] = [];
      (window as unknown as { __renders: string[] }).__renders = renders;
      const attach = () => {
        const root = document.querySelector('assistant-widget')?.shadowRoot;
        if (!root) return void setTimeout(attach, 5);
        new MutationObserver(() => {
          const answers = root.querySelectorAll('.answer:not(.pending)');
          const text = answers[answers.length - 1]?.textContent ?? '';
          if (text !== renders[renders.length - 1]) renders.push(text);
        }).observe(root, { subtree: true, childList: true, characterData: true });
      };
      attach();
    });
  /** The rendered text of PIECES, white space collapsed (the code block carries its Copy button). */
  const FINAL_TEXT = 'Use this: docqa tokens revoke ID Copy a b 1 2 Done [1].';
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

  /** Waits (long polls) until the stored answer contains `text`; the answer is held from finishing. */
  const answerWrittenPast = async (token: string, questionId: string, text: string) => {
    for (let version = ''; ;) {
      const res = await fetch(`${stack.apiUrl}question/${questionId}/?wait=5`, {
        headers: { authorization: `Bearer ${token}`, origin, 'if-none-match': version },
      });
      version = res.headers.get('etag') ?? '';
      if (res.status === 304) continue;
      const record = (await res.json()) as { response: string; is_ready: boolean };
      if (record.is_ready) throw new Error('the answer finished although its last piece was held');
      if (record.response.includes(text)) return;
    }
  };

  it.each(['chat', 'question'])(
    'resumes an answer after a reload mid-answer in %s mode, never showing text twice',
    async (mode) => {
      let release = (): void => undefined;
      holdLastPiece = new Promise<void>((resolve) => (release = resolve));
      const { page } = await open({ mode });
      const token = String(config.api_token);
      await recordAnswerRenders(page);
      await ask(page, 'resume me?');
      await page.getByText('Use this:').waitFor();
      const pending = await page.evaluate(
        (key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'),
        `docqa:${stack.apiUrl}:pending`,
      );
      expect(pending).toEqual({ id: expect.any(String), question: 'resume me?' });
      // The history is read once more of the answer was written than the page had seen, before it is done.
      await page.route('**/conversation/', async (route) => {
        await answerWrittenPast(token, pending.id, '| 1 | 2 |');
        await route.continue();
      });
      await page.reload();
      await page.locator('.question', { hasText: 'resume me?' }).waitFor();
      await page.getByText('Use this:').waitFor();
      release();
      await page.getByText('Done [1].').waitFor();
      await page.getByRole('button', { name: 'Copy code' }).waitFor();
      expect(squash(await page.locator('.answer').last().textContent())).toBe(FINAL_TEXT);
      await expect(page.locator('.question').count()).resolves.toBe(1);
      const renders: string[] = await page.evaluate(
        () => (window as unknown as { __renders: string[] }).__renders,
      );
      expect(squash(renders.at(-1))).toBe(FINAL_TEXT);
      for (const text of renders)
        for (const piece of ['Use this:', 'docqa tokens revoke ID', 'Done [1].'])
          expect(text.split(piece).length).toBeLessThanOrEqual(2);
      await page.close();
    },
  );

  it('drops the answer still streaming on New chat: the next question is asked at once, in the new chat', async () => {
    let release = (): void => undefined;
    holdLastPiece = new Promise<void>((resolve) => (release = resolve));
    const { page } = await open({});
    await ask(page, 'first?');
    await page.getByText('Use this:').waitFor();
    await page.getByRole('button', { name: 'New chat' }).click();
    // The held answer of the old chat would keep Ask disabled until it finished (here: never).
    await page.waitForFunction(
      () =>
        !document
          .querySelector('assistant-widget')!
          .shadowRoot!.querySelector<HTMLButtonElement>('form.ask button')!.disabled,
      null,
      { timeout: 10_000 },
    );
    await ask(page, 'second?');
    await page.locator('.turn', { hasText: 'second?' }).getByText('Use this:').waitFor();
    release();
    await page.getByText('Done [1].').waitFor();
    // The old answer wrote nothing back: the restored chat is the new one alone.
    await page.reload();
    await page.getByText('Done [1].').waitFor();
    await expect(page.locator('.question').allTextContents()).resolves.toEqual(['second?']);
    await page.close();
  });

  it('asks a prompt made right after mounting with the stored settings, after the restored chat', async () => {
    const admin = await stack.createToken({ tenant: 'acme-stored', scopes: ['admin'] });
    const api_filters = [{ type: 'eq', property: 'product', value: 'cli' }];
    const put = await fetch(`${stack.apiUrl}admin/settings/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ api_filters }),
    });
    expect(put.status).toBe(200);
    const { page, requests } = await open({}, { tenant: 'acme-stored' });
    await ask(page, 'first?');
    await page.getByText('Done [1].').waitFor();
    // Slow stored settings: the prompt must wait for them, and for the restored history.
    let releaseSettings = (): void => undefined;
    const settingsHeld = new Promise<void>((resolve) => (releaseSettings = resolve));
    await page.route('**/settings/', async (route) => {
      await settingsHeld;
      await route.continue();
    });
    config = { ...config, automount: false };
    await page.reload();
    await page.evaluate(() => {
      (window as unknown as WidgetGlobals).mountAssistantWidget();
      (window as unknown as WidgetGlobals).assistantPrompt('prompted?');
    });
    releaseSettings();
    await page.locator('.turn').nth(1).getByText('Done [1].').waitFor();
    await expect(page.locator('.question').allTextContents()).resolves.toEqual(['first?', 'prompted?']);
    const asked = requests.filter((r) => r.url.endsWith('/questions/')).map((r) => r.body);
    expect(asked).toEqual([
      { question: 'first?', filters: api_filters, ...SENT_WITH },
      { question: 'prompted?', chat_id: expect.any(String), filters: api_filters, ...SENT_WITH },
    ]);
    await page.close();
  });

  it('updates settings partially: labels merge key by key, and a new el leaves the old container', async () => {
    const { page } = await open({ labels: { CHAT_PLACEHOLDER: 'Ask Acme' } });
    const update = (settings: Record<string, unknown>) =>
      page.evaluate((s) => (window as unknown as WidgetGlobals).updateAssistantWidgetSettings(s), settings);
    await page.getByPlaceholder('Ask Acme').waitFor();
    await update({ labels: { NEW_CHAT_BUTTON: 'Restart' } });
    await page.getByPlaceholder('Ask Acme').fill('merged?');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Restart' }).waitFor();
    await update({ el: 'elsewhere' });
    await page.locator('#elsewhere assistant-widget').waitFor();
    await expect(page.locator('assistant-widget').count()).resolves.toBe(1);
    await expect(page.locator('#assistant').getAttribute('class')).resolves.not.toContain('assistant_app');
    await expect(page.locator('#elsewhere').getAttribute('class')).resolves.toContain('assistant_app');
    await page.getByPlaceholder('Ask Acme').waitFor();
    await page.close();
  });

  it('shows a human message with the wait when rate limited, and keeps the question to send again', async () => {
    const { page } = await open({}, { rateLimit: 1 });
    await ask(page, 'first?');
    await page.getByText('Done [1].').waitFor();
    await ask(page, 'second?');
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(
      /Too many questions right now\. Please try again in \d+ seconds/,
    );
    await expect(
      page.getByPlaceholder('Ask anything and get AI-generated answers...').inputValue(),
    ).resolves.toBe('second?');
    await expect(page.locator('.question').allTextContents()).resolves.toEqual(['first?']);
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

  it('shows no logo whose address is not http(s), data:image or a path (a page’s own setting)', async () => {
    const { page } = await open({ logo_url: 'javascript:alert(1)', mode: 'question' });
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') blocked.push(m.text());
    });
    await page.reload();
    await page.getByRole('heading', { level: 2 }).waitFor();
    await expect(page.locator('header img').count()).resolves.toBe(0);
    await ask(page, 'logo?');
    await page.getByText('Done [1].').waitFor();
    expect(blocked).toEqual([]);
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
    const blocked = await (await browser.newContext()).newPage();
    pages.push(blocked);
    const refusedSettings = blocked.waitForResponse((r) => r.url().endsWith('/settings/'));
    await blocked.goto(origin);
    // The origin is allowed by other tokens (so CORS lets the widget read the answer), not by this one.
    await expect(blocked.getByRole('alert').textContent()).resolves.toBe(
      'This assistant is not allowed on this page.',
    );
    expect((await refusedSettings).status()).toBe(403);
    // A question asked anyway is refused for the same reason, which is said once.
    const refusedQuestion = blocked.waitForResponse((r) => r.url().endsWith('/questions/'));
    await ask(blocked, 'allowed now?');
    expect((await refusedQuestion).status()).toBe(403);
    await blocked.getByRole('button', { name: 'Ask' }).waitFor();
    await expect(blocked.getByRole('alert').count()).resolves.toBe(1);
    await blocked.close();
  });

  it('says the assistant cannot be reached when the server is down', async () => {
    const { page } = await open({ api_url: 'http://127.0.0.1:9/api/v2/' });
    const message = 'Cannot reach the assistant. Check your connection and try again.';
    await expect(page.getByRole('alert').textContent()).resolves.toBe(message);
    await ask(page, 'anyone there?');
    // Not taken: the question goes back to the field to be sent again, and the message is said once.
    await page.waitForFunction(
      () =>
        document.querySelector('assistant-widget')!.shadowRoot!.querySelector<HTMLInputElement>('input#q')
          ?.value === 'anyone there?',
    );
    await expect(page.locator('.question').count()).resolves.toBe(0);
    await expect(page.getByRole('alert').allTextContents()).resolves.toEqual([message]);
    await page.close();
  });

  it('streams the answer into an aria-live region that is busy until the answer is complete', async () => {
    let release = (): void => undefined;
    holdLastPiece = new Promise<void>((resolve) => (release = resolve));
    const { page } = await open({});
    const region = page.locator('.messages[aria-live="polite"]');
    await expect(region.count()).resolves.toBe(1);
    await ask(page, 'announce?');
    await region.getByText('Use this:').waitFor();
    await expect(region.getAttribute('aria-busy')).resolves.toBe('true');
    release();
    await region.getByText('Done [1].').waitFor();
    await page.waitForFunction(
      () =>
        document
          .querySelector('assistant-widget')!
          .shadowRoot!.querySelector('.messages')!
          .getAttribute('aria-busy') === 'false',
    );
    await expect(region.locator('.answer').textContent()).resolves.toContain('docqa tokens revoke ID');
    await page.close();
  });

  it('keeps the lines of an answer that arrives before its Markdown renderer has loaded', async () => {
    const { page } = await open({});
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The renderer is a chunk loaded with the first question: on a slow network it comes after the answer.
    await page.route('**/chunks/answer-kit-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await ask(page, 'slow renderer?');
    const answer = page.locator('.answer').last();
    await answer.getByText('Done [1].').waitFor();
    const lines = (await answer.innerText()).split('\n').map((line) => line.trim());
    expect(lines).toEqual(
      expect.arrayContaining(['Use this:', '```sh', 'docqa tokens revoke ID', 'Done [1].']),
    );
    release();
    await answer.locator('pre').waitFor();
    await expect(answer.locator('pre').textContent()).resolves.toBe('docqa tokens revoke ID\n');
    await page.close();
  });

  it('fetches the answers’ code as the chat opens or gets the focus, before the question, and styles the answer with it', async () => {
    const kitRequested = (page: Page) => page.waitForRequest(/\/chunks\/answer-kit-\w+\.js$/);
    const popup = await open({ popup: true });
    const fetched: string[] = [];
    popup.page.on('request', (req) => /answer-kit-/.test(req.url()) && fetched.push(req.url()));
    const trigger = popup.page.getByTitle('Ask anything and get answers');
    await trigger.waitFor();
    await popup.page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);
    await Promise.all([kitRequested(popup.page), trigger.click()]);
    // Inline: the question field's focus fetches it.
    const { page } = await open({});
    await page.waitForLoadState('networkidle');
    await Promise.all([
      kitRequested(page),
      page.getByPlaceholder('Ask anything and get AI-generated answers...').focus(),
    ]);
    await ask(page, 'styled?');
    await page.getByRole('button', { name: 'Bad answer' }).waitFor();
    // The kit's styles apply once it has loaded: the code block, the sources, the feedback controls.
    const styles = await page.evaluate(() => {
      const root = document.querySelector('assistant-widget')!.shadowRoot!;
      const style = (selector: string) => getComputedStyle(root.querySelector(selector)!);
      return {
        pre: style('.answer pre').borderRadius,
        sources: style('.sources').borderTopStyle,
        actions: style('.actions').display,
        down: style('.actions .down svg').transform,
      };
    });
    expect(styles).toEqual({
      pre: '6px',
      sources: 'solid',
      actions: 'flex',
      down: expect.stringMatching(/^matrix\(-1/),
    });
  });

  it('sends thumbs up as feedback', async () => {
    const { page, requests } = await open({});
    await ask(page, 'good?');
    await page.getByRole('button', { name: 'Good answer' }).click();
    await page.getByText('Thanks for the feedback.').waitFor();
    const feedback = requests.find((r) => r.url.includes('/feedback/'))!;
    expect(feedback.url).toMatch(/\/question\/[^/]+\/feedback\/$/);
    expect(feedback.body).toEqual({ rating: 'up' });
    await page.close();
  });

  it('uses 16 px inputs (no zoom on phones) and fills the width of its inline container', async () => {
    const { page } = await open({
      filters: [
        {
          property: 'p',
          title: 'Product',
          type: 'eq',
          widget: 'single',
          choices: [{ value: 'a', label: 'A' }],
        },
      ],
    });
    await page.evaluate(() => (document.getElementById('assistant')!.style.width = '613px'));
    await ask(page, 'sizes?');
    await page.getByRole('button', { name: 'Bad answer' }).click();
    const fontSizes = await page
      .locator('input, select, textarea')
      .evaluateAll((els) => els.map((e) => `${e.tagName} ${getComputedStyle(e).fontSize}`));
    expect(fontSizes.sort()).toEqual(['INPUT 16px', 'INPUT 16px', 'SELECT 16px', 'TEXTAREA 16px']);
    const panel = (await page.locator('.panel').boundingBox())!;
    expect(panel.width).toBe(613);
    expect(panel.x).toBe((await page.locator('#assistant').boundingBox())!.x);
    await page.close();
  });

  it('takes its colours from the page’s CSS variables, light and assistant_theme-dark', async () => {
    const { page } = await open({ examples: ['Example?'] });
    await page.addStyleTag({
      content: `.assistant_app { --assistant-widget-bg: #fdf6e3; --assistant-widget-text: #073642;
        --assistant-widget-accent: #268bd2; --assistant-example-bg: #eee8d5; --assistant-widget-border: #93a1a1; }
      .assistant_app.assistant_theme-dark { --assistant-widget-bg: #101418; --assistant-widget-text: #e6e6e6;
        --assistant-example-bg: #22272e; --assistant-widget-bg-opacity: 0.9; }`,
    });
    const colours = () =>
      page.locator('.panel').evaluate((panel) => {
        const example = panel.querySelector('.example')!;
        return {
          text: getComputedStyle(panel).color,
          bg: getComputedStyle(panel, '::before').backgroundColor,
          border: getComputedStyle(panel).borderTopColor,
          example: getComputedStyle(example).backgroundColor,
          input: getComputedStyle(panel.querySelector('input')!).color,
        };
      });
    await expect(colours()).resolves.toEqual({
      text: 'rgb(7, 54, 66)',
      bg: 'rgb(253, 246, 227)',
      border: 'rgb(147, 161, 161)',
      example: 'rgb(238, 232, 213)',
      input: 'rgb(7, 54, 66)',
    });
    await page.evaluate(() => document.getElementById('assistant')!.classList.add('assistant_theme-dark'));
    await expect(colours()).resolves.toEqual({
      text: 'rgb(230, 230, 230)',
      bg: 'rgb(16, 20, 24)',
      border: 'rgb(147, 161, 161)',
      example: 'rgb(34, 39, 46)',
      input: 'rgb(230, 230, 230)',
    });
    await page.close();
  });

  it('shows its errors readably on a light and a dark theme (contrast of at least 4.5:1)', async () => {
    const { page } = await open({});
    await page.addStyleTag({
      content: `.assistant_app.assistant_theme-dark { --assistant-widget-bg: #1e1e1e; --assistant-widget-text: #f0f0f0; }`,
    });
    // Too long to send: the reason is shown in the widget's error style.
    await ask(page, 'x'.repeat(4_001));
    await page.locator('.refusal').waitFor();
    const contrast = () =>
      page.locator('.panel').evaluate((panel) => {
        // Computed colours read `rgb(r, g, b)`, or `color(srgb r g b)` (0 to 1) for a mixed colour.
        const channels = (colour: string) => {
          const values = colour.match(/[\d.]+/g)!.map(Number);
          return colour.startsWith('color(') ? values.slice(0, 3) : values.slice(0, 3).map((v) => v / 255);
        };
        const luminance = (colour: string) => {
          const [r, g, b] = channels(colour).map((c) =>
            c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
          );
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const text = luminance(getComputedStyle(panel.querySelector('.refusal')!).color);
        const bg = luminance(getComputedStyle(panel, '::before').backgroundColor);
        return (Math.max(text, bg) + 0.05) / (Math.min(text, bg) + 0.05);
      });
    await expect(contrast()).resolves.toBeGreaterThanOrEqual(4.5);
    await page.evaluate(() => document.getElementById('assistant')!.classList.add('assistant_theme-dark'));
    await expect(contrast()).resolves.toBeGreaterThanOrEqual(4.5);
    await page.close();
  });

  it('keeps its own text styles on a page whose rules match every element, popup and inline', async () => {
    const { page } = await open({ popup: true });
    await page.addStyleTag({
      content: `* { font-size: 30px; line-height: 3; letter-spacing: 4px; color: red; text-transform: uppercase;
        box-sizing: content-box } button { display: none }`,
    });
    const text = (selector: string) =>
      page.locator(selector).evaluate((el) => {
        const { fontSize, lineHeight, letterSpacing, color, textTransform } = getComputedStyle(el);
        return { fontSize, lineHeight, letterSpacing, color, textTransform };
      });
    await expect(text('.trigger')).resolves.toEqual({
      fontSize: '24px',
      lineHeight: '36px',
      letterSpacing: 'normal',
      color: 'rgb(255, 255, 255)',
      textTransform: 'none',
    });
    await page.locator('.trigger').click();
    await ask(page, 'styled?');
    await page.getByText('Done [1].').waitFor();
    const own = {
      fontSize: '15px',
      lineHeight: '22.5px',
      letterSpacing: 'normal',
      color: 'rgb(26, 26, 26)',
      textTransform: 'none',
    };
    await expect(text('.answer')).resolves.toEqual(own);
    await expect(text('form.ask button')).resolves.toEqual(own);
    await page.evaluate(() =>
      (window as unknown as WidgetGlobals).updateAssistantWidgetSettings({ popup: false }),
    );
    await expect(text('.inline .question')).resolves.toEqual(own);
    await page.close();
  });

  it('wraps a question with a long unbroken word (a URL, a stack trace) inside its bubble', async () => {
    const { page } = await open({});
    const url = `https://docs.acme.test/${'averylongpathsegment/'.repeat(12)}page?x=1`;
    await ask(page, `Why does ${url} answer 404?`);
    await page.getByText('Done [1].').waitFor();
    const sizes = await page.locator('.messages').evaluate((list) => {
      const bubble = list.querySelector('.question')!.getBoundingClientRect();
      const box = list.getBoundingClientRect();
      return { scroll: list.scrollWidth, width: list.clientWidth, inside: bubble.right <= box.right };
    });
    expect(sizes.scroll).toBe(sizes.width);
    expect(sizes.inside).toBe(true);
    await page.close();
  });

  it('centres the icon of the popup button', async () => {
    const { page } = await open({ popup: true });
    const box = (selector: string) =>
      page.locator(selector).evaluate((el) => {
        const { x, y, width, height } = el.getBoundingClientRect();
        return { x: x + width / 2, y: y + height / 2 };
      });
    const [button, icon] = [await box('.trigger'), await box('.trigger svg')];
    expect(Math.abs(icon.x - button.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(icon.y - button.y)).toBeLessThanOrEqual(1.5);
    await page.close();
  });

  it('keeps the popup inside a short screen (a phone held sideways, or text zoomed 200 %)', async () => {
    const { page } = await open(
      { popup: true },
      { before: (p) => p.setViewportSize({ width: 740, height: 360 }) },
    );
    await page.locator('.trigger').click();
    for (const question of ['first?', 'second?']) {
      await ask(page, question);
      await page.locator('.turn', { hasText: question }).getByText('Done [1].').waitFor();
    }
    const panel = (await page.locator('.dialog .panel').boundingBox())!;
    const trigger = (await page.locator('.trigger').boundingBox())!;
    expect(panel.y).toBeGreaterThanOrEqual(0);
    expect(panel.y + panel.height).toBeLessThanOrEqual(trigger.y);
    await page.close();
  });

  it('applies --assistant-widget-bg-opacity to the background only, never to the text', async () => {
    const { page } = await open({});
    await page.addStyleTag({ content: '.assistant_app { --assistant-widget-bg-opacity: 0.5; }' });
    await ask(page, 'opaque text?');
    await page.getByText('Done [1].').waitFor();
    const styles = await page.locator('.panel').evaluate((panel) => ({
      panel: getComputedStyle(panel).opacity,
      background: getComputedStyle(panel, '::before').opacity,
      answer: getComputedStyle(panel.querySelector('.answer')!).opacity,
      text: getComputedStyle(panel.querySelector('.answer')!).color,
    }));
    expect(styles).toEqual({ panel: '1', background: '0.5', answer: '1', text: 'rgb(26, 26, 26)' });
    await page.close();
  });
});
