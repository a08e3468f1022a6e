import type { Page, Request } from 'playwright-core';
import { focusedHeading, navigate, openPortal, signIn, startPortal, type Portal } from './portal-testing';

// Builds, a real stack and Chromium on a loaded machine: bounds, not expectations of speed.
jest.setTimeout(180_000);

describe('the portal in Chromium: form errors in words, beside their fields', () => {
  let portal: Portal;
  let page: Page;
  let problems: string[];
  /** Requests that change something (POST, PUT, DELETE) the page sent, as `METHOD path`. */
  const sent: string[] = [];
  const record = (r: Request) => {
    if (r.method() !== 'GET') sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  };

  beforeAll(async () => {
    portal = await startPortal({ UPLOAD_MAX_FILE_MB: '1' });
    ({ page, problems } = await openPortal(portal, 'tokens'));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: portal.stack.baseUrl,
    });
    page.on('request', record);
    await signIn(page);
    await focusedHeading(page, 'Tokens');
  });
  afterAll(async () => {
    await page?.close();
    await portal?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  /** The message shown under the field labelled `label` (the one its aria-describedby names). */
  const fieldMessage = (label: string | RegExp) =>
    page.getByLabel(label).evaluate((el) => {
      const ids = (el.getAttribute('aria-describedby') ?? '').split(' ');
      const root = el.getRootNode() as ShadowRoot;
      return ids.map((id) => root.getElementById(id)?.textContent?.trim()).join(' | ');
    });

  it('checks a token before sending it: a scope, whole numbers, each under its field', async () => {
    sent.length = 0;
    await page.getByLabel('Name').fill('no scope');
    await page.getByRole('checkbox', { name: 'ask' }).uncheck();
    await page.getByLabel(/^Expires after/).fill('1.5');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The token was not created. Check Scopes and Expires after (days).' })
      .waitFor();
    await page.getByText('Choose at least one scope.').waitFor();
    await expect(fieldMessage(/^Expires after/)).resolves.toContain(
      'Enter a whole number of days, from 1 to 3650.',
    );
    await expect(page.getByLabel(/^Expires after/).getAttribute('aria-invalid')).resolves.toBe('true');
    // The focus goes to the first field to correct; nothing was sent.
    await expect(
      page
        .getByRole('checkbox', { name: 'ask' })
        .evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
    ).resolves.toBe(true);
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal under the field it concerns, in words', async () => {
    await page.getByRole('checkbox', { name: 'ask' }).check();
    await page.getByLabel(/^Expires after/).fill('');
    await page
      .getByRole('textbox', { name: /^Allowed origins/ })
      .fill('https://ok.example.com\ndocs.example.com/guide');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The token was not created. Check Allowed origins.' })
      .waitFor();
    await expect(fieldMessage(/^Allowed origins/)).resolves.toContain(
      'Line 2: must be an origin such as https://docs.example.com (no path)',
    );
    const alert = (await page.getByRole('alert').allTextContents()).join(' ');
    expect(alert).not.toMatch(/body\.|request body is invalid/);
    await page.getByText('No tokens yet').waitFor();
  });

  const createToken = async (name: string, filters = '') => {
    await page.getByLabel('Name').fill(name);
    await page.getByRole('textbox', { name: /^Allowed origins/ }).fill('');
    await page.getByRole('textbox', { name: /^Filters/ }).fill(filters);
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('heading', { name: `Token “${name}” created` }).waitFor();
  };

  it('lists each token’s filters as the form reads them', async () => {
    await createToken('token a', 'product = cloud\ntags ~ api | sdk');
    const filters = page
      .getByRole('row')
      .filter({ hasText: 'token a' })
      .getByRole('list', { name: 'Filters' });
    await filters.getByText('product = cloud').waitFor();
    await filters.getByText('tags ~ api | sdk').waitFor();
  });

  it('says "Copied." for the token copied, not for the next one created', async () => {
    const secret = page.locator('section.secret');
    await secret.getByRole('button', { name: 'Copy token' }).click();
    await secret.getByText('Copied.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe((await page.getByTestId('clear-token').textContent())!.trim());

    await createToken('token b');
    await expect(secret.getByRole('status').textContent()).resolves.toBe('');
  });

  it('gives an API token the server’s default expiry, and none with Never expires', async () => {
    const expiry = (name: string) =>
      page
        .getByRole('row')
        .filter({ hasText: name })
        .getByText(/^(expires .+|no expiry)$/)
        .textContent();
    await expect(expiry('token a')).resolves.toMatch(/^expires /);
    await page.getByRole('checkbox', { name: 'Never expires' }).check();
    await expect(page.getByLabel(/^Expires after/).isDisabled()).resolves.toBe(true);
    await createToken('token forever');
    await expect(expiry('token forever')).resolves.toBe('no expiry');
    // The form starts over with the default.
    await expect(page.getByRole('checkbox', { name: 'Never expires' }).isChecked()).resolves.toBe(false);
  });

  it('previews the widget with a token the server issues, for another admin in a fresh tab too', async () => {
    await navigate(page, 'Widget');
    await focusedHeading(page, 'Widget');
    await page
      .getByRole('region', { name: 'Widget preview' })
      .getByPlaceholder('Ask anything and get AI-generated answers...')
      .waitFor();
    await portal.createAdmin({ email: 'bo@acme.test', password: 'another long password', tenants: ['acme'] });
    const { page: other, problems: otherProblems } = await openPortal(portal, 'widget');
    try {
      await signIn(other, 'another long password', 'bo@acme.test');
      await focusedHeading(other, 'Widget');
      const preview = other.getByRole('region', { name: 'Widget preview' });
      await preview.getByPlaceholder('Ask anything and get AI-generated answers...').waitFor();
      await other.getByLabel('CHAT_PLACEHOLDER').fill('Previewed by Bo');
      await preview.getByPlaceholder('Previewed by Bo').waitFor();
      await expect(preview.getByRole('alert').count()).resolves.toBe(0);
      // The preview's token is not one of the tenant's tokens.
      await navigate(other, 'Tokens');
      await focusedHeading(other, 'Tokens');
      await other.getByRole('row').filter({ hasText: 'token forever' }).waitFor();
      await expect(other.getByRole('row').filter({ hasText: 'preview' }).count()).resolves.toBe(0);
      expect(otherProblems).toEqual([]);
    } finally {
      await other.close();
    }
  });

  const json = () => page.getByRole('textbox', { name: /^Filters \(JSON\)/ });

  it('names the keys of the filters JSON it does not take, and sends nothing', async () => {
    sent.length = 0;
    await json().fill('{"unknown_key": 1}');
    await expect(fieldMessage(/^Filters \(JSON\)/)).resolves.toContain(
      'Unknown key "unknown_key": this field takes filters, api_filters and default_filters only.',
    );
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The settings were not saved. Check Filters (JSON).' })
      .waitFor();
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusals of the settings (a logo’s scheme, a label’s key) under their fields', async () => {
    // The server's own checks, answered here as it words them: the page's part is tested alone.
    await page.route('**/api/v2/admin/settings/', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/problem+json',
            json: {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              detail: 'the request body is invalid',
              errors: [
                {
                  path: 'body.logo_url',
                  message: 'must be an http(s) or data:image URL, or a path relative to the page',
                },
                { path: 'body.labels', message: 'Unrecognized key: "FOO"' },
              ],
            },
          })
        : route.fallback(),
    );
    await json().fill('{"default_filters": {"product": "cloud"}}');
    await page.getByLabel(/^Logo address/).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The settings were not saved. Check Logo address and Labels.' })
      .waitFor();
    await expect(fieldMessage(/^Logo address/)).resolves.toContain(
      'Must be an http(s) or data:image URL, or a path relative to the page.',
    );
    await page.getByRole('group', { name: 'Labels' }).getByText('Unknown key "FOO".').waitFor();
    await expect(fieldMessage(/^Filters \(JSON\)/)).resolves.toBe(
      'An object of filters (dropdowns), api_filters and default_filters.',
    );
    await page.unroute('**/api/v2/admin/settings/');
  });

  it('names a file too big once, with its reason', async () => {
    await navigate(page, 'Knowledge base');
    await focusedHeading(page, 'Knowledge base');
    await page.locator('upload-drop input[type=file]').setInputFiles({
      name: 'huge.md',
      mimeType: 'text/markdown',
      buffer: Buffer.alloc(1_300_000, 'a'),
    });
    const alert = page.getByRole('alert').filter({ hasText: 'huge.md' });
    await alert.waitFor();
    const text = (await alert.textContent())!.replace(/\s+/g, ' ').trim();
    expect(text).toBe('No file was uploaded. huge.md: larger than 1 MB');
  });
});
