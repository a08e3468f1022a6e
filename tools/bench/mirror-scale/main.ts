/**
 * The search mirror at scale, without the ingestion pipeline, in two processes as deployed: a
 * writer (this file run with `--writer`, as the worker) and the searcher (as the API, which holds
 * the mirror and writes nothing). The writer writes a table of `--chunks` synthetic chunks (the
 * search-speed bench's corpus: a heading and 80 words of the emanual-tv vocabulary, Zipf-like)
 * through the embedded store straight from memory, each chunk given one of a pool of real local
 * embeddings (embedding a million texts would take the run's hour), with its full-text index. Then
 * the searcher opens a store with a search mirror on it and measures the mirror's build afresh
 * (time, bytes per chunk by part, the process's RSS), searches per mode through it, and searches
 * while the writer appends `--import` more chunks (in jobs of 1,000, as ingestion writes them) and
 * for `--after-seconds` after: the mirror takes them in by row id, staged in slices while searches
 * get the version it holds; for each stretch, the event loop's delay (its longest stall), the
 * slices of catching up (how long each held the event loop) and the searcher's peak RSS. Each step's
 * end (the mirror's build time among them) goes to stderr as it comes.
 *
 *   npm run bench:mirror-scale [-- --chunks 1000000 --import 100000 --after-seconds 60]
 *
 * With `--keyword`, the keyword ranking alone instead (keyword.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import * as lancedb from '@lancedb/lancedb';
import type { SearchMode } from '@docqa/contracts';
import { EmbeddedStore, type MirrorBytes } from '@docqa/embedded-store';
import { LocalEmbedder } from '@docqa/embedders';
import { Retrieval, type EmbeddedChunk } from '@docqa/retrieval';
import { reportBenchSection } from '../write-section';
import { runBench } from '../run-bench';
import { sentences } from './corpus';
import { keywordBench } from './keyword';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '1000000' },
    import: { type: 'string', default: '100000' },
    'after-seconds': { type: 'string', default: '60' },
    /** Run as the writer, in the folder given. */
    writer: { type: 'string' },
    /** Time the keyword ranking alone, beside a copy of it as of 1f8872e (see keyword.ts). */
    keyword: { type: 'boolean', default: false },
    /** Hits a keyword micro-bench query ranks (hybrid asks for 20). */
    limit: { type: 'string', default: '10' },
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
/** A line on stderr as the run goes (a run at 1,000,000 chunks takes minutes between its steps). */
const progress = (line: string) => console.error(`mirror-scale: ${line}`);
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;
const p50p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.95).toFixed(1)} | ${percentile(sorted, 0.99).toFixed(1)}`;
};

/** A stretch's event loop delay (how long a timer due every 1 ms waited), p99 and max, in ms. */
const held = (delay: IntervalHistogram) =>
  `${(delay.percentile(99) / 1e6).toFixed(0)} / ${(delay.max / 1e6).toFixed(0)}`;

/** Slices of catching up: their count, p50, p99 and longest, in ms. */
const sliceTimes = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `${ms.length}, ${[0.5, 0.99].map((p) => percentile(sorted, p).toFixed(1)).join(' / ')} / ${(sorted.at(-1) ?? NaN).toFixed(1)}`;
};

/** What the writer tells the searcher. */
type WriterMessage =
  { written: { writeSeconds: number; ftsSeconds: number } } | { imported: { seconds: number } };
/** What the searcher asks of the writer. */
type SearcherMessage = 'import' | 'close';

/**
 * The writer (`--writer DIR`): writes the table and its full-text index, tells the searcher,
 * appends the import when asked, tells it, and closes when asked.
 */
async function writerMain(dir: string): Promise<void> {
  const send = (message: WriterMessage) => process.send!(message);
  const asked = (what: SearcherMessage) =>
    new Promise<void>((resolve) => process.on('message', (m) => m === what && resolve()));
  // The searcher gone, no one asks for more: the writer ends too.
  process.on('disconnect', () => process.exit(1));
  const importAsked = asked('import');
  const closeAsked = asked('close');
  const sentence = sentences(42);
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

  const writer = await EmbeddedStore.open(dir, { searchMirror: false });
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
    send({ written: { writeSeconds, ftsSeconds: (performance.now() - started) / 1000 } });
    await importAsked;
    started = performance.now();
    for (let i = TOTAL; i < TOTAL + IMPORT; i += JOB)
      await writer.replaceDocuments('bench', [], chunks(i, JOB));
    send({ imported: { seconds: (performance.now() - started) / 1000 } });
    await closeAsked;
  } finally {
    await writer.close();
  }
  process.disconnect();
}

/** The next message of `child` that has `key`; throws when the child exits first. */
async function told<K extends 'written' | 'imported'>(
  child: ChildProcess,
  key: K,
): Promise<Extract<WriterMessage, Record<K, unknown>>[K]> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WriterMessage) => {
      if (!(key in message)) return;
      child.off('exit', onExit);
      child.off('message', onMessage);
      resolve((message as unknown as Record<K, never>)[key]);
    };
    const onExit = (code: number | null) => reject(new Error(`the writer exited (${code}) before "${key}"`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function main(): Promise<void> {
  if (values.writer) return writerMain(values.writer);
  if (values.keyword) return keywordBench(TOTAL, QUERIES, Number(values.limit));
  const loadBefore = load();
  const sentence = sentences(7);
  const embedder = new LocalEmbedder();
  const dir = mkdtempSync(join(tmpdir(), 'docqa-bench-mirror-scale-'));
  const writer = fork(__filename, [...process.argv.slice(2), '--writer', dir], { stdio: 'inherit' });
  let searcher: EmbeddedStore | null = null;
  try {
    const { writeSeconds, ftsSeconds } = await told(writer, 'written');
    progress(
      `${TOTAL} rows written in ${writeSeconds.toFixed(0)} s, full-text index in ${ftsSeconds.toFixed(0)} s`,
    );
    const builds: { ms: number; rows: number; bytes?: MirrorBytes }[] = [];
    const caughtUp: { added: number; rebuilt: boolean; ms: number }[] = [];
    const rssBefore = process.memoryUsage().rss;
    // Slices of catching up (how long each held the event loop), per stretch of the import.
    const slices = { during: [] as number[], after: [] as number[] };
    let stretch: keyof typeof slices = 'during';
    searcher = await EmbeddedStore.open(dir, {
      searchMirror: {
        caughtUp: (info) => {
          caughtUp.push(info);
          if (info.rebuilt) builds.push(info);
        },
        failed: (error) => console.error(error),
        sliced: (ms) => slices[stretch].push(ms),
      },
    });
    const started = performance.now();
    await searcher.mirrorReady();
    const buildSeconds = (performance.now() - started) / 1000;
    const build = builds.at(-1)!;
    const rssBuilt = process.memoryUsage().rss;
    progress(`mirror built afresh in ${buildSeconds.toFixed(1)} s (${build.rows} rows), RSS ${mb(rssBuilt)}`);
    const retrieval = new Retrieval({ store: searcher, embedder });
    const search = async (mode: SearchMode) =>
      (await retrieval.search({ tenants: ['bench'], query: sentence(5), mode, filters: [], limit: 10 }))
        .took_ms;
    const modes: string[] = [];
    for (const mode of MODES) {
      for (let q = 0; q < 20; q++) await search(mode);
      const took: number[] = [];
      for (let q = 0; q < QUERIES; q++) {
        took.push(await search(mode));
        await nextTurn(); // as the import's searches below
      }
      modes.push(`| ${mode} | ${p50p95(took)} |`);
      progress(`${mode} searches p50 | p95 | p99 ms: ${p50p95(took)}`);
    }

    // The import: jobs of 1,000 chunks appended one after another while hybrid searches go on.
    const stretches = { during: [] as number[], after: [] as number[] };
    slices.during = [];
    // The longest the event loop was held (a search waits behind it), the peak RSS, per stretch.
    const delays = {
      during: monitorEventLoopDelay({ resolution: 1 }),
      after: monitorEventLoopDelay({ resolution: 1 }),
    };
    const peakRss = { during: 0, after: 0 };
    const sampleRss = setInterval(() => {
      peakRss[stretch] = Math.max(peakRss[stretch], process.memoryUsage().rss);
    }, 250);
    delays.during.enable();
    let searching = true;
    // Each search in a turn of the event loop of its own, as an HTTP server's come: a search through
    // the mirror is JavaScript and settled promises only, so back to back they held the loop (no
    // timer, no message of the writer, no slice of catching up) until one waited for the mirror;
    // with the mirror current none did, and the stretch after the import never ended.
    const searches = (async () => {
      while (searching) {
        stretches[stretch].push(await search('hybrid'));
        await nextTurn();
      }
    })();
    searches.catch(() => undefined);
    const caughtUpBefore = caughtUp.length;
    writer.send('import' satisfies SearcherMessage);
    const importSeconds = (await told(writer, 'imported')).seconds;
    progress(`${IMPORT} rows imported in ${importSeconds.toFixed(0)} s; searching ${AFTER_SECONDS} s more`);
    delays.during.disable();
    stretch = 'after';
    delays.after.enable();
    await new Promise((resolve) => setTimeout(resolve, AFTER_SECONDS * 1000));
    searching = false;
    await searches;
    delays.after.disable();
    clearInterval(sampleRss);
    const during = caughtUp.slice(caughtUpBefore);
    const catchUpMs = during.map((c) => c.ms).sort((a, b) => a - b);

    const bytes = build.bytes!;
    const total = Object.values(bytes).reduce((sum, n) => sum + n, 0);
    const per = (n: number) => `${Math.round(n / build.rows)} B`;
    const text = [
      `${TOTAL.toLocaleString('en')} synthetic chunks (the search-speed bench's corpus: a heading and 80 words of the emanual-tv vocabulary; 90 % in the searched tenant), written through the embedded store from memory by a writer process in ${writeSeconds.toFixed(0)} s (${Math.round(TOTAL / writeSeconds).toLocaleString('en')} rows/s; each chunk takes one of ${POOL.toLocaleString('en')} local embeddings in turn, so no embedding time), full-text index made in ${ftsSeconds.toFixed(0)} s; no vector index. In the searching process (as the API: it writes nothing): a store with a search mirror opened on it. Run on ${new Date().toISOString().slice(0, 10)}; load average (1, 5, 15 min) ${loadBefore} before, ${load()} after (2 cores).`,
      '',
      `Search mirror built afresh: **${buildSeconds.toFixed(1)} s** for ${build.rows.toLocaleString('en')} rows (target ≤ 60 s). It holds **${per(total)} per chunk** (${mb(total)}): int8 vectors, their factors and the dot products' scratch ${per(bytes.vectors)}, postings ${per(bytes.postings)}, row ids ${per(bytes.ids)}, tenants, lengths and scratch ${per(bytes.columns)}; passages 0 (read for the returned hits). The searching process's RSS went from ${mb(rssBefore)} (the query embedder) to ${mb(rssBuilt)} with it.`,
      '',
      `Searches through the mirror, ${QUERIES} queries of 5 words per mode after 20 warm-up queries, limit 10 (\`took_ms\` of \`Retrieval.search\`, which includes embedding the query; targets at 1,000,000 chunks: p50 ≤ 5, 8, 10 ms, p95 ≤ 25 ms):`,
      '',
      '| mode | p50 ms | p95 ms | p99 ms |',
      '|---|---|---|---|',
      ...modes,
      '',
      `An import while searching: ${IMPORT.toLocaleString('en')} chunks appended in ${IMPORT / JOB} writes of ${JOB.toLocaleString('en')} (as ingest jobs write them; ${importSeconds.toFixed(0)} s) by the writer process, hybrid searches one after another in the searching process, each in a turn of the event loop of its own (as an HTTP server's come), all along and for ${AFTER_SECONDS} s after. The mirror caught up ${during.length} times, ${during.filter((c) => c.rebuilt).length} of them built afresh, each in ${percentile(catchUpMs, 0.5)} ms at p50 and ${percentile(catchUpMs, 0.9)} ms at p90 (from reading the table's version to publishing; target: hybrid p95 ≤ 20 ms):`,
      '',
      '| hybrid searches | count | p50 ms | p95 ms | p99 ms | event loop delay p99 / max ms | slices of catching up: count, p50 / p99 / longest ms | peak RSS |',
      '|---|---|---|---|---|---|---|---|',
      `| during the import | ${stretches.during.length} | ${p50p95(stretches.during)} | ${held(delays.during)} | ${sliceTimes(slices.during)} | ${mb(peakRss.during)} |`,
      `| ${AFTER_SECONDS} s after | ${stretches.after.length} | ${p50p95(stretches.after)} | ${held(delays.after)} | ${sliceTimes(slices.after)} | ${mb(peakRss.after)} |`,
    ].join('\n');
    reportBenchSection(
      `Search mirror at ${TOTAL.toLocaleString('en')} chunks`,
      `npm run bench:mirror-scale -- --chunks ${TOTAL} --import ${IMPORT} --after-seconds ${AFTER_SECONDS}`,
      text,
    );
  } finally {
    await searcher?.close();
    if (writer.connected) writer.send('close' satisfies SearcherMessage);
    if (writer.exitCode === null) await once(writer, 'exit');
    rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
