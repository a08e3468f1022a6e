import type { Page } from 'playwright-core';
import {
  adminApiUntil,
  cutButtons,
  focusedHeading,
  navigate,
  openPortal,
  overflowing,
  shoot,
  signIn,
  startPortal,
  unstackedTables,
  type Portal,
} from './portal-testing';

// Builds, a real stack and Chromium on a loaded machine: bounds, not expectations of speed.
jest.setTimeout(240_000);

const TOKENS = {
  id: 'tokens',
  title: 'Tokens',
  url: 'https://docs.acme.test/tokens',
  content:
    '# Tokens\n\nCreate a token with the tokens create command of the CLI.\n\n## Revoking\n\nRevoke a token with tokens revoke and its id. Revocation takes effect at once.',
};

const FILE = [
  {
    question: 'How do I revoke a token?',
    expect: { key_strings: ['tokens revoke'], gold_urls: [TOKENS.url] },
  },
  { question: 'How do I create a token?', expect: { key_strings: ['tokens create'] } },
]
  .map((item) => JSON.stringify(item))
  .join('\n');

describe('the Evaluations page in Chromium: sets, items, runs, the chart and the diff of two runs', () => {
  let portal: Portal;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    portal = await startPortal();
    await portal.addDocuments([TOKENS]);
    ({ page, problems } = await openPortal(portal, 'evals'));
    await signIn(page);
    await focusedHeading(page, 'Evaluations');
  });
  afterAll(async () => {
    await page?.close();
    await portal?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  it('creates a set from a JSONL file and shows its items', async () => {
    await expect(
      page.getByRole('status').filter({ hasText: 'No evaluation sets yet' }).count(),
    ).resolves.toBe(1);
    await page.getByLabel('Name').fill('release');
    await page.getByLabel(/Items from a JSONL or CSV file/).setInputFiles({
      name: 'release.jsonl',
      mimeType: 'application/jsonl',
      buffer: Buffer.from(FILE),
    });
    await page.getByRole('button', { name: 'Create' }).click();
    await focusedHeading(page, 'release');
    await page.getByText('How do I revoke a token?').waitFor();
    await page.getByText('How do I create a token?').waitFor();
  });

  it('adds, edits and removes items by hand', async () => {
    await page.getByRole('button', { name: 'Add an item' }).click();
    await page.getByLabel('Question', { exact: true }).fill('Is there a dark mode?');
    await page.getByLabel(/The docs do not cover it/).check();
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByText('· not covered').waitFor();

    const created = page.getByRole('listitem').filter({ hasText: 'How do I create a token?' });
    await created.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Question', { exact: true }).fill('How do I create an API token?');
    await page.getByRole('button', { name: 'Save item' }).click();
    const edited = page.getByRole('listitem').filter({ hasText: 'How do I create an API token?' });
    await edited.waitFor();
    await edited.getByRole('button', { name: 'Remove' }).click();
    await edited.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: /Items\s+2/ }).waitFor();
  });

  it('refuses a file with a bad line, naming it, and keeps the items', async () => {
    await page.getByLabel('Import a JSONL or CSV file').setInputFiles({
      name: 'bad.jsonl',
      mimeType: 'application/jsonl',
      buffer: Buffer.from('{"question":"fine"}\n{"question":\n'),
    });
    await page.getByRole('alert').filter({ hasText: 'not valid JSON' }).waitFor();
    await page.getByRole('heading', { name: /Items\s+2/ }).waitFor();
  });

  it("runs the set and shows each item's verdict, answer and sources", async () => {
    await page.getByRole('button', { name: 'Run now' }).click();
    await focusedHeading(page, 'Run of release');
    await page.getByRole('status').filter({ hasText: 'completed; 2 of 2 answered' }).waitFor();
    await page.getByText('2 correct, 0 missing, 0 incorrect, 0 unscored').waitFor();
    const revoke = page.getByRole('listitem').filter({ hasText: 'How do I revoke a token?' }).first();
    await revoke.getByText('correct', { exact: true }).waitFor();
    await revoke.getByRole('link', { name: 'Tokens' }).first().waitFor();
    await page.getByText('No earlier completed run to compare with.').waitFor();
  });

  it('shows the regression, with both answers, once the gold page is deleted', async () => {
    const token = await portal.stack.createToken({ tenant: 'acme', scopes: ['ingest'] });
    const res = await fetch(`${portal.stack.apiUrl}documents/tokens`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(204);
    await page.getByRole('link', { name: 'release' }).click();
    await focusedHeading(page, 'release');
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByRole('status').filter({ hasText: 'completed; 2 of 2 answered' }).waitFor();
    await page.getByRole('heading', { name: /1 regression\(s\), 0 fixed/ }).waitFor();
    const regression = page.getByRole('article').filter({ hasText: 'How do I revoke a token?' });
    await regression.getByText('before: correct').waitFor();
    await regression.getByText('now: missing').waitFor();
  });

  it("charts the set's runs and compares two chosen runs", async () => {
    await page.getByRole('link', { name: 'release' }).click();
    await focusedHeading(page, 'release');
    await page.locator('line-chart').waitFor();
    expect(await page.getByRole('row').count()).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.getByRole('heading', { name: /1 regression\(s\), 0 fixed/ }).waitFor();
    expect(page.url()).toContain('?baseline=e_');
    await shoot(page, 'evals');
    await navigate(page, 'Evaluations');
    await focusedHeading(page, 'Evaluations');
    await page.getByRole('link', { name: 'release' }).waitFor();
    // The list of sets on a 360 px phone: its table stacked, nothing cut or off the screen.
    await page.setViewportSize({ width: 360, height: 780 });
    const sets = await unstackedTables(page);
    expect([sets, await cutButtons(page), await overflowing(page)]).toEqual([
      { tables: 1, problems: [] },
      [],
      [],
    ]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('drafts a docs section for a coverage gap and adds its questions to a set', async () => {
    // A visitor's question the docs do not cover makes a coverage gap (the runs' questions do not).
    const token = await portal.stack.createToken({ tenant: 'acme', scopes: ['ask'] });
    const asked = await fetch(`${portal.stack.apiUrl}question/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Is there a dark mode?' }),
    });
    expect(asked.status).toBe(201);
    await adminApiUntil<{ clusters: unknown[] }>(page, 'admin/gaps/', (b) => b.clusters?.length > 0);
    await navigate(page, 'Coverage gaps');
    await focusedHeading(page, 'Coverage gaps');
    await page.getByRole('button', { name: 'Draft a docs section' }).first().click();
    await page.getByRole('heading', { level: 3, name: /^Draft: / }).waitFor();
    await page.getByText('## Questions this page must answer').waitFor();
    await page.getByText('Add a GitHub source to open the draft as a pull request.').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the draft' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.md$/);
    await page.getByRole('link', { name: /^gap-/ }).click();
    await page.getByRole('heading', { level: 1, name: /^gap-/ }).waitFor();
  });

  it('adds a not-covered question to an evaluation set from its conversation', async () => {
    await navigate(page, 'Conversations');
    await focusedHeading(page, 'Conversations');
    await page.getByRole('link', { name: 'Is there a dark mode?' }).click();
    await focusedHeading(page, 'Conversation');
    await page.getByRole('button', { name: 'Add to an evaluation set' }).click();
    await page.getByRole('status').filter({ hasText: 'Added to the evaluation set from-insights' }).waitFor();
    await page.getByRole('link', { name: 'from-insights' }).click();
    await focusedHeading(page, 'from-insights');
    await page.getByText('Is there a dark mode?').waitFor();
  });
});
