/**
 * The deployment the search-speed bench runs, as the bench reads it: its table's versions (through
 * a connection of the bench's own), the API's log lines about its search mirror, and ingest jobs.
 */
import { type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { DocqaClient, DocumentCreateInput } from '@docqa/client';
import type { SearchMode } from '@docqa/contracts';
import * as lancedb from '@lancedb/lancedb';

/** Documents per `POST /documents/` (one ingest job each). */
export const PER_CALL = 1000;
export const MODES: SearchMode[] = ['keyword', 'semantic', 'hybrid'];

/**
 * How many versions the deployment's table has (read through a connection of the bench's own),
 * listed again when it fails: a listing fails when the worker's upkeep removes a version it was
 * reading (see {@link versionsRemoved}), and the first count before that wait was not guarded.
 */
export async function tableVersions(dataDir: string): Promise<number> {
  for (let attempt = 1; ; attempt++)
    try {
      return await listedVersions(dataDir);
    } catch (error) {
      if (attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
}

async function listedVersions(dataDir: string): Promise<number> {
  const db = await lancedb.connect(join(dataDir, 'lancedb'));
  const table = await db.openTable('chunks');
  try {
    return (await table.listVersions()).length;
  } finally {
    table.close();
    db.close();
  }
}

/**
 * Longest the bench waits for the worker's upkeep after a burst: it retrains the vector index and
 * compacts, several minutes at 1,000,000 chunks on a loaded machine (3 minutes were too few for
 * 100,000 at load 17).
 */
const UPKEEP_WAIT_MS = 15 * 60_000;
/** Polls of an unchanged version count after which the worker's upkeep is taken as done. */
const UPKEEP_SETTLED_POLLS = 5;

/**
 * Waits until the worker's upkeep after the burst has removed table versions (it runs a little
 * over a minute after the burst ended) and is over: removing versions comes before the upkeep's
 * index work, which commits a version of its own, so the count must then hold still for
 * {@link UPKEEP_SETTLED_POLLS} polls (searches measured during the upkeep run beside it). Says how
 * long that took.
 */
export async function versionsRemoved(dataDir: string, before: number): Promise<string> {
  const started = performance.now();
  // A listing fails when the upkeep removes a version it was reading: the removal is under way.
  const count = () => tableVersions(dataDir).catch(() => Infinity);
  let last = await count();
  for (let still = 0; last >= before || still < UPKEEP_SETTLED_POLLS;) {
    if (performance.now() - started > UPKEEP_WAIT_MS)
      throw new Error(
        `no upkeep removed the versions of the import and ended in ${UPKEEP_WAIT_MS / 60_000} minutes`,
      );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await count();
    still = now === last && now < before ? still + 1 : 0;
    last = now;
  }
  return `${Math.round((performance.now() - started) / 1000)} s`;
}

/**
 * Longest the bench waits for the API's search mirror to reach a version: a build afresh of
 * 1,000,000 rows read from another process's table took 89 s on a quiet machine and 377 s at
 * load 8 to 17 (docs/benchmarks.md), and the machine may be busier.
 */
const MIRROR_WAIT_MS = 20 * 60_000;

/** A line the API logs when its search mirror has caught up with a version of the table. */
export interface MirrorLine {
  msg: string;
  version: number;
  rows: number;
  rebuilt: boolean;
  ms: number;
  /** Where the mirror's memory goes, bytes (every line tells it; before 2026-11-30, a build afresh only). */
  bytes?: { vectors: number; postings: number; ids: number; columns: number };
}

/**
 * The API's log (JSON lines, at debug): warnings and errors are passed on to the bench's output,
 * and the search mirror's lines are kept, so the bench can wait for a version to be mirrored.
 */
export function watchApiLog(api: ChildProcess): {
  mirrored: (version: number) => Promise<MirrorLine>;
  lastBuild: () => MirrorLine | undefined;
  /** How many times the mirror was built afresh so far. */
  builds: () => number;
} {
  const lines: MirrorLine[] = [];
  const waiters: (() => void)[] = [];
  logLines<MirrorLine>(api, (line) => {
    if (line.msg?.startsWith('search mirror ') && typeof line.version === 'number') {
      lines.push(line as MirrorLine);
      waiters.splice(0).forEach((wake) => wake());
    }
  });
  return {
    lastBuild: () => lines.filter((line) => line.rebuilt).at(-1),
    builds: () => lines.filter((line) => line.rebuilt).length,
    mirrored: async (version) => {
      const deadline = Date.now() + MIRROR_WAIT_MS;
      for (;;) {
        const line = lines.find((l) => l.version >= version);
        if (line) return line;
        if (Date.now() > deadline)
          throw new Error(
            `the API's search mirror did not reach version ${version} within ${MIRROR_WAIT_MS / 60_000} minutes`,
          );
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 1_000);
        });
      }
    },
  };
}

