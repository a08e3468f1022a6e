/**
 * Widget size and start-up: gzipped size of the initial module and of the lazily loaded Markdown
 * chunk, and the time from script load to the trigger button being interactive in Chromium
 * (median of 10 cold loads), and keystroke → results painted in the search modal on the demo
 * (see ./keystroke).
 *
 *   npm run bench:widget
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import express from 'express';
import { staticAssets } from '@docqa/api-server';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { reportBenchSection } from '../write-section';
import { runBench } from '../run-bench';
import { getRaw, launchChromium } from '@docqa/testing';
import { waitForUsableTrigger } from './trigger';
import { measureKeystrokes, WORDS } from './keystroke';
import { percentile } from '../search-speed/deployment';

const dir = join(process.cwd(), 'dist/apps/widget');

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function gz(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

async function main(): Promise<void> {
  // The initial module is the entry and the shared chunks it imports statically (the build splits
  // what the lazy chunks share with it into those).
  const entry = readFileSync(join(dir, 'assistant-widget.js'), 'utf8');
  const shared = [...entry.matchAll(/from\s*"\.\/(chunks\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const initialFiles = [join(dir, 'assistant-widget.js'), ...shared.map((f) => join(dir, f))];
  const initial = initialFiles.map(gz).reduce((a, b) => a + b, 0);
  // The lazy chunks this build's initial module imports (the folder keeps older builds' chunks too).
  const initialText = initialFiles.map((f) => readFileSync(f, 'utf8')).join('\n');
  const chunk = (pattern: string) =>
    [...new Set(initialText.match(new RegExp(`\\b(${pattern})-\\w+\\.js`, 'g')))].map((f) =>
      join(dir, 'chunks', f),
    );
  const kitFile = chunk('answer-kit')[0]!;
  const lazy = gz(kitFile);
  const searchChunk = chunk('assistant-search-dialog')[0];
  const search = searchChunk ? gz(searchChunk) : 0;
  const languages = chunk('de|fr|es|pt|it|ja|zh-CN|ko|ar').map(gz);

  const page = `<!doctype html><html><body><div id="assistant"></div>
<script>window.ASSISTANT_WIDGET = { api_url: location.origin + '/api/v2/', api_token: 'dq_bench' };
performance.mark('script-start');</script>
<script type="module" src="/widget/assistant-widget.js"></script></body></html>`;
  // The widget is served as the API serves it: the same middleware, pre-compressed files.
  const app = express()
    .get('/', (_req, res) => void res.type('html').send(page))
    .use('/widget', staticAssets(dir, { entryMaxAgeSeconds: 300, crossOrigin: true }))
    .use((_req, res) => void res.json({}));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const wire = async (path: string, encoding: string) =>
    (await getRaw(`${origin}${path}`, encoding)).body.length;
  const lazyPath = `/widget/chunks/${basename(kitFile)}`;
  const sent = {
    initialBr: await wire('/widget/assistant-widget.js', 'br, gzip'),
    initialGz: await wire('/widget/assistant-widget.js', 'gzip'),
    initialPlain: await wire('/widget/assistant-widget.js', 'identity'),
    lazyBr: await wire(lazyPath, 'br, gzip'),
    lazyGz: await wire(lazyPath, 'gzip'),
  };
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
  server.close();
  const loadBefore = loadavg()[0]!.toFixed(1);
  const keys = await measureKeystrokes(browser, dir);
  const loadAfter = loadavg()[0]!.toFixed(1);
  await browser.close();
  const ms = (values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    return `p50 **${percentile(s, 0.5).toFixed(1)} ms**, p95 ${percentile(s, 0.95).toFixed(1)} ms`;
  };
  const sorted = [...times].sort((a, b) => a - b);
  const median = (sorted[4]! + sorted[5]!) / 2;
  const text = [
    `Built by \`npm run build\`, gzip -9. Start-up: headless Chromium, cold context each load, local server, from the settings script to the trigger button being visible and enabled. Run on ${new Date().toISOString().slice(0, 10)}, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')} (2 cores; start-up time depends on it, sizes do not).`,
    '',
    '| measure | result | budget / peers |',
    '|---|---|---|',
    `| initial module with its shared chunks (Lit, the element, SSE client) | **${(initial / 1024).toFixed(1)} KB** gzipped (${initial.toLocaleString('en')} bytes) | ≤ 20 KB; peers ship 196–456 KB |`,
    `| Markdown renderer + sanitiser, an answer's views (sources, copy, feedback), styles and texts (answer-kit), fetched when the chat opens or is focused, or with the first answer | ${(lazy / 1024).toFixed(1)} KB gzipped | |`,
    `| search modal chunk (search mode), fetched when it first opens | ${(search / 1024).toFixed(1)} KB gzipped | |`,
    `| one language's texts, fetched when chosen (${languages.length} languages) | ${(Math.min(...languages) / 1024).toFixed(1)}–${(Math.max(...languages) / 1024).toFixed(1)} KB gzipped | |`,
    `| entry file alone on the wire as docqa serves it (its shared chunks come besides) | **${kb(sent.initialBr)} KB** brotli, ${kb(sent.initialGz)} KB gzip (${kb(sent.initialPlain)} KB uncompressed) | |`,
    `| answer-kit chunk on the wire as docqa serves it | ${kb(sent.lazyBr)} KB brotli, ${kb(sent.lazyGz)} KB gzip | |`,
    `| script load → trigger interactive, median of 10 | **${median.toFixed(1)} ms** (min ${sorted[0]!.toFixed(1)}, max ${sorted[9]!.toFixed(1)}) | |`,
    `| search modal: keystroke → results painted, debounce excluded (request sent → first frame after the results render), ${keys.total.length} keystrokes | ${ms(keys.afterDebounce)} | p50 ≤ 80 ms |`,
    `| search modal: keystroke → results painted, all of it (\`input\` event → that frame, with the 90 ms debounce and its timer's lateness) | ${ms(keys.total)} | |`,
    '',
    `Keystrokes: the search demo page (\`/search\`, docqa's docs/ ingested as \`npm start\` does, the API, worker and embedded store in the bench's process with its own Redis, the visitor rate limit raised), headless Chromium at 1280×800, the words ${WORDS.map((w) => `"${w}"`).join(', ')} typed letter by letter into an empty field, each keystroke once the previous one's results are painted (one word typed first, untimed). Painted: the widget marks \`assistant-search-results\` in the task that rendered them; the page then waits for the next animation frame and a task after it. Load average (1 min) ${loadBefore} before the keystrokes, ${loadAfter} after.`,
  ].join('\n');
  reportBenchSection('Widget', 'npm run build && npm run bench:widget', text);
}

runBench(main);
