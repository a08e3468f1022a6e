import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import type { Browser } from 'playwright-core';

/** A static server whose folder is set once the site is built (its origin is needed before). */
export interface SiteServer {
  origin: string;
  serve(dir: string): void;
  close(): Promise<void>;
}

/** Starts a static file server on a free port of 127.0.0.1. */
export async function startSiteServer(): Promise<SiteServer> {
  let files: RequestHandler | undefined;
  const app = express().use((req, res, next) => (files ? files(req, res, next) : next()));
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve: (dir) => void (files = express.static(dir)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What a visitor of the site saw. */
export interface SiteVisit {
  /** The answer's text. */
  answer: string;
  /** The second page was opened without loading a new document (a single-page app's navigation). */
  inPlace: boolean;
}

/** `promise`, or a rejection once `ms` have passed. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`none within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const TRIGGER_TITLE = 'Ask anything and get answers';
const PLACEHOLDER = 'Ask anything and get AI-generated answers...';

/**
 * Opens the site's page in Chromium and checks what a visitor does: the widget's button is there
 * (mounted), Ctrl-K opens the popup with the cursor in the question field, and a question is
 * answered with its sources, and the widget is still there on the site's second page (a link
 * "Sign in" leads to it). On a site whose own search takes Ctrl-K (`siteSearchKey`), the key must
 * stay the search's (the widget leaves a key the page handled first) and the widget's button opens
 * it instead. With `screenshot`, the page with its answer is saved there.
 */
export async function visitSite(
  browser: Browser,
  url: string,
  question: string,
  screenshot?: string,
  siteSearchKey = false,
): Promise<SiteVisit> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 640 } });
  const step = async <T>(what: string, action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (err) {
      throw new Error(`${what}: ${(err as Error).message.split('\n')[0]}`);
    }
  };
  try {
    await page.goto(url);
    await step('the widget did not mount (no button)', () =>
      page.getByTitle(TRIGGER_TITLE).waitFor({ timeout: 30_000 }),
    );
    // The answer event bubbles out of the shadow root when the answer is complete.
    await page.evaluate(() => {
      const w = window as unknown as { __answered: Promise<unknown> };
      w.__answered = new Promise((resolve) =>
        document.addEventListener('assistant-answer', (e) => resolve((e as CustomEvent).detail), {
          once: true,
        }),
      );
    });
    const field = page.getByPlaceholder(PLACEHOLDER);
    // Whether a script handled Ctrl-K (called `preventDefault()`), read after every handler the
    // page and the widget added before this one, on the window, where the event ends.
    await page.evaluate(() =>
      window.addEventListener('keydown', (e) => {
        if (e.key === 'k') (window as unknown as { __keyTaken: boolean }).__keyTaken = e.defaultPrevented;
      }),
    );
    await page.keyboard.press('Control+k');
    if (siteSearchKey) {
      await step("Ctrl-K opened the widget over the site's own search", async () => {
        if (await field.isVisible()) throw new Error('the question field is shown');
      });
      // The site's search took the key: someone handled it, and not the widget. (Its box may get
      // the cursor only once the search has loaded: Starlight's Pagefind starts when the page is idle.)
      await step("Ctrl-K was not handled by the site's own search", async () => {
        const taken = await page.evaluate(() => (window as unknown as { __keyTaken?: boolean }).__keyTaken);
        if (!taken) throw new Error('no script of the page handled it');
      });
      await page.keyboard.press('Escape');
      await page.getByTitle(TRIGGER_TITLE).click();
    }
    await step(`${siteSearchKey ? 'the button' : 'Ctrl-K'} did not open the question field`, async () => {
      await field.waitFor({ timeout: 10_000 });
      const focused = await field.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement);
      if (!focused) throw new Error('the field is not focused');
    });
    await field.fill(question);
    await page.keyboard.press('Enter');
    const record = await step('no answer', () =>
      within(
        120_000,
        page.evaluate(() => (window as unknown as { __answered: Promise<{ response?: string }> }).__answered),
      ),
    );
    await step('no sources under the answer', () =>
      page.getByText('Documents in response').waitFor({ timeout: 30_000 }),
    );
    if (screenshot) await page.screenshot({ path: screenshot });
    // A full page load mounts the widget again; a single-page app's navigation must leave it be.
    await page.keyboard.press('Escape');
    await page.evaluate(() => void ((window as unknown as { __firstPage: boolean }).__firstPage = true));
    // The link in the page's text: a theme's navigation may list the page in a closed drawer too.
    await page.locator('p', { hasText: 'with your account' }).getByRole('link', { name: 'Sign in' }).click();
    await step('the second page did not open', () => page.waitForURL(/signin/, { timeout: 30_000 }));
    await step('the widget is gone on the second page', () =>
      page.getByTitle(TRIGGER_TITLE).waitFor({ timeout: 30_000 }),
    );
    const inPlace = await page.evaluate(
      () => (window as unknown as { __firstPage?: boolean }).__firstPage === true,
    );
    return { answer: record.response ?? '', inPlace };
  } finally {
    await page.close();
  }
}
