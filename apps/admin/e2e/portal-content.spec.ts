import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { htmlPage, startDocsSite, type DocsSite } from '@docqa/sync/testing';
import {
  LOCATOR_TIMEOUT_MS,
  adminApiUntil,
  docsSite,
  focusedHeading,
  navigate,
  openPortal,
  shoot,
  signIn,
  startPortal,
  type Portal,
} from './portal-testing';

const INSTALL =
  '# Installing Acme\n\nInstall Acme with `acme install`. The installer needs Node 20 or later.\n';
const BILLING = 'Billing\n\nAcme bills monthly per seat. Invoices arrive on the first day of each month.\n';

/** Drops files on the upload zone the way a browser's drag and drop does. */
function drop(page: Page, files: { name: string; type: string; text: string }[]): Promise<void> {
  return page.locator('upload-drop .zone').evaluate((zone, list) => {
    const data = new DataTransfer();
    for (const f of list) data.items.add(new File([f.text], f.name, { type: f.type }));
    zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, files);
}

// Builds, a real stack and Chromium on a loaded machine: bounds, not expectations of speed.
jest.setTimeout(180_000);

describe('the portal in Chromium: knowledge base, widget and conversations', () => {
  let portal: Portal;
  let page: Page;
  let problems: string[];
  let site: Awaited<ReturnType<typeof docsSite>>;
  let synced: DocsSite;

  beforeAll(async () => {
    portal = await startPortal({
      UPLOAD_MAX_FILE_MB: '1',
      SOURCES_ALLOW_PRIVATE_NETWORKS: 'true',
      SECRETS_KEY: 'portal test secrets key, 32 chars',
    });
    site = await docsSite();
    synced = await startDocsSite({
      '/api.html': htmlPage('Acme API', 'The Acme API answers JSON over HTTPS.'),
      '/faq.html': htmlPage('Acme FAQ', 'Acme runs on Linux and macOS.'),
    });
    synced.setSitemap();
    ({ page, problems } = await openPortal(portal, 'knowledge'));
    await signIn(page);
    await focusedHeading(page, 'Knowledge base');
  });
  afterAll(async () => {
    await page?.close();
    site?.server.close();
    await synced?.close();
    await portal?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  it('uploads two dropped files and follows their ingest job to the end', async () => {
    await drop(page, [
      { name: 'acme-install.md', type: 'text/markdown', text: INSTALL },
      { name: 'acme-billing.txt', type: 'text/plain', text: BILLING },
    ]);
    await page.getByText(/^Finished: 2 of 2 indexed/).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Installing Acme' }).waitFor();
    await table.getByText('acme-billing.txt').waitFor();
    await shoot(page, 'knowledge');
  });

  it('names a dropped file the worker could not read, with its reason, once its job ends', async () => {
    await drop(page, [{ name: 'broken.pdf', type: 'application/pdf', text: '%PDF-1.4 not a PDF at all' }]);
    await page.getByText('The job failed: 0 of 1 indexed, 0 unchanged, 1 failed, 0 chunks.').waitFor();
    await page
      .locator('job-progress li')
      .filter({ hasText: /^broken\.pdf: \S/ })
      .waitFor();
  });

  it('searches the documents on the server as the administrator types, and clears the search', async () => {
    const table = page.getByRole('table');
    const search = page.getByRole('searchbox', { name: /^Search documents/ });
    const asked = page.waitForRequest((r) => new URL(r.url()).searchParams.get('q') === 'INSTALL acme');
    await search.fill('INSTALL acme');
    await asked;
    await page.getByRole('status').filter({ hasText: '1 document(s) match “INSTALL acme”.' }).waitFor();
    await table.getByRole('link', { name: 'Installing Acme' }).waitFor();
    await expect(table.getByText('acme-billing.txt').count()).resolves.toBe(0);
    await search.fill('nothing like this');
    await page.getByText('No document matches “nothing like this”.').waitFor();
    await search.fill('');
    await table.getByText('acme-billing.txt').waitFor();
  });

  it('refuses a file too big and a file of an unknown type, naming each, and ingests nothing', async () => {
    const input = page.locator('upload-drop input[type=file]');
    await input.setInputFiles({
      name: 'huge.md',
      mimeType: 'text/markdown',
      buffer: Buffer.alloc(1_300_000, 'a'),
    });
    await page.getByRole('alert').filter({ hasText: 'huge.md: larger than 1 MB' }).waitFor();
    await input.setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    await page.getByRole('alert').filter({ hasText: 'tool.exe' }).waitFor();
    const list = await adminApiUntil<{ documents: { id: string }[] }>(page, 'documents/', () => true);
    expect(list.documents.map((d) => d.id).sort()).toEqual(['acme-billing.txt', 'acme-install.md']);
  });

  it('adds a sitemap source, shows its sync counts, syncs it again and deletes it', async () => {
    const sources = page.locator('sources-section');
    const form = sources.locator('source-form');
    await sources.locator('summary', { hasText: 'Add source' }).click();
    await form.getByRole('textbox', { name: /^URL/ }).fill(`${synced.origin}/sitemap.xml`);
    await form.getByRole('textbox', { name: /^Schedule/ }).fill('5m');
    await form.getByRole('button', { name: 'Add source' }).click();
    await form.getByRole('alert').filter({ hasText: 'The source was not added. Check Schedule.' }).waitFor();
    await form.getByText('Use an interval from 15m to 30d', { exact: false }).waitFor();
    const none = await adminApiUntil<{ sources: unknown[] }>(page, 'sources/', () => true);
    expect(none.sources).toEqual([]);

    await form.getByRole('textbox', { name: /^Schedule/ }).fill('6h');
    const metadata = form.getByRole('group', { name: 'Metadata' });
    await metadata.getByRole('textbox', { name: 'Key 1' }).fill('product');
    await metadata.getByRole('textbox', { name: 'Value 1' }).fill('docs');
    await metadata.getByRole('button', { name: 'Add metadata' }).click();
    await metadata.getByRole('textbox', { name: 'Key 2' }).fill('team');
    await form.getByRole('button', { name: 'Add source' }).click();
    await form.getByRole('alert').filter({ hasText: 'The source was not added. Check Metadata.' }).waitFor();
    await form.getByText('Metadata row 2 needs both a key and a value.').waitFor();
    await expect(
      metadata.evaluate((el) => el.contains((el.getRootNode() as ShadowRoot).activeElement)),
    ).resolves.toBe(true);
    await metadata.getByRole('textbox', { name: 'Value 2' }).fill('web');
    await form.getByRole('button', { name: 'Add source' }).click();
    const item = sources.getByRole('listitem', { name: `${synced.origin}/sitemap.xml` });
    await item.getByText('Schedule: 6h').waitFor();
    await item.getByText('team = web').waitFor();
    // The first sync starts with the source: wait until it brought both pages in.
    type Sources = { sources: { id: string }[] };
    const [created] = (await adminApiUntil<Sources>(page, 'sources/', (b) => b.sources.length === 1)).sources;
    await adminApiUntil<{ syncs: { status: string; added: number }[] }>(page, `sources/${created!.id}`, (b) =>
      b.syncs.some((s) => s.status === 'completed' && s.added === 2),
    );
    await item.getByRole('button', { name: 'Sync now' }).click();
    await item
      .getByText('(manual): completed · 0 added · 0 updated · 2 unchanged · 0 deleted · 0 failed')
      .waitFor();
    await page.getByRole('table').getByRole('link', { name: 'Acme FAQ' }).waitFor();
    const faq = await adminApiUntil<{ documents: { metadata: Record<string, string> }[] }>(
      page,
      'documents/?q=faq',
      (b) => b.documents.length === 1,
    );
    expect(faq.documents[0]!.metadata).toMatchObject({ product: 'docs', team: 'web' });
    await shoot(page, 'sources');

    await item.getByRole('button', { name: /^Delete source/ }).click();
    await page.getByRole('button', { name: 'Delete source', exact: true }).click();
    await sources.getByText('No sources yet.', { exact: false }).waitFor();
    const left = await adminApiUntil<{ documents: { id: string }[] }>(
      page,
      'documents/',
      (b) => b.documents.length === 2,
    );
    expect(left.documents.map((d) => d.id).sort()).toEqual(['acme-billing.txt', 'acme-install.md']);
  });

  it('adds a private GitHub repository with its access token, never showing the token again', async () => {
    const sources = page.locator('sources-section');
    const form = sources.locator('source-form');
    const secret = 'ghp_portalTestSecret0123456789';
    if (!(await form.isVisible())) await sources.locator('summary', { hasText: 'Add source' }).click();
    await form.getByRole('combobox', { name: 'Type' }).selectOption('github');
    await form.getByRole('textbox', { name: /^Repository/ }).fill('acme/private-docs');
    const token = form.getByLabel(/^Access token/);
    await expect(token.getAttribute('type')).resolves.toBe('password');
    await token.fill(secret);
    await form.getByRole('textbox', { name: 'Key 1' }).fill('product');
    await form.getByRole('textbox', { name: 'Value 1' }).fill('sdk');
    await shoot(page, 'source-github');
    await form.getByRole('button', { name: 'Add source' }).click();
    const item = sources.getByRole('listitem', { name: 'acme/private-docs' });
    await item.getByText('access token stored', { exact: false }).waitFor();
    // The form was reset: the field is gone with the type, and empty when GitHub is picked again.
    await form.getByRole('combobox', { name: 'Type' }).selectOption('github');
    await expect(token.inputValue()).resolves.toBe('');
    const listed = await adminApiUntil<{ sources: { repo: string; has_token: boolean }[] }>(
      page,
      'sources/',
      (b) => b.sources.length === 1,
    );
    expect(listed.sources[0]).toMatchObject({ repo: 'acme/private-docs', has_token: true });
    expect(JSON.stringify(listed)).not.toContain(secret);
    await expect(page.content()).resolves.not.toContain(secret);

    await item.getByRole('button', { name: /^Delete source/ }).click();
    await page.getByRole('button', { name: 'Delete source', exact: true }).click();
    await sources.getByText('No sources yet.', { exact: false }).waitFor();
  });

  it('opens a document with its chunks and metadata', async () => {
    await page.getByRole('table').getByRole('link', { name: 'Installing Acme' }).click();
    await focusedHeading(page, 'Installing Acme');
    await page.getByText('acme-install.md', { exact: true }).waitFor();
    const chunk = page.getByRole('listitem', { name: 'acme-install.md#0' });
    await chunk.getByText('Install Acme with', { exact: false }).waitFor();
    await shoot(page, 'document');
  });

  it('edits a widget label, sees it in the live preview and on a page that embeds the widget', async () => {
    await navigate(page, 'Widget');
    await focusedHeading(page, 'Widget');
    await page.getByText('Create a widget token', { exact: true }).click();
    await page.getByLabel('Name').fill('Acme docs');
    await page.getByRole('textbox', { name: /^Allowed origins/ }).fill(site.origin);
    await page.getByRole('button', { name: 'Create token' }).click();
    const preview = page.getByRole('region', { name: 'Widget preview' });
    await preview.getByPlaceholder('Ask anything and get AI-generated answers...').waitFor();

    await page.getByRole('checkbox', { name: /Popup/ }).uncheck();
    await page.getByLabel('CHAT_PLACEHOLDER').fill('Ask the Acme docs anything');
    await preview.getByPlaceholder('Ask the Acme docs anything').waitFor();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.', { exact: false }).waitFor();
    await shoot(page, 'widget');

    site.setSnippet((await page.getByTestId('snippet').textContent())!);
    const docs = await portal.browser.newPage();
    docs.setDefaultTimeout(LOCATOR_TIMEOUT_MS);
    await docs.goto(site.origin);
    await docs.getByPlaceholder('Ask the Acme docs anything').fill('How do I install Acme?');
    await docs.keyboard.press('Enter');
    await docs.getByText('Documents in response').waitFor();
    await docs.getByText('Installing Acme').first().waitFor();
    const rated = () => docs.waitForResponse((r) => r.url().includes('/feedback/') && r.status() === 204);
    let feedback = rated();
    await docs.getByRole('button', { name: 'Good answer' }).click();
    await feedback;
    // A follow-up the documents do not answer, rated down: a coverage gap.
    await docs.getByPlaceholder('Ask the Acme docs anything').fill('Can I pay for Acme with bitcoin?');
    await docs.keyboard.press('Enter');
    // The first answer's buttons gave way to a thank-you: the one left is the new answer's.
    await docs.getByRole('button', { name: 'Bad answer' }).click();
    await docs.getByLabel('What should the answer say?').fill('Which payment methods Acme accepts.');
    feedback = rated();
    await docs.getByRole('button', { name: 'Send' }).click();
    await feedback;
    await docs.close();
  });

  it('opens the conversation asked through the widget with its answer, sources and feedback', async () => {
    const list = await adminApiUntil<{ items: { chat_id: string; feedback: { up: number } }[] }>(
      page,
      'admin/conversations/',
      (b) => b.items?.[0]?.feedback.up === 1,
    );
    expect(list.items).toHaveLength(1);
    await navigate(page, 'Conversations');
    await focusedHeading(page, 'Conversations');
    await shoot(page, 'conversations');
    await page.getByRole('link', { name: 'How do I install Acme?' }).click();
    await focusedHeading(page, 'Conversation');
    const turn = page.getByRole('article', { name: 'How do I install Acme?' });
    await turn.getByText('acme install', { exact: false }).first().waitFor();
    await turn.getByRole('link', { name: 'Installing Acme' }).first().waitFor();
    await turn.getByText('Thumbs up').waitFor();
    await shoot(page, 'conversation');
  });

  it('shows the insights, exports the questions and opens a coverage gap’s conversation', async () => {
    type Totals = { totals: { questions: number; thumbs_down: number } };
    await adminApiUntil<Totals>(page, 'admin/insights/', (b) => b.totals?.thumbs_down === 1);
    await navigate(page, 'Overview');
    await focusedHeading(page, 'Overview');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Questions' })
      .getByText('2', { exact: true })
      .waitFor();
    await shoot(page, 'overview');
    const theme = page.getByRole('button', { name: 'Dark theme' });
    await theme.click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await shoot(page, 'overview-dark');
    await theme.click();
    const exported = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export questions (CSV)' }).click();
    const csv = await exported.then((d) => d.path()).then((path) => readFileSync(path, 'utf8'));
    expect(csv).toContain('How do I install Acme?');

    await adminApiUntil<{ clusters: unknown[] }>(page, 'admin/gaps/', (b) => b.clusters?.length > 0);
    await navigate(page, 'Coverage gaps');
    await focusedHeading(page, 'Coverage gaps');
    const gap = page.getByRole('region', { name: /Can I pay for Acme with bitcoin\?/ });
    await gap
      .getByText(/thumbs down|not covered/)
      .first()
      .waitFor();
    await shoot(page, 'gaps');
    await gap.getByRole('link', { name: 'Can I pay for Acme with bitcoin?' }).click();
    await focusedHeading(page, 'Conversation');
    await page.getByText('Which payment methods Acme accepts.').waitFor();
  });
});
