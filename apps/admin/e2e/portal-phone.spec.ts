import type { Page } from 'playwright-core';
import type { ConversationDetail, Gaps, Insights } from '@docqa/contracts';
import {
  cutButtons,
  focusedHeading,
  navigate,
  openPortal,
  overflowing,
  signIn,
  startPortal,
  unstackedTables,
  type Portal,
} from './portal-testing';

// Builds, a real stack and Chromium on a loaded machine: bounds, not expectations of speed.
jest.setTimeout(180_000);

/** A long address with no place to break a line (no hyphen, no space), as documentation sites have. */
const LONG_URL = `https://docs.example.com/${'reference_guide_'.repeat(6)}installation_on_linux.html`;

const DAYS = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 10, i + 1)).toISOString());

/** Insights of a month, answered in place of the server's (which has no question log here). */
const INSIGHTS: Insights = {
  from: DAYS[0]!,
  to: DAYS.at(-1)!,
  interval: 'day',
  totals: {
    questions: 90,
    not_covered: 9,
    failed: 2,
    thumbs_up: 12,
    thumbs_down: 3,
    p50_ready_ms: 2400,
    p50_first_partial_ms: 800,
  },
  series: DAYS.map((start, i) => ({
    start,
    questions: 3,
    not_covered: i % 3 ? 0 : 1,
    failed: 0,
    thumbs_up: i % 2,
    thumbs_down: 0,
    p50_ready_ms: 2000 + i * 20,
  })),
  top_questions: [{ text: `How do I read ${LONG_URL}?`, count: 4 }],
  top_documents: [{ document_id: 'install.md', title: 'Installing Acme', url: LONG_URL, citations: 7 }],
  by_channel: [
    { channel: 'widget', questions: 80, not_covered: 8 },
    { channel: 'api', questions: 10, not_covered: 1 },
  ],
  searches: {
    total: 40,
    no_results: 3,
    top: [{ text: 'install', count: 9 }],
    top_no_results: [{ text: 'kerberos', count: 2 }],
  },
};

const GAPS: Gaps = {
  clusters: [
    {
      id: 'g1',
      label: `Can I pay with ${LONG_URL}?`,
      count: 1,
      questions: [
        {
          question_id: 'q1',
          chat_id: 'c_1',
          text: `Can I pay with ${LONG_URL}?`,
          at: DAYS[3]!,
          reason: 'not_covered',
        },
      ],
      nearest_documents: [{ document_id: 'install.md', title: LONG_URL, url: LONG_URL }],
    },
  ],
};

/** A chat whose answer is Markdown with citations, and markup the portal must not run. */
const CHAT: ConversationDetail = {
  chat_id: 'c_1',
  source: 'records',
  questions: [
    {
      question_id: 'q1',
      text: 'How do I install Acme?',
      asked_at: DAYS[3]!,
      channel: 'widget',
      status: 'ready',
      not_covered: false,
      answer:
        'Run **acme install** [1], then see the [guide](https://docs.example.com/guide) [2].\n\n' +
        '- needs `node` 20\n- works offline\n\n<img src="x" onerror="alert(1)"><script>alert(2)</script>\n\n' +
        `Not a source: [7]. Long: ${LONG_URL}`,
      sources: [
        { document_id: 'install.md', title: 'Installing Acme', url: LONG_URL, cited: true },
        { document_id: 'guide.md', title: 'Acme guide', url: null, cited: true },
        { document_id: 'faq.md', title: 'Acme FAQ', url: null, cited: false },
      ],
      feedback: { rating: 'down', details: `Wrong command.\nSee ${LONG_URL}`, url: LONG_URL },
      first_partial_ms: 700,
      ready_ms: 2100,
      page_url: null,
    },
    {
      question_id: 'q2',
      text: 'And on Windows?',
      asked_at: DAYS[3]!,
      channel: 'widget',
      status: 'failed',
      not_covered: false,
      answer: '',
      sources: [],
      feedback: null,
      first_partial_ms: null,
      ready_ms: null,
      page_url: null,
    },
  ],
};

