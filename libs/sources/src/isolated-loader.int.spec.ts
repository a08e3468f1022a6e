import { buildSync } from 'esbuild';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ValidationError } from '@docqa/errors';
import { minimalPdf } from './testing/minimal-pdf';
import { loadFileData } from './file-loader';
import { loadFileIsolated, parseThreadScript, pdfDocumentIsolated } from './isolated-loader';
import { DEFAULT_PARSE_LIMITS } from './parse-limits';
import { IDLE_MS } from './parse-threads';

const MB = 1024 * 1024;

/** The longest the event loop waited past a 10 ms timer while `work` ran. */
async function eventLoopStall<T>(
  work: Promise<T>,
): Promise<{ result: PromiseSettledResult<T>; stall: number }> {
  let stall = 0;
  let running = true;
  const probe = (async () => {
    while (running) {
      const before = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 10));
      stall = Math.max(stall, performance.now() - before - 10);
    }
  })();
  const [result] = await Promise.allSettled([work]);
  running = false;
  await probe;
  return { result, stall };
}

describe('loadFileIsolated', () => {
  let dir: string;
  let script: string;

  beforeAll(() => {
    // The thread's program as tools/build.mjs builds it, in a dist/ of the test's own (inside
    // the repository, where its dependencies resolve from node_modules).
    const cache = join(__dirname, '..', '..', '..', 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    dir = mkdtempSync(join(cache, 'docqa-parse-thread-'));
    script = join(dir, 'dist', 'libs', 'sources', 'parse-thread.js');
    buildSync({
      entryPoints: [join(__dirname, 'parse-thread.ts')],
      outfile: script,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      packages: 'external',
      logLevel: 'silent',
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the built thread program under dist/ or a copy of it, and none beside the sources', () => {
    expect(parseThreadScript(join(dir, 'dist', 'apps', 'worker'))).toBe(script);
    expect(parseThreadScript(__dirname)).toBeNull();
    expect(parseThreadScript(join(dir, 'elsewhere'))).toBeNull();
    const copy = join(dir, 'base-build', 'libs', 'sources', 'parse-thread.js');
    mkdirSync(dirname(copy), { recursive: true });
    cpSync(script, copy);
    expect(parseThreadScript(join(dir, 'base-build', 'apps', 'api'))).toBe(copy);
  });

  it('gives the document loadFileData gives, for each format', async () => {
    const files: [string, Uint8Array][] = [
      ['guide.md', Buffer.from('---\ntitle: Guide\n---\n# Install\n\nRun it.')],
      ['page.html', Buffer.from('<title>Page</title><main><h1>Hi</h1><p>Text</p></main>')],
      ['notes.txt', Buffer.from('plain words')],
      ['manual.pdf', minimalPdf({ lines: ['Rotate keys', 'Daily.'], title: 'Manual' })],
      ['image.png', Buffer.from('not a document')],
    ];
    for (const [name, data] of files)
      expect(await loadFileIsolated(name, data, { team: 'docs' }, DEFAULT_PARSE_LIMITS, script)).toEqual(
        await loadFileData(name, data, { team: 'docs' }),
      );
  });

  it('refuses a PDF bomb with its reason while the caller’s event loop and memory stay unmoved', async () => {
    // 300 MB of content in a PDF of about 300 KB.
    const bomb = minimalPdf({ lines: ['Bomb'], filler: 300 * MB });
    const rss = process.memoryUsage().rss;
    const limits = { ...DEFAULT_PARSE_LIMITS, inflatedBytes: 20 * MB };
    const { result, stall } = await eventLoopStall(loadFileIsolated('bomb.pdf', bomb, {}, limits, script));
    expect(result.status === 'rejected' && result.reason).toEqual(
      new ValidationError('the PDF inflates past 20 MB'),
    );
    expect(stall).toBeLessThan(200);
    // The thread's heap and the budget, not the 300 MB the streams inflate to.
    expect(process.memoryUsage().rss - rss).toBeLessThan(150 * MB);
  });

  it('stops a parse that runs past the time limit, on time, with the caller responsive meanwhile', async () => {
    // 40 MB of spaces for pdf.js to read through: seconds of work, within the inflation limit.
    const slow = minimalPdf({ lines: ['Slow'], filler: 40 * MB });
    const limits = { ...DEFAULT_PARSE_LIMITS, timeoutMs: 300 };
    const started = performance.now();
    const { result, stall } = await eventLoopStall(loadFileIsolated('slow.pdf', slow, {}, limits, script));
    expect(result.status === 'rejected' && result.reason).toEqual(
      new ValidationError('parsing took longer than 0.3 s'),
    );
    expect(performance.now() - started).toBeLessThan(3000);
    expect(stall).toBeLessThan(200);
  });

  it('refuses a file whose parse needs more than the thread’s heap, and the next file parses', async () => {
    // 300,000 text items: far more than 32 MB of pdf.js objects.
    const items = minimalPdf({ lines: Array.from({ length: 300_000 }, (_, i) => `line ${i}`) });
    const limits = { ...DEFAULT_PARSE_LIMITS, heapMb: 32 };
    await expect(loadFileIsolated('items.pdf', items, {}, limits, script)).rejects.toThrow(
      new ValidationError('parsing needed more than 32 MB of memory'),
    );
    const small = minimalPdf({ lines: ['Small'] });
    await expect(loadFileIsolated('small.pdf', small, {}, limits, script)).resolves.toMatchObject({
      content: 'Small',
    });
  });

  it('keeps a thread that answered for the next file: 20 files in a row take less than 5 thread starts', async () => {
    // A heap size of its own: no thread is waiting for these limits yet.
    const limits = { ...DEFAULT_PARSE_LIMITS, heapMb: 200 };
    const parse = (i: number) =>
      loadFileIsolated(`page-${i}.md`, Buffer.from(`# Page ${i}`), {}, limits, script);
    let started = performance.now();
    await expect(parse(0)).resolves.toMatchObject({ title: 'Page 0' });
    const cold = performance.now() - started;
    started = performance.now();
    for (let i = 1; i <= 20; i++) await expect(parse(i)).resolves.toMatchObject({ title: `Page ${i}` });
    expect(performance.now() - started).toBeLessThan(5 * cold);
  });

  it('hands the next file to a new thread, not to a waiting one its idle time has just ended', async () => {
    // A heap size of its own: the only thread waiting for these limits is this test's.
    const limits = { ...DEFAULT_PARSE_LIMITS, heapMb: 210 };
    const parse = (i: number) =>
      loadFileIsolated(`page-${i}.md`, Buffer.from(`# Page ${i}`), {}, limits, script);
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'performance', 'Date'] });
    try {
      await expect(parse(0)).resolves.toMatchObject({ title: 'Page 0' });
      // The waiting thread's time ends: it is told to terminate, and its exit is still to come.
      jest.advanceTimersByTime(IDLE_MS);
      await expect(parse(1)).resolves.toMatchObject({ title: 'Page 1' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('parses a fetched PDF as pdfDocument does, keeping its id, URL and fallback title', async () => {
    const source = {
      id: 'docs.acme.test/manual',
      data: minimalPdf({ lines: [] }),
      url: 'https://docs.acme.test/manual',
      fallbackTitle: 'manual',
    };
    await expect(pdfDocumentIsolated(source, script)).rejects.toThrow(/no text/);
    const doc = await pdfDocumentIsolated({ ...source, data: minimalPdf({ lines: ['Keys'] }) }, script);
    expect(doc).toMatchObject({ id: source.id, url: source.url, title: 'Keys', content: 'Keys' });
  });
});