/** A line the worker logs when an ingest job's index upkeep has ended. */
export interface UpkeepLine {
  ms: number;
  /** Chunks the worker wrote since the upkeep before. */
  chunks: number;
  endOfBurst: boolean;
  /** The store's `UpkeepReport` (absent from workers that log none). */
  rows?: number;
  trained?: boolean;
  waitedMs?: number;
  trainMs?: number;
  optimizeMs?: number;
  /** Data fragments the compaction rewrote. */
  compactedFragments?: number;
  /** Where the jobs' time went since the upkeep before, summed over the jobs running at once. */
  embedMs?: number;
  writeMs?: number;
  recordMs?: number;
}

/** The fields of {@link UpkeepLine} the stage table sums, and how it names them. */
const STAGES = [
  ['embedMs', 'jobs waiting for their embeddings (the embedder thread behind)'],
  ['writeMs', 'store writes: rows replaced read, Arrow columns, LanceDB append, index checks'],
  ['recordMs', "documents' records written to Redis"],
  ['waitedMs', 'upkeep waiting for the upkeep before it (a job slot held)'],
  ['trainMs', 'upkeep: vector index planned and trained when due'],
  ['optimizeMs', 'upkeep: compaction, new rows indexed, old versions removed'],
] as const;

/**
 * The worker's log (JSON lines, at info): warnings and errors are passed on to the bench's output,
 * and its index upkeeps are kept (each also printed), so the report can say what they cost.
 */
export function watchWorkerLog(worker: ChildProcess): { upkeeps: () => UpkeepLine[] } {
  const upkeeps: UpkeepLine[] = [];
  logLines<UpkeepLine>(worker, (line) => {
    if (line.msg === 'index upkeep done' && typeof line.ms === 'number') {
      const upkeep: UpkeepLine = {
        ms: line.ms,
        chunks: line.chunks ?? 0,
        endOfBurst: line.endOfBurst === true,
      };
      for (const [key] of [['rows'], ['compactedFragments'], ...STAGES] as const)
        if (typeof line[key] === 'number') upkeep[key] = line[key];
      if (typeof line.trained === 'boolean') upkeep.trained = line.trained;
      upkeeps.push(upkeep);
      console.log(`worker: index upkeep ${JSON.stringify(upkeep)}`);
    }
  });
  return { upkeeps: () => [...upkeeps] };
}

/** The report's sentence on the worker's index upkeeps in `upkeeps`, and its table of stages. */
export function upkeepLine(upkeeps: UpkeepLine[]): string {
  if (!upkeeps.length) return 'The worker logged no index upkeep.';
  const seconds = upkeeps.map((u) => (u.ms / 1000).toFixed(1));
  const total = upkeeps.reduce((sum, u) => sum + u.ms, 0) / 1000;
  const sentence = `Index upkeep in the worker during the ingestion (compaction, indexing the new rows, training the vector index when due; each in one of the worker's two job slots while the other goes on writing): ${upkeeps.length} run${upkeeps.length === 1 ? '' : 's'}, ${total.toFixed(1)} s in all, in order ${seconds.join(', ')} s.`;
  if (upkeeps[0]!.rows === undefined) return sentence;
  const sum = (key: (typeof STAGES)[number][0]) => upkeeps.reduce((s, u) => s + (u[key] ?? 0), 0) / 1000;
  return [
    sentence,
    '',
    `Upkeeps at table rows (train + optimize s, waited s${upkeeps[0]!.compactedFragments === undefined ? '' : ', data fragments compacted'}; * the vector index trained): ${upkeeps.map((u) => `${u.rows!.toLocaleString('en')}${u.trained ? '*' : ''} (${((u.trainMs ?? 0) / 1000).toFixed(1)} + ${((u.optimizeMs ?? 0) / 1000).toFixed(1)}, ${((u.waitedMs ?? 0) / 1000).toFixed(1)}${u.compactedFragments === undefined ? '' : `, ${u.compactedFragments}`})`).join(', ')}.`,
    '',
    "| the worker's stages during the ingestion (two jobs at once: sums exceed the wall time) | s |",
    '|---|---|',
    ...STAGES.map(([key, name]) => `| ${name} | ${sum(key).toFixed(1)} |`),
  ].join('\n');
}

