import type { Page } from 'playwright-core';
import {
  adminApiUntil,
  focusedHeading,
  navigate,
  openPortal,
  shoot,
  signIn,
  startPortal,
  type Portal,
} from './portal-testing';

// Builds, a real stack and Chromium on a loaded machine: bounds, not expectations of speed.
jest.setTimeout(180_000);

describe('the portal in Chromium: sign-in, tokens and sign-out', () => {
  let portal: Portal;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    portal = await startPortal();
    ({ page, problems } = await openPortal(portal, 'tokens'));
  });
  afterAll(async () => {
    await page?.close();
    await portal?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  it('sends a visitor without a session to sign-in and refuses a wrong password in the page', async () => {
    await focusedHeading(page, 'Sign in to docqa');
    expect(new URL(page.url()).pathname).toBe('/admin/sign-in');
    // The command it gives works as written: `admins create` refuses an account without tenants.
    await page.getByText('docqa admins create --email you@example.com --tenant acme').waitFor();
    await shoot(page, 'sign-in');
    await signIn(page, 'not the password');
    await page.getByRole('alert').filter({ hasText: 'wrong email or password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/sign-in');
  });

  it('signs in and opens the page asked for first', async () => {
    await signIn(page);
    await focusedHeading(page, 'Tokens');
    expect(new URL(page.url()).pathname).toBe('/admin/tokens');
  });

  it('refuses a token with an invalid origin, with the reason in the form and nothing created', async () => {
    await page.getByLabel('Name').fill('broken');
    await page.getByRole('radio', { name: /^Widget token/ }).check();
    await page.getByRole('textbox', { name: /^Allowed origins/ }).fill('docs.example.com/guide');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('alert').filter({ hasText: 'origin' }).waitFor();
    await page.getByText('No tokens yet').waitFor();
  });

  it('creates a widget token, shows its clear value once, and revokes it', async () => {
    await page.getByLabel('Name').fill('docs site');
    await page.getByRole('radio', { name: /^Widget token/ }).check();
    await page.getByRole('textbox', { name: /^Allowed origins/ }).fill('https://docs.example.com');
    await page.getByRole('button', { name: 'Create token' }).click();
    const clear = (await page.getByTestId('clear-token').textContent())!.trim();
    expect(clear).toMatch(/^dq_/);
    const row = page.getByRole('row').filter({ hasText: 'docs site' });
    await row.getByText('https://docs.example.com').waitFor();
    await row.getByText('never', { exact: true }).waitFor();
    await shoot(page, 'tokens');
    // The token works until revoked, and its use shows as "last used".
    const settings = () =>
      fetch(`${portal.stack.apiUrl}settings/`, { headers: { authorization: `Bearer ${clear}` } });
    expect((await settings()).status).toBe(200);
    await adminApiUntil<{ tokens: { last_used_at: string | null }[] }>(page, 'admin/tokens/', (b) =>
      b.tokens.every((t) => t.last_used_at !== null),
    );

    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.reload();
    await focusedHeading(page, 'Tokens');
    await row.getByText('just now').waitFor();
    await expect(page.getByText(clear).count()).resolves.toBe(0);

    await row.getByRole('button', { name: 'Revoke docs site' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await page.getByRole('status').filter({ hasText: 'Token “docs site” revoked.' }).waitFor();
    await page.getByText('No tokens yet').waitFor();
    // The Revoke button left with its row; the focus is on the list, not back at the page's start.
    await focusedHeading(page, 'Tokens of acme', 2);
    expect((await settings()).status).toBe(401);
  });

  it('shows the account and signs out, ending the session on the server', async () => {
    await navigate(page, 'Account');
    await focusedHeading(page, 'Account');
    await page.getByText('ada@acme.test').waitFor();
    await shoot(page, 'account');
    const cookies = await page.context().cookies();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await focusedHeading(page, 'Sign in to docqa');
    await page.getByText('You are signed out.').waitFor();
    // The old cookie no longer opens a session.
    const header = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await fetch(`${portal.stack.apiUrl}admin/session`, { headers: { cookie: header } });
    expect(res.status).toBe(401);
  });

  it('returns to sign-in with a message when the session expires, then back to the page', async () => {
    await signIn(page);
    await focusedHeading(page, 'Account');
    // The session ends on the server (idle time-out, signed out elsewhere) while the page is open.
    const cookies = await page.context().cookies();
    const session = await fetch(`${portal.stack.apiUrl}admin/session`, {
      headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
    }).then((r) => r.json() as Promise<{ csrf_token: string }>);
    await fetch(`${portal.stack.apiUrl}admin/session`, {
      method: 'DELETE',
      headers: {
        cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
        'x-csrf-token': session.csrf_token,
      },
    });
    await navigate(page, 'Tokens');
    await page.getByText('Your session has expired. Sign in again to continue.').waitFor();
    await signIn(page);
    await focusedHeading(page, 'Tokens');
  });
});
