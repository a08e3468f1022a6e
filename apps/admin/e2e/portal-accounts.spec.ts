import type { Page } from 'playwright-core';
import { focusedHeading, navigate, openPortal, signIn, startPortal, type Portal } from './portal-testing';

// Builds, a real stack and Chromium on a loaded machine: bounds, not expectations of speed.
jest.setTimeout(180_000);

/** An admin of every tenant. */
const OPS = { email: 'ops@acme.test', password: 'ops password, long enough' };

describe('the portal in Chromium: admin accounts and the tenant worked on', () => {
  let portal: Portal;
  let page: Page;
  let problems: string[];
  /** Calls of the admin accounts API the page made, as `METHOD path`. */
  const accountCalls: string[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    await portal.createAdmin({ ...OPS, allTenants: true });
    ({ page, problems } = await openPortal(portal, 'tokens'));
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.includes('/admin/accounts')) accountCalls.push(`${r.method()} ${path}`);
    });
    await signIn(page);
    await focusedHeading(page, 'Tokens');
  });
  afterAll(async () => {
    await page?.close();
    await portal?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  /** The header as a screen reader reads it: the tenant shown beside the logo is named "Tenant: …". */
  const header = () => page.getByRole('banner').ariaSnapshot();
  const accounts = () => page.getByRole('table', { name: 'Admin accounts' });

  it('shows the admin accounts of the tenant to its owner, with their role there', async () => {
    await page.getByRole('heading', { name: 'Tokens of acme' }).waitFor();
    await page.getByText('No tokens yet').waitFor();
    const ada = accounts().getByRole('row').filter({ hasText: 'ada@acme.test' });
    await expect(ada.getByRole('combobox', { name: 'Role of ada@acme.test' }).inputValue()).resolves.toBe(
      'owner',
    );
    expect(accountCalls).toEqual(['GET /api/v2/admin/accounts/']);
  });

  it('lists the admin accounts to an all-tenants admin, who cannot remove themself', async () => {
    await navigate(page, 'Account');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, OPS.password, OPS.email);
    await navigate(page, 'Tokens');
    await focusedHeading(page, 'Tokens');
    const ada = accounts().getByRole('row').filter({ hasText: 'ada@acme.test' });
    await ada.getByRole('cell', { name: 'acme', exact: true }).waitFor();
    const me = accounts().getByRole('row').filter({ hasText: OPS.email });
    await me.getByRole('cell', { name: 'every tenant', exact: true }).waitFor();
    await me.getByText('you', { exact: true }).waitFor();
    await expect(me.getByRole('button').count()).resolves.toBe(0);
    await ada.getByRole('button', { name: 'Remove ada@acme.test' }).waitFor();
  });

  it('checks an invitation before sending it', async () => {
    await page.locator('summary', { hasText: 'Invite admin' }).click();
    const form = page.locator('admin-invite-form');
    await form.getByLabel('Email').fill('ann@acme.test');
    await form.getByRole('textbox', { name: /^Tenants/ }).fill('acme\nBad Name');
    await form.getByRole('button', { name: 'Invite admin' }).click();
    await form.getByRole('alert').filter({ hasText: 'The admin was not invited. Check Tenants.' }).waitFor();
    await form.getByText('Not a tenant name: Bad Name.', { exact: false }).waitFor();
    expect(accountCalls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('invites an admin with a password shown once that signs them in, then removes them', async () => {
    const form = page.locator('admin-invite-form');
    await form.getByRole('textbox', { name: /^Tenants/ }).fill('acme');
    await form.getByRole('button', { name: 'Invite admin' }).click();
    await page.getByRole('heading', { name: 'ann@acme.test invited' }).waitFor();
    const password = (await page.getByTestId('admin-password').textContent())!.trim();
    const row = accounts().getByRole('row').filter({ hasText: 'ann@acme.test' });
    await row.getByRole('cell', { name: 'acme', exact: true }).waitFor();
    const signedIn = await fetch(`${portal.stack.apiUrl}admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ann@acme.test', password }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    // The same email again: the server's refusal, in the form.
    await page.locator('summary', { hasText: 'Invite admin' }).click();
    await form.getByLabel('Email').fill('ann@acme.test');
    await form.getByRole('textbox', { name: /^Tenants/ }).fill('acme');
    await form.getByRole('button', { name: 'Invite admin' }).click();
    await form.getByRole('alert').filter({ hasText: 'An admin ann@acme.test exists already.' }).waitFor();

    await row.getByRole('button', { name: 'Remove ann@acme.test' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove admin' }).click();
    // The Remove button left with its row; the focus is on the list, not back at the page's start.
    await focusedHeading(page, 'Admin accounts', 2);
    await page.getByRole('status').filter({ hasText: 'ann@acme.test removed.' }).waitFor();
    await row.waitFor({ state: 'detached' });
    const after = await fetch(`${portal.stack.apiUrl}admin/session`, { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it('refuses a tenant name the API would refuse, keeping the tenant worked on', async () => {
    await navigate(page, 'Account');
    await focusedHeading(page, 'Account');
    const other = page.getByRole('textbox', { name: /^Tenant name/ });
    await other.fill('Bad Name!');
    // The pattern attribute compiles in the browser, so the field itself knows the name is wrong.
    await expect(other.evaluate((el) => (el as HTMLInputElement).validity.patternMismatch)).resolves.toBe(
      true,
    );
    await page.getByRole('button', { name: 'Work on it' }).click();
    await page.getByText('“Bad Name!” is not a tenant name', { exact: false }).waitFor();
    await expect(other.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(header()).resolves.toContain('Tenant: acme');
    await expect(page.evaluate(() => localStorage.getItem('docqa-admin-tenant'))).resolves.toBeNull();
  });

  it('switches to a tenant typed, says so once, and the tenant list follows', async () => {
    await page.getByRole('textbox', { name: /^Tenant name/ }).fill('newco');
    await page.getByRole('button', { name: 'Work on it' }).click();
    await page.getByText('Now working on tenant newco.').waitFor();
    await expect(page.getByText('Now working on tenant newco.').count()).resolves.toBe(1);
    await expect(header()).resolves.toContain('Tenant: newco');
    const select = page.getByRole('combobox', { name: /^Work on tenant/ });
    await expect(select.inputValue()).resolves.toBe('newco');
    await select.selectOption('acme');
    await page.getByText('Now working on tenant acme.').waitFor();
    await expect(header()).resolves.toContain('Tenant: acme');
    await select.selectOption('newco');
    await expect(select.inputValue()).resolves.toBe('newco');
  });

  it('forgets a remembered tenant name the admin cannot use', async () => {
    await page.evaluate(() => localStorage.setItem('docqa-admin-tenant', 'Bad Name!'));
    await page.goto(`${portal.url}tokens`);
    await focusedHeading(page, 'Tokens');
    await expect(header()).resolves.toContain('Tenant: acme');
    await page.getByRole('heading', { name: 'Tokens of acme' }).waitFor();
    await expect(page.getByText('no tenant', { exact: false }).count()).resolves.toBe(0);
    await expect(page.evaluate(() => localStorage.getItem('docqa-admin-tenant'))).resolves.toBeNull();
  });
});