/** The latest version of the deployment's table (read through a connection of the bench's own). */
export async function latestVersion(dataDir: string): Promise<number> {
  const db = await lancedb.connect(join(dataDir, 'lancedb'));
  const table = await db.openTable('chunks');
  try {
    return await table.version();
  } finally {
    table.close();
    db.close();
  }
}

/** An ingest job submitted through `client`. */
export interface IngestJob {
  client: DocqaClient;
  id: string;
}

/** Submits `documents` through `client` in calls of {@link PER_CALL}: their ingest jobs. */
export async function submitDocuments(
  client: DocqaClient,
  documents: DocumentCreateInput[],
): Promise<IngestJob[]> {
  const jobs: IngestJob[] = [];
  for (let i = 0; i < documents.length; i += PER_CALL)
    jobs.push({ client, id: (await client.documents.create(documents.slice(i, i + PER_CALL))).job_id });
  return jobs;
}

/**
 * Longest the bench waits for the next ingest job to end (each holds {@link PER_CALL} documents:
 * a few seconds each on a loaded machine) before it fails rather than waits on.
 */
const JOB_WAIT_MS = 10 * 60_000;

/**
 * Waits for every job to end; their chunks (a job with a failed document throws, and so does a
 * job still unfinished {@link JOB_WAIT_MS} after the one before it ended).
 */
export async function jobsDone(jobs: IngestJob[]): Promise<number> {
  let chunks = 0;
  for (const job of jobs) {
    const deadline = Date.now() + JOB_WAIT_MS;
    for (;;) {
      const record = await job.client.jobs.get(job.id);
      if (record.status === 'completed' || record.status === 'failed') {
        if (record.failed) throw new Error(`ingest job ${job.id}: ${record.failed} documents failed`);
        chunks += record.chunks;
        break;
      }
      if (Date.now() > deadline)
        throw new Error(
          `ingest job ${job.id} (${record.status}) did not end within ${JOB_WAIT_MS / 60_000} minutes of the one before it`,
        );
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return chunks;
}

/** A deterministic pseudo-random generator, so every run indexes the same corpus. */
export function rng(seed: number): () => number {
  return () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Peak resident set size of a live process, MB (Linux `VmHWM`). */
export function peakRssMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** The `p` quantile of `sorted` (NaN when it is empty). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
export const perSecond = (n: number) => Math.round(n).toLocaleString('en');

/**
 * Longest the bench waits for one answer of the API: a search through LanceDB's indexes right
 * after a 1,000,000-chunk import takes seconds on a loaded machine, never minutes.
 */
const ANSWER_WAIT_MS = 5 * 60_000;

/**
 * The bench's `fetch` (its clients' transport): gives up on an answer after
 * {@link ANSWER_WAIT_MS}, with an error that names the request it waited for.
 */
export const benchFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(ANSWER_WAIT_MS) });
  } catch (error) {
    if ((error as Error).name !== 'TimeoutError') throw error;
    const request = `${init?.method ?? 'GET'} ${input instanceof Request ? input.url : String(input)}`;
    throw new Error(`${request}: no answer within ${ANSWER_WAIT_MS / 60_000} minutes`, { cause: error });
  }
};

/** `work`, or an error that names `what` was waited for once `ms` have passed without it. */
export async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits for the API at `apiUrl` to answer its health check; throws after a minute. */
export async function apiAnswers(apiUrl: string): Promise<void> {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${apiUrl}health?mode=minimal`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (i === 600) throw new Error(`the API did not answer ${apiUrl}health within a minute`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Each JSON line a child process logs on its stdout, to `seen`; warnings and errors (and lines
 * that are not JSON) are passed on to the bench's output.
 */
function logLines<T>(
  child: ChildProcess,
  seen: (line: { level?: number; msg?: string } & Partial<T>) => void,
): void {
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: { level?: number; msg?: string } & Partial<T>;
    try {
      line = JSON.parse(text) as typeof line;
    } catch {
      process.stdout.write(`${text}\n`);
      return;
    }
    if ((line.level ?? 0) >= 40) process.stdout.write(`${text}\n`);
    seen(line);
  });
}