describe('the portal in Chromium on a 390 px phone, and every page at 360 px', () => {
  let portal: Portal;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    portal = await startPortal();
    await portal.addDocuments([
      {
        id: 'reference-guide-installation-on-linux-with-a-long-name.md',
        title: 'Installing Acme',
        url: LONG_URL,
        content:
          '# Installing Acme\n\nInstall Acme with `acme install`.\n\n## On Linux\n\nUse the package.\n',
      },
    ]);
    ({ page, problems } = await openPortal(portal));
    page.on('dialog', (d) => {
      problems.push(`a dialog opened: ${d.message()}`);
      void d.dismiss();
    });
    await page.route('**/api/v2/admin/insights/?*', (route) => route.fulfill({ json: INSIGHTS }));
    await page.route('**/api/v2/admin/gaps/?*', (route) => route.fulfill({ json: GAPS }));
    await page.route('**/api/v2/admin/conversations/c_1', (route) => route.fulfill({ json: CHAT }));
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await focusedHeading(page, 'Overview');
  });
  afterAll(async () => {
    await page?.close();
    await portal?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  it('draws the charts at their width, their labels at 11 px or more', async () => {
    const chart = page.locator('line-chart').first();
    await chart.locator('svg text').first().waitFor();
    // The size a label has on the screen: its font size times the drawing's scale.
    const smallest = () =>
      chart.evaluate((el) => {
        const svg = el.shadowRoot!.querySelector('svg')!;
        const scale = svg.getScreenCTM()!.a;
        const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize));
        return Math.min(...sizes) * scale;
      });
    await page.waitForFunction(
      (el) => {
        const svg = el!.shadowRoot!.querySelector('svg')!;
        return svg.getScreenCTM()!.a > 0.99;
      },
      await chart.elementHandle(),
    );
    expect(await smallest()).toBeGreaterThanOrEqual(11);
    // Three questions a day at most: the axis reads 0, 2, 4 (whole numbers), not 0, 2, 3.
    const ticks = await chart.evaluate((el) =>
      [...el.shadowRoot!.querySelectorAll('svg text[text-anchor="end"]')].map((t) => t.textContent),
    );
    expect(ticks.slice(0, 3)).toEqual(['0', '2', '4']);
    expect(await overflowing(page)).toEqual([]);
  });

  it('tells the chart’s lines apart without colour, each with the stroke its legend shows', async () => {
    const chart = page.locator('line-chart').first();
    const strokes = await chart.evaluate((el) => {
      const root = el.shadowRoot!;
      const stroke = (line: Element) =>
        `${line.getAttribute('stroke-dasharray')} ${line.getAttribute('stroke-width')}`;
      return {
        lines: [...root.querySelectorAll('figure > svg path.line')].map(stroke),
        legend: [...root.querySelectorAll('.legend line')].map(stroke),
      };
    });
    expect(strokes.lines).toHaveLength(4);
    expect(new Set(strokes.lines).size).toBe(4);
    expect(strokes.legend).toEqual(strokes.lines);
  });

  it('counts the questions that failed (no answer at all) beside those not covered', async () => {
    const tile = (label: string) => page.getByRole('listitem').filter({ hasText: label });
    await tile('Not covered').getByText('9', { exact: true }).waitFor();
    await tile('Failed').getByText('2', { exact: true }).waitFor();
  });

  it('renders an answer’s Markdown, sanitised, with [n] linked to its listed source', async () => {
    await page.goto(`${portal.url}conversations/c_1`);
    await focusedHeading(page, 'Conversation');
    const turn = page.getByRole('article', { name: 'How do I install Acme?' });
    const answer = turn.locator('.answer');
    await answer.locator('strong', { hasText: 'acme install' }).waitFor();
    await answer.locator('li code', { hasText: 'node' }).waitFor();
    await expect(answer.getByRole('link', { name: 'guide', exact: true }).getAttribute('href')).resolves.toBe(
      'https://docs.example.com/guide',
    );
    // Raw HTML is the text it is: nothing parsed, nothing run.
    await expect(answer.locator('img, script').count()).resolves.toBe(0);
    await answer.getByText('<img src="x" onerror="alert(1)">', { exact: false }).waitFor();
    await expect(answer.getByText('[7]', { exact: false }).count()).resolves.toBe(1);
    await answer.getByRole('link', { name: 'Source 2' }).click();
    const target = turn.getByRole('listitem').filter({ hasText: 'Acme guide' });
    await expect(
      target.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
    ).resolves.toBe(true);
    await expect(target.textContent()).resolves.toMatch(/^\s*\[2\]/);
    expect(await overflowing(page)).toEqual([]);
  });

  it('shows a visitor’s feedback in the lines it was written in', async () => {
    await page.goto(`${portal.url}conversations/c_1`);
    await focusedHeading(page, 'Conversation');
    const details = page.getByRole('article', { name: 'How do I install Acme?' }).locator('blockquote');
    await expect(details.innerText()).resolves.toBe(`Wrong command.\nSee ${LONG_URL}`);
  });

  it('says that a failed question has no answer, instead of showing an empty answer', async () => {
    await page.goto(`${portal.url}conversations/c_1`);
    await focusedHeading(page, 'Conversation');
    const turn = page.getByRole('article', { name: 'And on Windows?' });
    await turn.getByText('No answer: answering this question failed.').waitFor();
    await expect(turn.locator('.answer').count()).resolves.toBe(0);
  });

  it('fits every page in 360 px, long addresses included, tables stacked, no button cut', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    /** Every table shown stacked, `least` of them at least, and every button whole and on the screen. */
    const fits = async (name: string, least: number) => {
      expect([name, await overflowing(page)]).toEqual([name, []]);
      const { tables, problems } = await unstackedTables(page);
      expect([name, problems, await cutButtons(page)]).toEqual([name, [], []]);
      expect([name, tables >= least]).toEqual([name, true]);
    };
    await page.goto(`${portal.url}knowledge`);
    await focusedHeading(page, 'Knowledge base');
    await page.getByRole('table').getByRole('link', { name: 'Installing Acme' }).waitFor();
    await fits('Knowledge base', 1);
    // A row is a card: its Delete button on its own line, under the title, whole.
    const row = page.getByRole('row').filter({ hasText: 'Installing Acme' });
    const title = (await row.getByRole('cell').first().boundingBox())!;
    const remove = (await row.getByRole('button', { name: /^Delete/ }).boundingBox())!;
    expect(remove.y).toBeGreaterThanOrEqual(title.y + title.height);

    await page.getByRole('table').getByRole('link', { name: 'Installing Acme' }).click();
    await focusedHeading(page, 'Installing Acme');
    await page.getByRole('listitem', { name: /#1$/ }).getByRole('link').first().waitFor();
    await fits('Installing Acme', 0);

    for (const [name, ready, tables] of [
      ['Overview', () => page.getByRole('cell', { name: 'widget', exact: true }).waitFor(), 1],
      ['Conversations', () => page.getByText(/No conversation|not available|conversation\(s\)/).waitFor(), 0],
      ['Coverage gaps', () => page.getByRole('heading', { level: 2, name: /Can I pay with/ }).waitFor(), 0],
      [
        'Tokens',
        () =>
          page
            .getByRole('button', { name: /^Revoke/ })
            .first()
            .waitFor(),
        1,
      ],
      ['Widget', () => page.getByRole('button', { name: 'Save settings' }).waitFor(), 0],
      ['Account', () => page.getByText('ada@acme.test').waitFor(), 0],
    ] as const) {
      await navigate(page, name);
      await focusedHeading(page, name);
      await ready();
      await fits(name, tables);
    }
  });
});
