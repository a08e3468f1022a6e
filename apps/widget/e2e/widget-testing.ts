import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { startStack, type Stack, type StackOptions } from '@docqa/system-tests/testing';

/** The repository's root. */
export const root = join(__dirname, '../../..');

/** Builds the widget, then starts the stack serving it at `/widget/`. */
export function startWidgetStack(options: Omit<StackOptions, 'widgetDir'>): Promise<Stack> {
  execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'widget', '--quiet'], {
    cwd: root,
  });
  return startStack({ ...options, widgetDir: join(root, 'dist/apps/widget') });
}

/** A docs site of its own origin that embeds the widget the documented way: `pageFor` writes each page. */
export function docsSite(pageFor: (path: string) => string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(pageFor(req.url ?? '/'));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

/**
 * Waits until the complete answers in `scope` are rendered as Markdown. The renderer is a chunk
 * fetched with the first question: an answer complete before it arrives (a busy machine, a slow
 * network) is shown as plain lines, with no code block, table or citation link, until it does.
 */
export function markdownRendered(scope: Page | Locator): Promise<void> {
  return scope.locator('.answer .plain').first().waitFor({ state: 'detached' });
}
