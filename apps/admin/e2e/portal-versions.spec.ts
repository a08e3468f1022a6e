import type { Page } from 'playwright-core';
import {
  adminApiUntil,
  focusedHeading,
  navigate,
  openPortal,
  signIn,
  startPortal,
  type Portal,
} from './portal-testing';

/** The install page in two docs versions, and a page for every version. */
const DOCUMENTS = [
  {
    id: 'install-1',
    title: 'Install (1.x)',
    content: '# Install\n\nInstall the agent with the legacy installer: run setup-legacy.sh as root.',
    version: '1.x',
  },
  {
    id: 'install-2',
    title: 'Install (2.x)',
    content: '# Install\n\nInstall the agent with the package manager: run apt install agent.',
    version: '2.x',
  },
  {
    id: 'support',
    title: 'Support',
    content: '# Support\n\nThe agent is supported by email at help@example.com for every release.',
  },
];

describe('the portal in Chromium: docs versions on the knowledge base; insights, gaps and conversations by version', () => {
  let portal: Portal;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    portal = await startPortal();
    await portal.addDocuments(DOCUMENTS);
    const token = await portal.stack.createToken({ tenant: 'acme', scopes: ['ask'] });
    const ask = (question: string, version: string) =>
      fetch(`${portal.stack.apiUrl}question/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ question, version }),
      }).then((r) => expect(r.status).toBe(201));
    await ask('How do I install the agent?', '1.x');
    await ask('How do I install the agent?', '1.x');
    await ask('What does the enterprise plan cost per seat?', '1.x');
    await ask('How do I install the agent?', '2.x');
    ({ page, problems } = await openPortal(portal, 'knowledge'));
    await signIn(page);
    await focusedHeading(page, 'Knowledge base');
  });
  afterAll(async () => {
    await page?.close();
    await portal?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  it('lists the versions with their document counts and the default on the knowledge base page', async () => {
    const versions = page.locator('versions-section');
    await versions.getByRole('heading', { name: 'Versions' }).waitFor();
    const row = (name: string) => versions.getByRole('row').filter({ hasText: name });
    await row('2.x (default)').getByRole('cell', { name: '1', exact: true }).waitFor();
    await row('1.x').getByRole('cell', { name: '1', exact: true }).waitFor();
    await row('No version (every version)').getByRole('cell', { name: '1', exact: true }).waitFor();
  });

  it('shows the insights and the coverage gaps of the version chosen', async () => {
    await adminApiUntil<{ totals: { questions: number } }>(
      page,
      'admin/insights/',
      (b) => b.totals?.questions === 4,
    );
    await navigate(page, 'Overview');
    await focusedHeading(page, 'Overview');
    const questions = (n: string) =>
      page.getByRole('listitem').filter({ hasText: 'Questions' }).getByText(n, { exact: true });
    await questions('4').waitFor();

    const version = page.getByRole('combobox', { name: 'Docs version' });
    await version.selectOption('1.x');
    await questions('3').waitFor();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Not covered' })
      .getByText('1', { exact: true })
      .waitFor();
    await version.selectOption('2.x');
    await questions('1').waitFor();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Not covered' })
      .getByText('0', { exact: true })
      .waitFor();
    await version.selectOption('');
    await questions('4').waitFor();

    await navigate(page, 'Coverage gaps');
    await focusedHeading(page, 'Coverage gaps');
    const gap = page.getByRole('link', { name: 'What does the enterprise plan cost per seat?' });
    await gap.waitFor();
    await page.getByRole('combobox', { name: 'Docs version' }).selectOption('2.x');
    await page.getByText('No gaps in this period').waitFor();
    await expect(gap.count()).resolves.toBe(0);
    await page.getByRole('combobox', { name: 'Docs version' }).selectOption('1.x');
    await gap.waitFor();
  });

  it('lists the conversations of the version chosen', async () => {
    await navigate(page, 'Conversations');
    await focusedHeading(page, 'Conversations');
    await page.getByRole('status').filter({ hasText: '4 conversation(s).' }).waitFor();
    await page.getByRole('combobox', { name: 'Docs version' }).selectOption('2.x');
    await page.getByRole('status').filter({ hasText: '1 conversation(s).' }).waitFor();
    await page.getByRole('combobox', { name: 'Docs version' }).selectOption('1.x');
    await page.getByRole('status').filter({ hasText: '3 conversation(s).' }).waitFor();
  });
});
