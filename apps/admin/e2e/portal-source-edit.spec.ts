import type { Page } from 'playwright-core';
import { startGitHubStandIn, type GitHubStandIn } from '@docqa/sync/testing';
import {
  adminApiUntil,
  focusedHeading,
  openPortal,
  shoot,
  signIn,
  startPortal,
  type Portal,
} from './portal-testing';

// Builds, a real stack and Chromium on a loaded machine: bounds, not expectations of speed.
jest.setTimeout(180_000);

type Listed = { sources: { id: string; has_token: boolean; metadata: Record<string, string> }[] };

describe('the portal in Chromium: a source edited (its access token and metadata)', () => {
  let portal: Portal;
  let page: Page;
  let problems: string[];
  let github: GitHubStandIn;

  beforeAll(async () => {
    github = await startGitHubStandIn();
    github.repos.set('acme/private-docs', {
      default_branch: 'main',
      token: 'ghp_firstSecret0123456789',
      branches: { main: { 'handbook.md': '# Handbook\n\nPrivate things.' } },
    });
    portal = await startPortal({
      SOURCES_ALLOW_PRIVATE_NETWORKS: 'true',
      GITHUB_API_URL: github.url,
      SECRETS_KEY: 'portal test secrets key, 32 chars',
    });
    ({ page, problems } = await openPortal(portal, 'knowledge'));
    await signIn(page);
    await focusedHeading(page, 'Knowledge base');
  });
  afterAll(async () => {
    await page?.close();
    await portal?.close();
    await github?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  const sources = () => page.locator('sources-section');
  const item = () => sources().getByRole('listitem', { name: 'acme/private-docs' });
  const editForm = () => item().locator('source-form');
  const save = () => editForm().getByRole('button', { name: 'Save changes' }).click();
  const changed = () =>
    sources().getByRole('status').filter({ hasText: 'Source acme/private-docs changed.' }).waitFor();

  async function syncNow(outcome: string): Promise<void> {
    await item().getByRole('button', { name: 'Sync now' }).click();
    await sources().getByText(outcome, { exact: false }).waitFor();
  }

  it('sets an access token on a repository added without one, and changes its metadata rows', async () => {
    const form = sources().locator('source-form');
    await sources().locator('summary', { hasText: 'Add source' }).click();
    await form.getByRole('combobox', { name: 'Type' }).selectOption('github');
    await form.getByRole('textbox', { name: /^Repository/ }).fill('acme/private-docs');
    await form.getByRole('textbox', { name: 'Key 1' }).fill('product');
    await form.getByRole('textbox', { name: 'Value 1' }).fill('sdk');
    await form.getByRole('button', { name: 'Add source' }).click();
    await item().getByText('product = sdk').waitFor();
    await syncNow('The sync of acme/private-docs failed');

    await item().getByRole('button', { name: 'Edit source acme/private-docs' }).click();
    const token = editForm().getByLabel(/^Access token/);
    await expect(token.getAttribute('type')).resolves.toBe('password');
    // The repository stays: another repository is another source.
    await expect(
      editForm()
        .getByRole('textbox', { name: /^Repository/ })
        .count(),
    ).resolves.toBe(0);
    await expect(editForm().getByRole('textbox', { name: 'Value 1' }).inputValue()).resolves.toBe('sdk');
    await token.fill('ghp_firstSecret0123456789');
    await editForm().getByRole('textbox', { name: 'Value 1' }).fill('cloud');
    await editForm().getByRole('button', { name: 'Add metadata' }).click();
    await editForm().getByRole('textbox', { name: 'Key 2' }).fill('tier');
    await editForm().getByRole('textbox', { name: 'Value 2' }).fill('pro');
    await shoot(page, 'source-edit');
    await save();
    await changed();
    await item().getByText('access token stored', { exact: false }).waitFor();
    await item().getByText('tier = pro').waitFor();
    await syncNow('acme/private-docs synced: 1 added');
    const listed = await adminApiUntil<Listed>(page, 'sources/', (b) => b.sources.length === 1);
    expect(listed.sources[0]).toMatchObject({ has_token: true, metadata: { product: 'cloud', tier: 'pro' } });
  });

  it('keeps, replaces and removes the stored token, never showing it', async () => {
    await item().getByRole('button', { name: 'Edit source acme/private-docs' }).click();
    const choice = editForm().getByRole('group', { name: 'Access token' });
    await expect(choice.getByRole('radio', { name: 'Keep the stored token' }).isChecked()).resolves.toBe(
      true,
    );
    await expect(
      editForm()
        .getByLabel(/^New access token/)
        .count(),
    ).resolves.toBe(0);
    await choice.getByRole('radio', { name: 'Replace it' }).check();
    const replacement = editForm().getByLabel(/^New access token/);
    await expect(replacement.getAttribute('type')).resolves.toBe('password');
    await save();
    await editForm().getByText('Enter the new access token, or keep the stored one.').waitFor();

    // The token was rotated on GitHub: the stored one no longer reads the repository.
    github.repos.get('acme/private-docs')!.token = 'ghp_secondSecret0123456789';
    await replacement.fill('ghp_secondSecret0123456789');
    await save();
    await changed();
    await syncNow('acme/private-docs synced: 0 added, 0 updated, 1 unchanged');

    await item().getByRole('button', { name: 'Edit source acme/private-docs' }).click();
    await editForm().getByRole('radio', { name: 'Remove it' }).check();
    await save();
    await changed();
    await item().getByText('access token stored', { exact: false }).waitFor({ state: 'detached' });
    const listed = await adminApiUntil<Listed>(page, 'sources/', (b) => !b.sources[0]!.has_token);
    expect(JSON.stringify(listed)).not.toMatch(/Secret/);
    await expect(page.content()).resolves.not.toMatch(/Secret/);
  });
});
