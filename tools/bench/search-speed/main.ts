/**
 * Search speed and ingestion throughput of a real deployment on one machine: the API and a
 * worker as separate processes (as `npm start` runs them), a private redis-server, the embedded
 * store and local embeddings. A synthetic corpus (default 100,000 chunks) goes in through
 * `POST /documents/` (the worker chunks, embeds and writes it); queries go to `POST /rag/search/`.
 * Reports, side by side in one run: the raw limits of ingestion's parts (the local embedder and
 * LanceDB inserts from Arrow columns, measured alone in this process first), chunks/s through
 * the API, search p50/p95 per mode (server `took_ms` and HTTP round trip; right after the import,
 * and once the API's search mirror holds the table), recall@10 of the served semantic search
 * against an exact search, each mode through LanceDB's indexes and through the search mirror side
 * by side in this process, the peak RSS of the API and of the worker, the load average, and search
 * times during a re-sync of a tenth of the documents and the upkeep after it (searched all along),
 * and where the API's search mirror's memory goes. With `--import-phase`, also search times during
 * an import of a tenth as many new documents and for `--after-seconds` (300) after it.
 *
 * With `--mcp`, the per-mode table is replaced by `search_docs` through MCP measured beside
 * `POST /rag/search/` (section "MCP search latency"); with `--search-box`, the search box alone
 * (`search-box.ts`). With `--versions`, the documents have docs versions (three, and a quarter
 * without) and searches with a version are measured beside unfiltered ones (section "Search with a
 * version"); `--old-store BUNDLE` measures an earlier build's store beside this one's there
 * (`versioned-search.ts`). With `--ingest-only`, the report stops after the ingestion (its raw
 * limits, rate, upkeeps, the worker's stages and CPU; section "Ingestion at N chunks").
 *
 *   npm run bench:search-speed -- --help   (its flags: `usage` below)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TokenStore } from '@docqa/auth';
import { API_V8_FLAGS, withNativeMemoryEnv } from '@docqa/config';
import { DocqaClient, type DocumentCreateInput } from '@docqa/client';
import { Keys, closeRedis, connectRedis } from '@docqa/redis';
import { LocalEmbedder } from '@docqa/embedders';
import { searchText } from '@docqa/retrieval';
import { freePort, startOwnRedis } from '@docqa/testing';
import { emanual } from '../eval-data';
import { cpuLine, cpuSeconds, threadSeconds } from './cpu-time';
import {
  apiAnswers,
  benchFetch,
  jobsDone,
  latestVersion,
  load,
  MODES,
  peakRssMb,
  percentile,
  perSecond,
  rng,
  PER_CALL,
  tableVersions,
  upkeepLine,
  versionsRemoved,
  watchApiLog,
  watchWorkerLog,
  within,
  type IngestJob,
} from './deployment';
import { importLines, measureImport, mirrorMemoryLine } from './import-phase';
import { measureMcpLatency } from './mcp-latency';
import { measureRawLimits } from './raw-limits';
import { measureRecall } from './recall';
import { measureResync } from './resync';
import { measureSearchBox, SEARCH_BOX_FLAGS } from './search-box';
import { measureSideBySide } from './side-by-side';
import { BENCH_VERSIONS, reportVersioned } from './versioned-search';
import { reportBenchSection } from '../write-section';
import { runBench } from '../run-bench';
import { benchFlags } from '../bench-flags';

const DEFAULT_TOTAL = 100_000;
/** How to run the bench (also what `--help` prints). */
const usage = () =>
  'npm run bench:search-speed [-- --chunks 100000] [--mcp | --search-box] [--versions [--old-store B]]\n' +
  '  [--import-phase [--after-seconds 300]] [--ingest-only] [--api-flags F] [--worker-flags F]\n' +
  '  --search-box also takes --typers 50 --queries 5 --keystroke-ms 150';
const values = benchFlags(
  {
    chunks: { type: 'string', default: String(DEFAULT_TOTAL) },
    mcp: { type: 'boolean', default: false },
    'import-phase': { type: 'boolean', default: false },
    'after-seconds': { type: 'string', default: '300' },
    'search-box': { type: 'boolean', default: false },
    versions: { type: 'boolean', default: false },
    'old-store': { type: 'string' },
    'ingest-only': { type: 'boolean', default: false },
    'api-flags': { type: 'string', default: '' },
    'worker-flags': { type: 'string', default: '' },
    ...SEARCH_BOX_FLAGS,
  },
  usage,
);
/**
 * Node flags added to the API's (`--api-flags "--cpu-prof --cpu-prof-dir=/tmp/prof"`); with them,
 * the import phase's stretches are told on stderr in the monotonic clock's microseconds, which a
 * CPU profile's sample times use.
 */
