import { buildSync } from 'esbuild';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LocalEmbedder } from './local-embedder';
import { embedThreadScript, ingestionEmbedder, ThreadedEmbedder } from './threaded-embedder';

describe('ThreadedEmbedder', () => {
  let dir: string;
  let script: string;

  beforeAll(() => {
    // The thread's program as tools/build.mjs builds it, in a dist/ of the test's own.
    dir = mkdtempSync(join(tmpdir(), 'docqa-embed-thread-'));
    script = join(dir, 'dist', 'libs', 'embedders', 'embed-thread.js');
    buildSync({
      entryPoints: [join(__dirname, 'embed-thread.ts')],
      outfile: script,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      logLevel: 'silent',
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('embeds documents on its thread as the local embedder does, to the last digit', async () => {
    const local = new LocalEmbedder();
    const embedder = new ThreadedEmbedder(local, script);
    try {
      const texts = Array.from(
        { length: 300 },
        (_, i) => `Rotate the signing key, step ${i}: docqa keys rotate`,
      );
      // Two batches at once, as two ingest jobs send them: each gets its own vectors back.
      const [first, second] = await Promise.all([
        embedder.embedDocuments(texts.slice(0, 128)),
        embedder.embedDocuments(texts.slice(128)),
      ]);
      const numbers = [...first, ...second].map((vector) => Array.from(vector));
      expect(numbers).toEqual(await local.embedDocuments(texts));
      // Views of one reply's buffer each, nothing copied onto the heap.
      // (The thread's reply is made outside the test's realm: its Float64Array is another one.)
      expect(Object.prototype.toString.call(first[0])).toBe('[object Float64Array]');
      expect(first[0]).toHaveLength(local.dimensions);
      expect(first[127]!.buffer).toBe(first[0]!.buffer);
      expect(second[0]!.buffer).not.toBe(first[0]!.buffer);
      expect(await embedder.embedQuery('rotate a key')).toEqual(await local.embedQuery('rotate a key'));
      expect(await embedder.embedDocuments([])).toEqual([]);
    } finally {
      await embedder.close();
    }
  });

  it('fails the batches under way when its thread stops, and starts a new thread for the next', async () => {
    const embedder = new ThreadedEmbedder(new LocalEmbedder(), script);
    try {
      // Stopped while it starts, long before it could have embedded this many texts.
      const underway = embedder.embedDocuments(Array.from({ length: 5_000 }, (_, i) => `text ${i}`));
      await (embedder as unknown as { thread: { terminate(): Promise<number> } }).thread.terminate();
      await expect(underway).rejects.toThrow(/thread stopped/);
      expect(await embedder.embedDocuments(['three'])).toHaveLength(1);
    } finally {
      await embedder.close();
    }
    await expect(embedder.embedDocuments(['four'])).resolves.toHaveLength(1);
    await embedder.close();
  });

  it('is what ingestion uses for the local embedder when the thread is built, and only then', () => {
    expect(embedThreadScript(join(dir, 'dist', 'apps', 'worker'))).toBe(script);
    expect(embedThreadScript(join(dir, 'elsewhere'))).toBeNull();
    // A build copied to a folder of another name (a deployment's, or a bench's base build).
    const copy = join(dir, 'base-build', 'libs', 'embedders', 'embed-thread.js');
    mkdirSync(dirname(copy), { recursive: true });
    cpSync(script, copy);
    expect(embedThreadScript(join(dir, 'base-build', 'apps', 'worker'))).toBe(copy);
    // Under test, the sources are not in a dist/: documents are embedded on the calling thread.
    expect(embedThreadScript()).toBeNull();
    const local = new LocalEmbedder();
    expect(ingestionEmbedder(local, script)).toBeInstanceOf(ThreadedEmbedder);
    expect(ingestionEmbedder(local, null)).toBe(local);
    const remote = { dimensions: 3, embedDocuments: async () => [], embedQuery: async () => [] };
    expect(ingestionEmbedder(remote, script)).toBe(remote);
  });
});
