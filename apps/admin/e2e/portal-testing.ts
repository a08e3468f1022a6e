import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Redis } from 'ioredis';
import { AdminAccountStore } from '@docqa/auth';
import type { Role } from '@docqa/contracts';
import { Keys } from '@docqa/redis';
import { startStack, type Stack } from '@docqa/system-tests/testing';
import { deletePrefix, launchChromium, testPrefix, testRedis } from '@docqa/testing';

const root = join(__dirname, '../../..');

/** How long a locator waits for its condition before failing. */
export const LOCATOR_TIMEOUT_MS = 120_000;

/** The test admin's credentials. */
export const ADMIN = { email: 'ada@acme.test', password: 'correct horse battery staple' };

/** The docs' screenshots are rewritten only on request (`UPDATE_SCREENSHOTS=1`); else a scratch folder. */
const screenshots = process.env.UPDATE_SCREENSHOTS
  ? join(root, 'docs/screenshots')
  : mkdtempSync(join(tmpdir(), 'docqa-admin-screenshots-'));

/** The real API and worker serving the built portal and widget, an admin of `acme`, and Chromium. */
export interface Portal {
  stack: Stack;
  browser: Browser;
  /** `stack.baseUrl + '/admin/'`. */
  url: string;
  /** Creates another portal account (its keys go with the stack's at `close`). */
  createAdmin(admin: {
    email: string;
    password: string;
    tenants?: string[];
    allTenants?: boolean;
    role?: Role;
  }): Promise<void>;
  /** Adds documents to `acme` through the API and resolves once their ingest job completed. */
  addDocuments(
    documents: { id: string; title: string; content: string; url?: string; version?: string }[],
  ): Promise<void>;
  close(): Promise<void>;
}

