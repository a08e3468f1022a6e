/**
 * Search speed and ingestion throughput of the embedded store on a synthetic corpus (default
 * 100,000 chunks): chunks/s with local embeddings, search p50/p95 per mode, peak RSS.
 *
 *   npm run bench:search-speed [-- --chunks 100000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { SearchMode } from '@docqa/contracts';
import { EmbeddedStore, LocalEmbedder, Retrieval, type EmbeddedChunk } from '@docqa/retrieval';
import { writeBenchSection } from '../write-section';
import { emanual } from '../eval-data';

const { values } = parseArgs({ options: { chunks: { type: 'string', default: '100000' } } });
const TOTAL = Number(values.chunks);
const BATCH = 5000;

/** A deterministic pseudo-random generator, so every run indexes the same corpus. */
function rng(seed: number): () => number {
  return () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

async function main(): Promise<void> {
  // Real words with a Zipf-like draw: the emanual-tv manual's vocabulary.
  const vocabulary = [
    ...new Set(emanual().docs.flatMap((d) => d.text.toLowerCase().match(/[a-z]{3,}/g) ?? [])),
  ];
  const random = rng(42);
  const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 2.5)]!;
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');

  const dir = mkdtempSync(join(tmpdir(), 'docqa-bench-speed-'));
  const store = await EmbeddedStore.open(dir);
  const embedder = new LocalEmbedder();
  const started = performance.now();
  for (let i = 0; i < TOTAL; i += BATCH) {
    const texts = Array.from({ length: Math.min(BATCH, TOTAL - i) }, () => sentence(80));
    const vectors = await embedder.embedDocuments(texts);
    const chunks: EmbeddedChunk[] = texts.map((text, j) => ({
      tenant: j % 10 === 0 ? 'other' : 'bench',
      document_id: `d${Math.floor((i + j) / 5)}`,
      chunk_id: `c${i + j}`,
      title: sentence(4),
      url: null,
      heading: sentence(3),
      text,
      metadata: { product: j % 3 === 0 ? 'cli' : 'api' },
      vector: vectors[j]!,
    }));
    await store.replaceDocuments(chunks[0]!.tenant, [], chunks);
  }
  await store.optimize();
  const ingestSeconds = (performance.now() - started) / 1000;

  const retrieval = new Retrieval({ store, embedder });
  const rows: string[] = [];
  for (const mode of ['keyword', 'semantic', 'hybrid'] as SearchMode[]) {
    const times: number[] = [];
    for (let q = 0; q < 200; q++) {
      const query = sentence(5);
      const t0 = performance.now();
      await retrieval.search({ tenants: ['bench'], query, mode, filters: [], limit: 10 });
      if (q >= 10) times.push(performance.now() - t0); // the first queries warm caches
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| ${mode} | ${times[Math.floor(times.length * 0.5)]!.toFixed(1)} | ${times[Math.floor(times.length * 0.95)]!.toFixed(1)} |`,
    );
  }
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  const peakMb = process.resourceUsage().maxRSS / 1024;
  const text = [
    `${TOTAL.toLocaleString('en')} synthetic chunks of 80 words drawn from the emanual-tv vocabulary, two tenants, embedded store (LanceDB, FTS index, IVF-PQ vector index past 20,000 rows), local embeddings; 190 timed queries of 5 words per mode after 10 warm-up queries, one tenant, limit 10. One process, run on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    `Ingestion (embedding + writes + index build): **${Math.round(TOTAL / ingestSeconds)} chunks/s** (${ingestSeconds.toFixed(1)} s in all; target ≥ 500/s). Peak RSS of the process: ${peakMb.toFixed(0)} MB.`,
    '',
    '| mode | p50 ms | p95 ms |',
    '|---|---|---|',
    ...rows,
    '',
    'Target: p50 ≤ 20 ms.',
  ].join('\n');
  console.log(text);
  writeBenchSection('Search speed', `npm run bench:search-speed -- --chunks ${TOTAL}`, text);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
