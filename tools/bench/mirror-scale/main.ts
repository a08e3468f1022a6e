/**
 * The search mirror at scale, in one process, without the ingestion pipeline: a table of
 * `--chunks` synthetic chunks (the search-speed bench's corpus: a heading and 80 words of the
 * emanual-tv vocabulary, Zipf-like) is written through the embedded store straight from memory,
 * each chunk given one of a pool of real local embeddings (embedding a million texts would take
 * the run's hour), with its full-text index. Then a store with a search mirror is opened on it and
 * measured: the mirror's build afresh (time, bytes per chunk by part, the process's RSS), searches
 * per mode through it, and searches while `--import` more chunks are appended (in jobs of 1,000,
 * as ingestion writes them) and for `--after-seconds` after: the mirror takes them in by row id
 * (staged, while searches of the version it holds go on through it), where before issue 43
 * searches went to LanceDB's indexes until it had caught up.
 *
 *   npm run bench:mirror-scale [-- --chunks 1000000 --import 100000 --after-seconds 60]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as lancedb from '@lancedb/lancedb';
import type { SearchMode } from '@docqa/contracts';
import { EmbeddedStore, type MirrorBytes } from '@docqa/embedded-store';
import { LocalEmbedder } from '@docqa/embedders';
import { Retrieval, type EmbeddedChunk } from '@docqa/retrieval';
import { emanual } from '../eval-data';
import { reportBenchSection } from '../write-section';
import { runBench } from '../run-bench';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '1000000' },
    import: { type: 'string', default: '100000' },
    'after-seconds': { type: 'string', default: '60' },
  },
});
const TOTAL = Number(values.chunks);
const IMPORT = Number(values.import);
const AFTER_SECONDS = Number(values['after-seconds']);
/** Distinct embeddings the chunks take in turn. */
const POOL = 4_000;
const WRITE_BATCH = 10_000;
const JOB = 1_000;
const QUERIES = 200;
const MODES: SearchMode[] = ['keyword', 'semantic', 'hybrid'];

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;
const p50p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.95).toFixed(1)} | ${percentile(sorted, 0.99).toFixed(1)}`;
};

async function main(): Promise<void> {
  const loadBefore = load();
  const vocabulary = [
    ...new Set(emanual().docs.flatMap((d) => d.text.toLowerCase().match(/[a-z]{3,}/g) ?? [])),
  ];
  let seed = 42;
  const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 2.5)]!;
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  const embedder = new LocalEmbedder();
  const pool = Array.from({ length: POOL }, () => embedder.embed(sentence(40)));
  const chunks = (from: number, n: number): EmbeddedChunk[] =>
    Array.from({ length: n }, (_, i) => {
      const id = `d${from + i}`;
      return {
        tenant: (from + i) % 10 === 9 ? 'other' : 'bench',
        document_id: id,
        chunk_id: `${id}#0`,
        title: sentence(4),
        url: null,
        heading: sentence(3),
        text: sentence(80),
        metadata: { product: (from + i) % 3 === 0 ? 'cli' : 'api' },
        vector: pool[(from + i) % POOL]!,
      };
    });

  const dir = mkdtempSync(join(tmpdir(), 'docqa-bench-mirror-scale-'));
  const writer = await EmbeddedStore.open(dir, { searchMirror: false });
  let searcher: EmbeddedStore | null = null;
  try {
    let started = performance.now();
    for (let i = 0; i < TOTAL; i += WRITE_BATCH)
      await writer.replaceDocuments('bench', [], chunks(i, Math.min(WRITE_BATCH, TOTAL - i)));
    const writeSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const db = await lancedb.connect(dir);
    const table = await db.openTable('chunks');
    await table.createIndex('search_text', { config: lancedb.Index.fts({ withPosition: false }) });
    table.close();
    db.close();
    const ftsSeconds = (performance.now() - started) / 1000;

    const builds: { ms: number; rows: number; bytes?: MirrorBytes }[] = [];
    const caughtUp: { added: number; rebuilt: boolean }[] = [];
    const rssBefore = process.memoryUsage().rss;
    searcher = await EmbeddedStore.open(dir, {
      searchMirror: {
        caughtUp: (info) => {
          caughtUp.push(info);
          if (info.rebuilt) builds.push(info);
        },
        failed: (error) => console.error(error),
      },
    });
    started = performance.now();
    await searcher.mirrorReady();
    const buildSeconds = (performance.now() - started) / 1000;
    const build = builds.at(-1)!;
    const rssBuilt = process.memoryUsage().rss;
    const retrieval = new Retrieval({ store: searcher, embedder });
    const search = async (mode: SearchMode) =>
      (await retrieval.search({ tenants: ['bench'], query: sentence(5), mode, filters: [], limit: 10 }))
        .took_ms;
    const modes: string[] = [];
    for (const mode of MODES) {
      for (let q = 0; q < 20; q++) await search(mode);
      const took: number[] = [];
      for (let q = 0; q < QUERIES; q++) took.push(await search(mode));
      modes.push(`| ${mode} | ${p50p95(took)} |`);
    }

    // The import: jobs of 1,000 chunks appended one after another while hybrid searches go on.
    const stretches = { during: [] as number[], after: [] as number[] };
    let stretch: keyof typeof stretches = 'during';
    let searching = true;
    const searches = (async () => {
      while (searching) stretches[stretch].push(await search('hybrid'));
    })();
    searches.catch(() => undefined);
    started = performance.now();
    const caughtUpBefore = caughtUp.length;
    for (let i = TOTAL; i < TOTAL + IMPORT; i += JOB)
      await writer.replaceDocuments('bench', [], chunks(i, JOB));
    const importSeconds = (performance.now() - started) / 1000;
    stretch = 'after';
    await new Promise((resolve) => setTimeout(resolve, AFTER_SECONDS * 1000));
    searching = false;
    await searches;
    const during = caughtUp.slice(caughtUpBefore);

    const bytes = build.bytes!;
    const total = Object.values(bytes).reduce((sum, n) => sum + n, 0);
    const per = (n: number) => `${Math.round(n / build.rows)} B`;
    const text = [
      `${TOTAL.toLocaleString('en')} synthetic chunks (the search-speed bench's corpus: a heading and 80 words of the emanual-tv vocabulary; 90 % in the searched tenant), written through the embedded store from memory in ${writeSeconds.toFixed(0)} s (${Math.round(TOTAL / writeSeconds).toLocaleString('en')} rows/s; each chunk takes one of ${POOL.toLocaleString('en')} local embeddings in turn, so no embedding time), full-text index made in ${ftsSeconds.toFixed(0)} s; no vector index. In one process (the bench's): a store with a search mirror opened on it. Run on ${new Date().toISOString().slice(0, 10)}; load average (1, 5, 15 min) ${loadBefore} before, ${load()} after (2 cores).`,
      '',
      `Search mirror built afresh: **${buildSeconds.toFixed(1)} s** for ${build.rows.toLocaleString('en')} rows (target ≤ 60 s). It holds **${per(total)} per chunk** (${mb(total)}): int8 vectors, their factors and the dot products' scratch ${per(bytes.vectors)}, postings ${per(bytes.postings)}, row ids ${per(bytes.ids)}, tenants, lengths and scratch ${per(bytes.columns)}; passages 0 (read for the returned hits). The process's RSS went from ${mb(rssBefore)} (the writer and the corpus's generator) to ${mb(rssBuilt)} with it.`,
      '',
      `Searches through the mirror, ${QUERIES} queries of 5 words per mode after 20 warm-up queries, limit 10 (\`took_ms\` of \`Retrieval.search\`, which includes embedding the query; targets at 1,000,000 chunks: p50 ≤ 5, 8, 10 ms, p95 ≤ 25 ms):`,
      '',
      '| mode | p50 ms | p95 ms | p99 ms |',
      '|---|---|---|---|',
      ...modes,
      '',
      `An import while searching: ${IMPORT.toLocaleString('en')} chunks appended in ${IMPORT / JOB} writes of ${JOB.toLocaleString('en')} (as ingest jobs write them; ${importSeconds.toFixed(0)} s, in this process, so writes and searches share its event loop), hybrid searches one after another all along and for ${AFTER_SECONDS} s after. The mirror caught up ${during.length} times, ${during.filter((c) => c.rebuilt).length} of them built afresh (target: hybrid p95 ≤ 20 ms):`,
      '',
      '| hybrid searches | count | p50 ms | p95 ms | p99 ms |',
      '|---|---|---|---|---|',
      `| during the import | ${stretches.during.length} | ${p50p95(stretches.during)} |`,
      `| ${AFTER_SECONDS} s after | ${stretches.after.length} | ${p50p95(stretches.after)} |`,
    ].join('\n');
    reportBenchSection(
      `Search mirror at ${TOTAL.toLocaleString('en')} chunks`,
      `npm run bench:mirror-scale -- --chunks ${TOTAL} --import ${IMPORT} --after-seconds ${AFTER_SECONDS}`,
      text,
    );
  } finally {
    await searcher?.close();
    await writer.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