/** Builds the portal and the widget, starts the stack and Chromium. */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  for (const only of ['admin', 'widget'])
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', only, '--quiet'], { cwd: root });
  mkdirSync(screenshots, { recursive: true });
  const prefix = testPrefix('portal');
  const redis: Redis = testRedis();
  const stack = await startStack({
    prefix,
    env,
    widgetDir: join(root, 'dist/apps/widget'),
    adminDir: join(root, 'dist/apps/admin'),
  });
  const accounts = new AdminAccountStore({ redis, keys: new Keys(prefix) });
  await accounts.create({ ...ADMIN, tenants: ['acme'] });
  const browser = await launchChromium();
  return {
    stack,
    browser,
    url: `${stack.baseUrl}/admin/`,
    async createAdmin({ tenants = [], ...rest }) {
      await accounts.create({ ...rest, tenants });
    },
    async addDocuments(documents) {
      const token = await stack.createToken({ tenant: 'acme', scopes: ['ingest'] });
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const res = await fetch(`${stack.apiUrl}documents/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ documents }),
      });
      expect(res.status).toBe(202);
      const { job_id } = (await res.json()) as { job_id: string };
      for (;;) {
        const job = (await fetch(`${stack.apiUrl}jobs/${job_id}`, { headers }).then((r) => r.json())) as {
          status: string;
        };
        expect(job.status).not.toBe('failed');
        if (job.status === 'completed') return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      await browser.close();
      await stack.close();
      await deletePrefix(redis, prefix);
      await redis.quit();
    },
  };
}

/** A new page of the portal that reports any CSP violation or uncaught error to `problems`. */
export async function openPortal(portal: Portal, path = ''): Promise<{ page: Page; problems: string[] }> {
  const page = await portal.browser.newPage({ viewport: { width: 1280, height: 800 } });
  // Ingest jobs and answers on a loaded machine: wait for conditions, up to a generous bound.
  page.setDefaultTimeout(LOCATOR_TIMEOUT_MS);
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) problems.push(msg.text());
  });
  await page.goto(portal.url + path);
  return { page, problems };
}

/** Calls the admin API with the page's session (cookie and tenant header), until `ok` holds. */
export async function adminApiUntil<T>(page: Page, path: string, ok: (body: T) => boolean): Promise<T> {
  for (;;) {
    const body = await page.evaluate(
      (p) => fetch(`/api/v2/${p}`, { headers: { 'x-docqa-tenant': 'acme' } }).then((r) => r.json()),
      path,
    );
    if (ok(body as T)) return body as T;
    await page.waitForTimeout(100);
  }
}

/** Signs in through the form and waits for the page the portal opens next. */
export async function signIn(page: Page, password = ADMIN.password, email = ADMIN.email): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The heading of the page shown, once it is focused (the portal moves focus on each route change);
 * with `level` 2, the heading of a section that took the focus.
 */
export async function focusedHeading(page: Page, name: string, level = 1): Promise<void> {
  await page.getByRole('heading', { level, name }).waitFor();
  await page.waitForFunction(
    ({ text, tag }) => {
      let el: Element | null = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return !!el && el.tagName === tag && el.textContent?.trim() === text;
    },
    { text: name, tag: `H${level}` },
  );
}

/** Goes to a page through the navigation (opening the menu on a phone). */
export async function navigate(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name }).click();
}

/**
 * Screenshots of the page on a desktop and on a 375 px phone (`docs/screenshots/admin-NAME-*.png`),
 * once the phone's page fits: no sideways scrolling, tables stacked, no button cut.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  await page.screenshot({ path: join(screenshots, `admin-${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await overflowing(page)).toEqual([]);
  expect([(await unstackedTables(page)).problems, await cutButtons(page)]).toEqual([[], []]);
  await page.screenshot({ path: join(screenshots, `admin-${name}-phone.png`), fullPage: true });
  await page.setViewportSize(size);
}

/**
 * Nothing when the page fits the viewport's width; else what sticks out (in any shadow root), to
 * say why a phone would scroll sideways. Content of a scrolling box (a table, a code block) may.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scroll = document.documentElement.scrollWidth;
    if (scroll <= width + 1) return [];
    const found = [`the page is ${scroll}px wide`];
    const visit = (root: Document | ShadowRoot) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node instanceof Text) {
          // Text sticks out of a box that does not grow with it (a word that cannot break).
          const range = document.createRange();
          range.selectNodeContents(node);
          const right = range.getBoundingClientRect().right;
          if (right > width + 1) found.push(`text "${node.data.trim().slice(0, 40)}" ${Math.round(right)}px`);
          continue;
        }
        const el = node as Element;
        const box = el.getBoundingClientRect();
        if (box.right > width + 1)
          found.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(box.right)}px`);
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document);
    return found;
  });
}

/**
 * The tables shown (in any shadow root) and what in them is not stacked as a phone shows them:
 * each data cell a line across its row's card, led by its column's header as a visible label.
 */
export function unstackedTables(page: Page): Promise<{ tables: number; problems: string[] }> {
  return page.evaluate(() => {
    const problems: string[] = [];
    let tables = 0;
    const visit = (root: Document | ShadowRoot) => {
      for (const table of root.querySelectorAll('table')) {
        const width = table.getBoundingClientRect().width;
        if (width < 2) continue; // the figures of a chart, for screen readers only
        tables++;
        const headers = [...(table.tHead?.rows[0]?.cells ?? [])].map((th) => th.textContent!.trim());
        if (table.getAttribute('role') !== 'table') problems.push('a table without its table role');
        for (const body of table.tBodies)
          for (const row of body.rows)
            for (const [i, cell] of [...row.cells].entries()) {
              const box = cell.getBoundingClientRect();
              const label = getComputedStyle(cell, '::before').content;
              if (box.width < width * 0.8)
                problems.push(`"${headers[i]}" cell ${Math.round(box.width)} of ${Math.round(width)}px`);
              if (!label.startsWith(JSON.stringify(headers[i])))
                problems.push(`"${headers[i]}" cell labelled ${label}`);
            }
      }
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
    };
    visit(document);
    return { tables, problems };
  });
}

/** The buttons shown (in any shadow root) whose text is cut or that lie outside the viewport. */
export function cutButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    const visit = (root: Document | ShadowRoot) => {
      for (const button of root.querySelectorAll<HTMLElement>('button, .button')) {
        const box = button.getBoundingClientRect();
        if (!box.width || getComputedStyle(button).visibility === 'hidden') continue;
        const name = button.textContent!.trim().slice(0, 30);
        if (button.scrollWidth > button.clientWidth) found.push(`"${name}" cut`);
        if (box.left < 0 || box.right > width + 1)
          found.push(`"${name}" at ${Math.round(box.left)}–${Math.round(box.right)}px`);
      }
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
    };
    visit(document);
    return found;
  });
}

/** A docs site of its own origin whose page embeds the widget with the snippet the portal gave. */
export function docsSite(): Promise<{ server: Server; origin: string; setSnippet(s: string): void }> {
  let snippet = '';
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Acme docs</title></head><body><h1>Acme docs</h1>\n${snippet}\n</body></html>`);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        setSnippet: (s) => (snippet = s),
      }),
    ),
  );
}
