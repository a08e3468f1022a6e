import type { Page } from 'playwright-core';
import { startOidcProvider, type TestOidcProvider } from '@docqa/api-server/testing';
import {
  ADMIN,
  cutButtons,
  focusedHeading,
  navigate,
  overflowing,
  shoot,
  signIn,
  startPortal,
  unstackedTables,
  type Portal,
} from './portal-testing';

// Builds, a real stack, an identity provider and Chromium on a loaded machine: bounds, not speed.
jest.setTimeout(180_000);

/** Every page of the portal an owner opens, and what shows once it has loaded. */
const PAGES: [string, string, RegExp][] = [
  ['', 'Overview', /Questions|No question/],
  ['conversations', 'Conversations', /No conversation|conversation\(s\)/],
  ['gaps', 'Coverage gaps', /No gaps|question\(s\)/],
  ['evals', 'Evaluations', /No evaluation sets|Items/],
  ['knowledge', 'Knowledge base', /Upload|document/i],
  ['tokens', 'Tokens', /New token/],
  ['widget', 'Widget', /Save settings/],
  ['integrations', 'Integrations', /Not connected|Connected:/],
  ['audit', 'Audit log', /signIn/],
  ['account', 'Account', /ada@acme\.test/],
];

/** Whether the page scrolls sideways: its scroll width beyond its client width. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('the portal for teams in Chromium: single sign-on, roles, audit, 360 px phones', () => {
  let idp: TestOidcProvider;
  let portal: Portal;
  /** The portal under `localhost`, the name registered with the identity provider. */
  let url: string;

  beforeAll(async () => {
    idp = await startOidcProvider();
    portal = await startPortal({
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_PROVIDER_NAME: 'Acme ID',
      OIDC_ALLOWED_DOMAINS: 'acme.test',
    });
    const port = new URL(portal.stack.baseUrl).port;
    url = `http://localhost:${port}/admin/`;
    await idp.setUp(`http://localhost:${port}/api/v2/admin/sso/callback`);
    await portal.createAdmin({
      email: 'vera@acme.test',
      password: ADMIN.password,
      tenants: ['acme'],
      role: 'viewer',
    });
  });
  afterAll(async () => {
    await portal?.close();
    await idp?.close();
  });

  async function newPage(width = 1280): Promise<{ page: Page; problems: string[] }> {
    const page = await portal.browser.newPage({ viewport: { width, height: 800 } });
    page.setDefaultTimeout(120_000);
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    return { page, problems };
  }

  it('signs in with the identity provider from the sign-in page’s button, and back into the portal', async () => {
    const { page, problems } = await newPage();
    await page.goto(url);
    await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
    await page.locator('input[name="login"]').fill('ada@acme.test');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await focusedHeading(page, 'Overview');
    await navigate(page, 'Account');
    await page.getByText('ada@acme.test').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a refusal of the identity provider on a page, without a session', async () => {
    const { page } = await newPage();
    await page.goto(url);
    await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
    await page.locator('input[name="login"]').fill('eve@elsewhere.test');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('heading', { name: 'Sign-in refused' }).waitFor();
    await page.getByText('emails of elsewhere.test may not sign in here').waitFor();
    await page.getByRole('link', { name: 'Back to the portal’s sign-in' }).click();
    await page.getByRole('heading', { name: 'Sign in to docqa' }).waitFor();
    await page.close();
  });

  it('hides from a viewer the pages their role may not open, and says so at their address', async () => {
    const { page, problems } = await newPage();
    await page.goto(url);
    await signIn(page, ADMIN.password, 'vera@acme.test');
    await focusedHeading(page, 'Overview');
    const nav = page.getByRole('navigation', { name: 'Portal' });
    const links = await nav.getByRole('link').allTextContents();
    expect(links.map((l) => l.trim())).toEqual([
      'Overview',
      'Conversations',
      'Coverage gaps',
      'Evaluations',
      'Account',
    ]);
    await page.goto(`${url}tokens`);
    await page.getByText('This page is for a tenant’s owners; you are viewer of acme.').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lets an owner change an admin’s role from the accounts list', async () => {
    const { page, problems } = await newPage();
    await page.goto(`${url}tokens`);
    await signIn(page);
    await focusedHeading(page, 'Tokens');
    await page.getByRole('combobox', { name: 'Role of vera@acme.test' }).selectOption('editor');
    await page.getByRole('status').filter({ hasText: 'vera@acme.test is now editor of acme.' }).waitFor();
    const own = await page.getByRole('combobox', { name: 'Role of ada@acme.test' });
    await own.selectOption('viewer');
    await page.getByText('ada@acme.test is the last owner of acme').waitFor();
    await expect(own.inputValue()).resolves.toBe('owner');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('fits every page at 360 px without sideways scrolling, tables stacked, no button cut', async () => {
    const { page, problems } = await newPage(360);
    await page.goto(url);
    await page.getByRole('link', { name: 'Sign in with Acme ID' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await signIn(page);
    await focusedHeading(page, 'Overview');
    for (const [path, title, ready] of PAGES) {
      await page.goto(url + path);
      await focusedHeading(page, title);
      await page.getByText(ready).first().waitFor();
      // The admins of the tenant, each with a role to choose and a Remove button, in a table.
      if (path === 'tokens') await page.getByRole('combobox', { name: 'Role of vera@acme.test' }).waitFor();
      expect([title, await scrollsSideways(page), await overflowing(page)]).toEqual([title, false, []]);
      expect([title, (await unstackedTables(page)).problems, await cutButtons(page)]).toEqual([
        title,
        [],
        [],
      ]);
    }
    await page.goto(`${url}tokens`);
    await page.getByRole('combobox', { name: 'Role of vera@acme.test' }).waitFor();
    // Stacked, the admins' list is still a table to a screen reader: its rows, cells and headers.
    const admins = page.getByRole('table').filter({ hasText: 'vera@acme.test' });
    expect((await unstackedTables(page)).tables).toBeGreaterThan(0);
    await expect(admins.getByRole('columnheader').allTextContents()).resolves.toContain('Email');
    await admins
      .getByRole('row')
      .filter({ hasText: 'vera@acme.test' })
      .getByRole('cell', { name: 'vera@acme.test', exact: true })
      .waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('takes the docs’ screenshots of the sign-in with single sign-on and of the audit log', async () => {
    const { page, problems } = await newPage();
    await page.goto(url);
    await page.getByRole('link', { name: 'Sign in with Acme ID' }).waitFor();
    await shoot(page, 'sign-in-sso');
    await signIn(page);
    await focusedHeading(page, 'Overview');
    await page.goto(`${url}audit`);
    await focusedHeading(page, 'Audit log');
    await page.getByText('signInSso').first().waitFor();
    await shoot(page, 'audit');
    expect(problems).toEqual([]);
    await page.close();
  });
});
