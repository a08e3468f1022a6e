/**
 * Widget size and start-up: gzipped size of the initial module and of the lazily loaded Markdown
 * chunk, and the time from script load to the trigger button being interactive in Chromium
 * (median of 10 cold loads).
 *
 *   npm run bench:widget
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeBenchSection } from '../write-section';
import { launchChromium } from '@docqa/testing';
import { waitForUsableTrigger } from './trigger';

const dir = join(process.cwd(), 'dist/apps/widget');

function gz(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

async function main(): Promise<void> {
  const initial = gz(join(dir, 'assistant-widget.js'));
  const chunks = readdirSync(join(dir, 'chunks')).map((f) => gz(join(dir, 'chunks', f)));
  const lazy = chunks.reduce((a, b) => a + b, 0);

  const page = `<!doctype html><html><body><div id="assistant"></div>
<script>window.ASSISTANT_WIDGET = { api_url: location.origin + '/api/v2/', api_token: 'dq_bench' };
performance.mark('script-start');</script>
<script type="module" src="/widget/assistant-widget.js"></script></body></html>`;
  const server = createServer((req, res) => {
    if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    if (req.url?.startsWith('/widget/')) {
      const file = join(dir, req.url.slice('/widget/'.length));
      return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file));
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const context = await browser.newContext();
    const p = await context.newPage();
    await p.goto(origin);
    const usable = await waitForUsableTrigger(p, 'Ask anything and get answers');
    times.push(usable - (await p.evaluate(() => performance.getEntriesByName('script-start')[0]!.startTime)));
    await context.close();
  }
  await browser.close();
  server.close();
  const sorted = [...times].sort((a, b) => a - b);
  const median = (sorted[4]! + sorted[5]!) / 2;
  const text = [
    `Built by \`npm run build\`, gzip -9. Start-up: headless Chromium, cold context each load, local server, from the settings script to the trigger button being visible and enabled. Run on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| measure | result | budget / peers |',
    '|---|---|---|',
    `| initial module (Lit, the element, SSE client) | **${(initial / 1024).toFixed(1)} KB** gzipped | ≤ 30 KB; peers ship 196–456 KB |`,
    `| Markdown + sanitiser chunk, fetched with the first question | ${(lazy / 1024).toFixed(1)} KB gzipped | |`,
    `| script load → trigger interactive, median of 10 | **${median.toFixed(1)} ms** (min ${sorted[0]!.toFixed(1)}, max ${sorted[9]!.toFixed(1)}) | |`,
  ].join('\n');
  console.log(text);
  writeBenchSection('Widget', 'npm run build && npm run bench:widget', text);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