const apiFlags = String(values['api-flags']).split(' ').filter(Boolean);
/** Node flags added to the worker's (`--worker-flags "--cpu-prof --cpu-prof-dir=/tmp/prof"`). */
const workerFlags = String(values['worker-flags']).split(' ').filter(Boolean);
const TOTAL = Number(values.chunks);
/** Seconds searched after the import of `--import-phase` (issue 43: five minutes). */
const afterSeconds = Number(values['after-seconds']);
const QUERIES = 200;
const WARM_UP = 20;
/** Texts the raw limits are measured on (the corpus's first). */
const RAW_SAMPLE = 20_000;
/** Queries of the recall measurement (each also runs an exact search of the whole tenant). */
const RECALL_QUERIES = 50;
/** `dist/`: this file runs as dist/tools/bench/search-speed/main.js. */
const dist = resolve(__dirname, '../../..');

async function main(): Promise<void> {
  // Real words with a Zipf-like draw: the emanual-tv manual's vocabulary.
  const vocabulary = [
    ...new Set(emanual().docs.flatMap((d) => d.text.toLowerCase().match(/[a-z]{3,}/g) ?? [])),
  ];
  const random = rng(42);
  const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 2.5)]!;
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  // One chunk per document (80 words fit one chunk), 10 % of them in a second tenant.
  const corpus: DocumentCreateInput[] = Array.from({ length: TOTAL }, (_, i) => ({
    id: `d${i}`,
    title: sentence(4),
    content: `## ${sentence(3)}\n\n${sentence(80)}`,
    content_type: 'text/markdown',
    metadata: { product: i % 3 === 0 ? 'cli' : 'api' },
    ...(values.versions && BENCH_VERSIONS[i % 4] && { version: BENCH_VERSIONS[i % 4] }),
  }));

  const loadBefore = load();
  const embedder = new LocalEmbedder();
  const raw = await measureRawLimits(
    corpus.slice(0, RAW_SAMPLE).map((d) => {
      const [heading, text] = d.content.slice(3).split('\n\n');
      return searchText({ title: d.title, heading: heading!, text: text! });
    }),
    embedder,
  );

  const redis = await startOwnRedis();
  const dataDir = mkdtempSync(join(tmpdir(), 'docqa-bench-speed-'));
  const port = await freePort();
  const prefix = 'bench';
  const env = {
    ...withNativeMemoryEnv(process.env),
    PORT: String(port),
    HOST: '127.0.0.1',
    REDIS_URL: redis.url,
    REDIS_PREFIX: prefix,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO: 'false',
  };
  const start = (name: string, logLevel = 'warn'): ChildProcess =>
    spawn(
      process.execPath,
      [
        ...(name === 'api' ? [...API_V8_FLAGS, ...apiFlags] : workerFlags),
        join(dist, `apps/${name}/main.js`),
      ],
      {
        env: { ...env, LOG_LEVEL: logLevel },
        stdio: ['ignore', logLevel === 'warn' ? 'inherit' : 'pipe', 'inherit'],
      },
    );
  const api = start('api', 'debug');
  const apiLog = watchApiLog(api);
  const worker = start('worker', 'info');
  const workerLog = watchWorkerLog(worker);
  const stop = async () => {
    await Promise.all(
      [
        { child: api, name: 'the API' },
        { child: worker, name: 'the worker' },
      ].map(({ child, name }) => stopped(child, name)),
    );
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const admin = await connectRedis(redis.url, 'command', 'bench');
    const tokens = new TokenStore({ redis: admin, keys: new Keys(prefix) });
    const { token } = await tokens.create({
      tenant: 'bench',
      scopes: ['ingest', 'search'],
      rateLimit: 1_000_000,
    });
    const other = (await tokens.create({ tenant: 'other', scopes: ['ingest'], rateLimit: 1_000_000 })).token;
    await closeRedis(admin);
    const apiUrl = `http://127.0.0.1:${port}/api/v2/`;
    await apiAnswers(apiUrl);
    const clients = {
      bench: new DocqaClient({ baseUrl: apiUrl, token, fetch: benchFetch }),
      other: new DocqaClient({ baseUrl: apiUrl, token: other, fetch: benchFetch }),
    };

    const cpuBefore = {
      worker: cpuSeconds(worker.pid!),
      api: cpuSeconds(api.pid!),
      threads: threadSeconds(worker.pid!),
    };
    const started = performance.now();
    const jobs: IngestJob[] = [];
    let chunks = 0;
    for (let i = 0; i < TOTAL; i += PER_CALL) {
      const client = (i / PER_CALL) % 10 === 9 ? clients.other : clients.bench;
      jobs.push({ client, id: (await client.documents.create(corpus.slice(i, i + PER_CALL))).job_id });
    }
    const submitted = (performance.now() - started) / 1000;
    chunks += await jobsDone(jobs);
    const ingestSeconds = (performance.now() - started) / 1000;
    const ingestUpkeeps = workerLog.upkeeps();
    const cpu = cpuLine(chunks, {
      worker: cpuSeconds(worker.pid!) - cpuBefore.worker,
      api: cpuSeconds(api.pid!) - cpuBefore.api,
      threads: threadSeconds(worker.pid!, cpuBefore.threads),
    });
    const rawLine = `Raw limits of the parts, measured alone in the same run on the first ${Math.min(RAW_SAMPLE, TOTAL).toLocaleString('en')} chunks: local embedder **${perSecond(raw.embedPerSecond)} texts/s**, LanceDB insert from Arrow columns (batches of 2,000) **${perSecond(raw.insertPerSecond)} rows/s**; embed then write, serially: ${perSecond(raw.serialPerSecond)} chunks/s.`;
    const rate = chunks / ingestSeconds;
    const ingestLine = `Ingestion through the API, first \`POST /documents/\` → every job completed: **${perSecond(rate)} chunks/s** = **${Math.round((rate / raw.serialPerSecond) * 100)} %** of the serial raw limit (${ingestSeconds.toFixed(1)} s in all, of which ${submitted.toFixed(1)} s submitting; target ≥ 2,000 chunks/s at 100,000 and ≥ 45 %). ${upkeepLine(ingestUpkeeps)}`;
    /** The report's lines on the ingestion, in both its forms. */
    const ingestion = [rawLine, '', ingestLine, '', cpu, ''];

    if (values['ingest-only']) {
      const rss = { api: peakRssMb(api.pid!), worker: peakRssMb(worker.pid!) };
      const text = [
        `${chunks.toLocaleString('en')} synthetic chunks (one per document: a heading and 80 words drawn from the emanual-tv vocabulary), ingested through \`POST /documents/\` in calls of ${PER_CALL} (90 % in one tenant, 10 % in another) by a real deployment on one machine; load average (1, 5, 15 min) ${loadBefore} before, ${load()} after (2 cores).`,
        '',
        ...ingestion,
        `Peak RSS after the ingestion: API ${rss.api.toFixed(0)} MB, worker ${rss.worker.toFixed(0)} MB. The API's search mirror built afresh: ${apiLog.builds()} time(s).`,
      ].join('\n');
      reportBenchSection(
        `Ingestion at ${TOTAL.toLocaleString('en')} chunks`,
        `npm run bench:search-speed -- --chunks ${TOTAL} --ingest-only`,
        text,
      );
      return;
    }

    if (values.mcp) {
      const section = await measureMcpLatency({
        apiUrl,
        token,
        http: clients.bench,
        query: () => sentence(5),
        chunks,
      });
      reportBenchSection(
        'MCP search latency',
        `npm run bench:search-speed -- --chunks ${TOTAL} --mcp`,
        section,
      );
      return;
    }

    if (values.versions) {
      await versionsRemoved(dataDir, await tableVersions(dataDir));
      const queries = Array.from({ length: QUERIES }, () => sentence(5));
      const oldStore = typeof values['old-store'] === 'string' ? values['old-store'] : undefined;
      // Awaited here: the `finally` below stops the deployment and removes its folder.
      return await reportVersioned({ dataDir, chunks, queries, total: TOTAL, load, oldStore });
    }

    /** One table row per mode: server and HTTP p50 and p95 over `QUERIES` queries. */
    const measureModes = async (when: string): Promise<string[]> => {
      const rows: string[] = [];
      for (const mode of MODES) {
        const server: number[] = [];
        const http: number[] = [];
        for (let q = 0; q < QUERIES + WARM_UP; q++) {
          const t0 = performance.now();
          const { took_ms } = await clients.bench.search({
            query: sentence(5),
            search_mode: mode,
            limit: 10,
          });
          if (q < WARM_UP) continue;
          http.push(performance.now() - t0);
          server.push(took_ms);
        }
        server.sort((a, b) => a - b);
        http.sort((a, b) => a - b);
        rows.push(
          `| ${mode}, ${when} | ${percentile(server, 0.5).toFixed(1)} | ${percentile(server, 0.95).toFixed(1)} | ${percentile(http, 0.5).toFixed(1)} | ${percentile(http, 0.95).toFixed(1)} |`,
        );
      }
      return rows;
    };
    // Counted first: on a loaded machine the upkeep may remove them while searches are measured.
    const versions = await tableVersions(dataDir);
    const rows = await measureModes('right after');
    const later = await versionsRemoved(dataDir, versions);
    // The state between imports: the API's search mirror holds the table's latest version.
    const version = await latestVersion(dataDir);
    await clients.bench.search({ query: sentence(5), search_mode: 'keyword', limit: 10 });
    const held = await apiLog.mirrored(version);
    const build = apiLog.lastBuild();
    rows.push(...(await measureModes(`${later} later, mirrored`)));
    const { recall, exactMs, index } = await measureRecall({
      dataDir,
      tenant: 'bench',
      client: clients.bench,
      embedder,
      queries: Array.from({ length: RECALL_QUERIES }, () => sentence(5)),
    });
    const rss = { api: peakRssMb(api.pid!), worker: peakRssMb(worker.pid!) };
    const sideBySide = await measureSideBySide({
      dataDir,
      tenant: 'bench',
      queries: Array.from({ length: QUERIES }, () => sentence(5)),
    });
    const resync = await measureResync({
      documents: corpus
        .filter((_, i) => Math.floor(i / PER_CALL) % 10 !== 9)
        .slice(0, TOTAL / 10)
        .map((doc) => ({ ...doc, content: `## ${sentence(3)}\n\n${sentence(80)}` })),
      client: clients.bench,
      query: () => sentence(5),
      dataDir,
      apiLog,
    });
    const imported = values['import-phase']
      ? await measureImport({
          documents: corpus.slice(0, TOTAL / 10).map((doc, i) => ({ ...doc, id: `import${i}` })),
          client: clients.bench,
          query: () => sentence(5),
          afterSeconds,
          apiLog,
          marks: apiFlags.length > 0,
        })
      : null;
    const text = [
      `${chunks.toLocaleString('en')} synthetic chunks (one per document: a heading and 80 words drawn from the emanual-tv vocabulary), 90 % in the searched tenant, 10 % in another. A real deployment on one machine: the API and one worker as separate processes (\`dist/apps/api\`, \`dist/apps/worker\`), a private redis-server, the embedded store (LanceDB: FTS index, bitmap index on tenant, IVF_FLAT vector index from 5,000 rows; ingest jobs bring the indexes up to date at the end of a burst and, during one, every 50,000 chunks; the ingestion time includes that) and local embeddings. Documents go in through \`POST /documents/\` in calls of ${PER_CALL}; the worker chunks, embeds and writes them. Then ${QUERIES} queries of 5 words per mode after ${WARM_UP} warm-up queries, through \`POST /rag/search/\`, limit 10. Run on ${new Date().toISOString().slice(0, 10)}; load average (1, 5, 15 min) ${loadBefore} before, ${load()} after (2 cores).`,
      '',
      ...ingestion,
      `Peak RSS: API **${rss.api.toFixed(0)} MB**, worker **${rss.worker.toFixed(0)} MB** (both by the time the mirror was measured, before the re-sync). ${mirrorMemoryLine(held.bytes ? held : build)}`,
      '',
      `Searches were measured right after the import (its table versions, ${versions}, still kept; the API's search mirror catching up: searches meanwhile through the version it holds, or LanceDB's indexes while it has none) and again once the worker's next upkeep had removed them and ended (it starts \`VERSION_RETENTION_MS\` after the burst's end) and the API's search mirror held the table's latest version: the state between imports.${build ? ` The API's search mirror (following the table from the API's start) was last built afresh in ${(build.ms / 1000).toFixed(1)} s, ${build.rows.toLocaleString('en')} rows, searched meanwhile.` : ''}`,
      '',
      '| mode | p50 ms (server `took_ms`) | p95 ms (server) | p50 ms (HTTP round trip) | p95 ms (HTTP) |',
      '|---|---|---|---|---|',
      ...rows,
      '',
      `recall@10 of semantic search (through the search mirror: int8 vectors) against an exact search of the tenant, ${RECALL_QUERIES} queries: **${recall.toFixed(3)}**. That exact search (LanceDB, every row of the tenant compared, as rows no index covers yet are searched) took ${exactMs.toFixed(0)} ms at p50, in the bench process. LanceDB's vector index, which searches use while the mirror catches up: ${index}.`,
      '',
      `Side by side in the bench process, on the same table (two stores on its folder, one without a mirror), the same ${QUERIES} queries of 5 words per mode through each, alternating, limit 10 (\`took_ms\`):`,
      '',
      '| mode | LanceDB indexes p50 (p95) | search mirror p50 (p95) | ratio of p50s |',
      '|---|---|---|---|',
      ...sideBySide.map(
        ({ mode, indexes, mirror }) =>
          `| ${mode} | ${indexes.p50.toFixed(1)} (${indexes.p95.toFixed(1)}) | ${mirror.p50.toFixed(1)} (${mirror.p95.toFixed(1)}) | ${(indexes.p50 / mirror.p50).toFixed(1)} × |`,
      ),
      '',
      `A re-sync while visitors search: ${resync.documents.toLocaleString('en')} documents of the searched tenant (10 %) changed and sent again through \`POST /documents/\` (ingested in ${resync.ingestSeconds.toFixed(1)} s), searched all along, one mode after another, from the first call until the worker's upkeep after it had ended ${resync.seconds.toFixed(0)} s later and the API's search mirror held the latest version: ${resync.searches.toLocaleString('en')} searches; the mirror was built afresh ${resync.builds} times in that time (it otherwise follows the table by row ids).`,
      '',
      '| mode, during the re-sync | p50 ms (server `took_ms`) | p95 ms (server) | p99 ms (server) | max ms (server) |',
      '|---|---|---|---|---|',
      ...resync.modes.map(
        ({ mode, took }) =>
          `| ${mode} | ${percentile(took, 0.5).toFixed(1)} | ${percentile(took, 0.95).toFixed(1)} | ${percentile(took, 0.99).toFixed(1)} | ${took.at(-1)!.toFixed(1)} |`,
      ),
      '',
      ...(imported ? ['', ...importLines(imported, { documents: TOTAL / 10, chunks, afterSeconds })] : []),
      '',
      'Targets (server p50): keyword ≤ 5 ms, semantic ≤ 8 ms, hybrid ≤ 10 ms at every size.',
    ].join('\n');
    // The default size keeps the section "Search speed" (linked from the docs); others get their own.
    const title =
      TOTAL === DEFAULT_TOTAL ? 'Search speed' : `Search speed at ${TOTAL.toLocaleString('en')} chunks`;
    const flags = imported ? ` --import-phase --after-seconds ${afterSeconds}` : '';
    reportBenchSection(title, `npm run bench:search-speed -- --chunks ${TOTAL}${flags}`, text);
  } finally {
    await stop();
  }
}

/**
 * Longest the API or the worker may take to exit after SIGTERM (the worker finishes the job or
 * upkeep under way: minutes at 1,000,000 chunks) before it is killed, with a warning naming it.
 */
const EXIT_WAIT_MS = 5 * 60_000;

/** Stops `child` (SIGTERM, then SIGKILL after {@link EXIT_WAIT_MS}). */
async function stopped(child: ChildProcess, name: string): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  try {
    await within(exit, EXIT_WAIT_MS, `${name} exiting after SIGTERM`);
  } catch (error) {
    console.warn(`${(error as Error).message}: killed`);
    child.kill('SIGKILL');
    await exit;
  }
}

runBench(values['search-box'] ? measureSearchBox : main);
