import type { Page } from 'playwright-core';
import { htmlPage, startDocsSite, type DocsSite } from '@docqa/sync/testing';
import { focusedHeading, openPortal, signIn, startPortal, type Portal } from './portal-testing';

// Builds, a real stack and Chromium on a loaded machine: bounds, not expectations of speed.
jest.setTimeout(180_000);

describe('the portal in Chromium: sources followed to the end of their syncs', () => {
  let portal: Portal;
  let page: Page;
  let problems: string[];
  let site: DocsSite;

  beforeAll(async () => {
    portal = await startPortal({ SOURCES_ALLOW_PRIVATE_NETWORKS: 'true' });
    site = await startDocsSite({
      '/api.html': htmlPage('Acme API', 'The Acme API answers JSON over HTTPS.'),
      '/faq.html': htmlPage('Acme FAQ', 'Acme runs on Linux and macOS.'),
    });
    site.setSitemap();
    ({ page, problems } = await openPortal(portal, 'knowledge'));
    await signIn(page);
    await focusedHeading(page, 'Knowledge base');
  });
  afterAll(async () => {
    await page?.close();
    await site?.close();
    await portal?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  const sources = () => page.locator('sources-section');
  const documents = () => page.getByRole('table');

  async function addSource(schedule: string): Promise<void> {
    const form = sources().locator('source-form');
    if (!(await form.isVisible())) await sources().locator('summary', { hasText: 'Add source' }).click();
    await form.getByRole('textbox', { name: /^URL/ }).fill(`${site.origin}/sitemap.xml`);
    await form.getByRole('textbox', { name: /^Schedule/ }).fill(schedule);
    await form.getByRole('button', { name: 'Add source' }).click();
  }

  it('follows the first sync of a source added with a schedule, and lists its documents', async () => {
    await page.getByText('No documents yet.', { exact: false }).waitFor();
    await addSource('6h');
    const item = sources().getByRole('listitem', { name: `${site.origin}/sitemap.xml` });
    await item.getByText('completed · 2 added', { exact: false }).waitFor();
    await sources()
      .getByRole('status')
      .filter({ hasText: `${site.origin}/sitemap.xml synced: 2 added` })
      .waitFor();
    await documents().getByRole('link', { name: 'Acme FAQ' }).waitFor();
    await documents().getByRole('link', { name: 'Acme API' }).waitFor();
  });

  it('deletes a document from the list, the focus staying on the list', async () => {
    await documents().getByRole('button', { name: 'Delete Acme API' }).click();
    await page.getByRole('dialog', { name: 'Delete “Acme API” and its chunk?' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete document' }).click();
    await page.getByRole('status').filter({ hasText: '“Acme API” deleted.' }).waitFor();
    await documents().getByRole('link', { name: 'Acme API' }).waitFor({ state: 'detached' });
    // The Delete button left with its row; the focus is on the list, not back at the page's start.
    await focusedHeading(page, 'Documents', 2);
  });

  it('takes the documents of a deleted source off the list', async () => {
    // The source's documents listed, however the page got here.
    await page.reload();
    await focusedHeading(page, 'Knowledge base');
    await documents().getByRole('link', { name: 'Acme FAQ' }).waitFor();
    const item = sources().getByRole('listitem', { name: `${site.origin}/sitemap.xml` });
    await item.getByRole('button', { name: /^Delete source/ }).click();
    await page.getByRole('button', { name: 'Delete source', exact: true }).click();
    await sources().getByText('No sources yet.', { exact: false }).waitFor();
    // The Delete button left with its source; the focus is on the list, not back at the page's start.
    await focusedHeading(page, 'Sources', 2);
    await page.getByText('No documents yet.', { exact: false }).waitFor();
    await expect(documents().count()).resolves.toBe(0);
  });

  it('says that Sync now failed, and why, when the sync failed', async () => {
    await addSource('');
    const item = sources().getByRole('listitem', { name: `${site.origin}/sitemap.xml` });
    await item.getByText('Never synced.').waitFor();
    site.pages.set('/sitemap.xml', { body: '', status: 500 });
    await item.getByRole('button', { name: 'Sync now' }).click();
    const alert = sources()
      .getByRole('alert')
      .filter({ hasText: `The sync of ${site.origin}/sitemap.xml failed:` });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(/500/);
    await expect(
      sources().getByText(`${site.origin}/sitemap.xml synced`, { exact: false }).count(),
    ).resolves.toBe(0);
    await item.getByRole('button', { name: 'Sync now' }).waitFor();
  });

  it('shows a running sync’s pages read of those listed until it ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    site.pages.set('/slow.html', { ...htmlPage('Acme slow page', 'Acme answers slowly.'), until: held });
    site.setSitemap(['/faq.html', '/api.html', '/slow.html']);
    const item = sources().getByRole('listitem', { name: `${site.origin}/sitemap.xml` });
    await item.getByRole('button', { name: 'Sync now' }).click();
    // The sync waits for the held page: its record shows the pages listed and those read so far.
    await item.getByText(/running · [0-2] of 3 pages read · /).waitFor();
    release();
    await item.getByText('completed · 3 added', { exact: false }).waitFor();
  });
});
