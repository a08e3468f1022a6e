/**
 * The fuzz run's upload phase: the bombs of `upload-cases.ts` sent to a real deployment (the built
 * API and worker as separate processes, a private redis-server, loopback only) while a prober asks
 * `GET /health?mode=minimal` every 50 ms, the API's RSS is read from /proc and Redis's
 * `used_memory` from INFO, until every accepted job has finished. Returns the section's text.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TokenStore } from '@docqa/auth';
import { Keys, closeRedis, connectRedis } from '@docqa/redis';
import { freePort, startOwnRedis } from '@docqa/testing';
import { uploadCases, type CaseLimits, type UploadCase } from './upload-cases';

/** `dist/`: this file runs bundled as dist/tools/bench/fuzz/main.js. */
const dist = resolve(__dirname, '../../..');
const MB = 1024 * 1024;
const LIMITS: CaseLimits = {
  uploadFileBytes: 10 * MB,
  uploadFiles: 20,
  textChars: 5_000_000,
  htmlDepth: 500,
  inflatedBytes: 50 * MB,
  pages: 2000,
};

interface Sent {
  name: string;
  status: number | 'unanswered';
  ms: number;
  job?: string;
  textChars: number;
}

/** Samples of a running deployment: health latencies, the API's RSS, Redis's memory. */
interface Probe {
  health: number[];
  healthFailures: number;
  apiPeakRssMb: number;
  redisPeakMb: number;
  stop(): Promise<void>;
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

function startProbe(apiUrl: string, apiPid: number, redisInfo: () => Promise<string>): Probe {
  const probe: Probe = {
    health: [],
    healthFailures: 0,
    apiPeakRssMb: 0,
    redisPeakMb: 0,
    stop: async () => {},
  };
  let running = true;
  const loop = async (every: number, sample: () => Promise<void>) => {
    while (running) {
      await sample();
      await new Promise((r) => setTimeout(r, every));
    }
  };
  const health = loop(50, async () => {
    const started = performance.now();
    const ok = await fetch(`${apiUrl}health?mode=minimal`, { signal: AbortSignal.timeout(30_000) }).then(
      async (r) => (await r.arrayBuffer(), r.ok),
      () => false,
    );
    probe.health.push(performance.now() - started);
    if (!ok) probe.healthFailures++;
  });
  const memory = loop(100, async () => {
    probe.apiPeakRssMb = Math.max(probe.apiPeakRssMb, rssMb(apiPid));
    // A Redis busy past the command timeout is a sample missed, not the end of the run.
    const used = /used_memory:(\d+)/.exec(await redisInfo().catch(() => ''))?.[1];
    if (used) probe.redisPeakMb = Math.max(probe.redisPeakMb, Number(used) / MB);
  });
  probe.stop = async () => {
    running = false;
    await Promise.all([health, memory]);
  };
  return probe;
}

async function send(apiUrl: string, token: string, c: UploadCase): Promise<Sent> {
  const started = performance.now();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body: FormData | Uint8Array;
  let path = 'documents/upload';
  if (c.json) {
    path = 'documents/';
    body = c.json.body;
    headers['content-type'] = 'application/json';
    if (c.json.gzip) headers['content-encoding'] = 'gzip';
  } else {
    body = new FormData();
    for (const f of c.files!) body.append('files', new Blob([f.data as BlobPart]), f.name);
  }
  try {
    const res = await fetch(apiUrl + path, {
      method: 'POST',
      headers,
      body: body as BodyInit,
      signal: AbortSignal.timeout(120_000),
    });
    const answer = (await res.json().catch(() => ({}))) as { job_id?: string };
    return {
      name: c.name,
      status: res.status,
      ms: performance.now() - started,
      job: answer.job_id,
      textChars: c.textChars,
    };
  } catch {
    return { name: c.name, status: 'unanswered', ms: performance.now() - started, textChars: 0 };
  }
}

/** Waits for the job to finish (or 10 minutes); its status then. */
async function jobEnd(apiUrl: string, token: string, job: string): Promise<string> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    const record = (await (
      await fetch(`${apiUrl}jobs/${job}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { status: string };
    if (record.status === 'completed' || record.status === 'failed') return record.status;
    await new Promise((r) => setTimeout(r, 200));
  }
  return 'hung';
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** A deployment of the built API and worker on a private Redis, with an ingest token. */
interface Deployment {
  apiUrl: string;
  apiPid: number;
  token: string;
  /** Redis's `INFO memory`. */
  redisMemory(): Promise<string>;
  stop(): Promise<void>;
}

async function startDeployment(): Promise<Deployment> {
  const redis = await startOwnRedis();
  const dataDir = mkdtempSync(join(tmpdir(), 'docqa-bench-bombs-'));
  const port = await freePort();
  const prefix = 'bombs';
  const env = {
    ...process.env,
    ...{ PORT: String(port), HOST: '127.0.0.1', REDIS_URL: redis.url, REDIS_PREFIX: prefix },
    ...{ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO: 'false' },
  };
  const [api, worker] = ['api', 'worker'].map((name) =>
    spawn(process.execPath, [join(dist, `apps/${name}/main.js`)], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  ) as [ChildProcess, ChildProcess];
  const admin = await connectRedis(redis.url, 'command', 'bench-bombs');
  const apiUrl = `http://127.0.0.1:${port}/api/v2/`;
  const { token } = await new TokenStore({ redis: admin, keys: new Keys(prefix) }).create({
    tenant: 'bombs',
    scopes: ['ingest'],
    rateLimit: 1_000_000,
  });
  const healthy = () =>
    fetch(`${apiUrl}health?mode=minimal`).then(
      (r) => r.ok,
      () => false,
    );
  for (let i = 0; i < 300 && !(await healthy()); i++) await new Promise((r) => setTimeout(r, 100));
  return {
    apiUrl,
    apiPid: api.pid!,
    token,
    redisMemory: () => admin.info('memory'),
    async stop() {
      await closeRedis(admin);
      for (const child of [api, worker]) child.kill('SIGTERM');
      const exited = (c: ChildProcess) =>
        new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)));
      await Promise.all([api, worker].map(exited));
      await redis.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the phase `rounds` times over, `concurrency` requests at a time; its section's text. */
export async function runUploadBombs(
  rounds: number,
  concurrency: number,
): Promise<{ text: string; bad: number }> {
  // Built before the deployment starts: making the bombs holds this process for seconds.
  const queue = Array.from({ length: rounds }, () => uploadCases(LIMITS)).flat();
  const { apiUrl, apiPid, token, redisMemory, stop } = await startDeployment();
  try {
    const restRss = rssMb(apiPid);
    const probe = startProbe(apiUrl, apiPid, redisMemory);
    const started = performance.now();
    const sent: Sent[] = [];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) sent.push(await send(apiUrl, token, next));
      }),
    );
    const jobs = await Promise.all(sent.filter((s) => s.job).map((s) => jobEnd(apiUrl, token, s.job!)));
    const seconds = (performance.now() - started) / 1000;
    await probe.stop();
    return report({ sent, jobs, probe, seconds, restRss, rounds, concurrency });
  } finally {
    await stop();
  }
}

function report(run: {
  sent: Sent[];
  jobs: string[];
  probe: Probe;
  seconds: number;
  restRss: number;
  rounds: number;
  concurrency: number;
}): { text: string; bad: number } {
  const { sent, jobs, probe } = run;
  const errors = sent.filter((s) => s.status === 'unanswered' || s.status >= 500).length;
  const hung = sent.filter((s) => s.status === 'unanswered').length + jobs.filter((j) => j === 'hung').length;
  const textMb = sent.filter((s) => s.job).reduce((sum, s) => sum + s.textChars, 0) / MB;
  const byCase = new Map<string, Sent[]>();
  for (const s of sent) byCase.set(s.name, [...(byCase.get(s.name) ?? []), s]);
  const fmt = (n: number) => n.toFixed(0);
  const text = [
    `${sent.length} uploads (${run.rounds} round(s) of ${byCase.size} cases, ${run.concurrency} at a time) in ${fmt(run.seconds)} s, their ${jobs.length} jobs included:`,
    '',
    '| 5xx | hung | health p99 | health max | API RSS at rest → peak | Redis peak | documents’ text |',
    '|---|---|---|---|---|---|---|',
    `| ${errors - sent.filter((s) => s.status === 'unanswered').length} | ${hung} | ${fmt(percentile(probe.health, 0.99))} ms | ${fmt(Math.max(...probe.health))} ms | ${fmt(run.restRss)} → ${fmt(probe.apiPeakRssMb)} MB | ${probe.redisPeakMb.toFixed(1)} MB | ${textMb.toFixed(1)} MB |`,
    '',
    `Issue 42's targets: 0 × 5xx, 0 hung, health p99 ≤ 200 ms, API RSS ≤ 600 MB, Redis ≤ 2 × the documents’ text. The built API and worker as separate processes on a private redis-server; \`GET /health?mode=minimal\` every 50 ms from the first upload until the last job ended (${probe.health.length} probes, ${probe.healthFailures} failed); hung: no answer within 120 s, or a job not finished in 10 minutes. The API only stores each upload and queues a reference to it; the worker parses each file on a parse thread of its own (\`loadFileIsolated\`, with the \`PARSE_*\` limits), so a bomb costs that thread, never the API's event loop.`,
    '',
    '| case | answers | slowest |',
    '|---|---|---|',
    ...[...byCase].map(
      ([name, all]) =>
        `| ${name} | ${[...new Set(all.map((s) => s.status))].join(', ')} | ${fmt(Math.max(...all.map((s) => s.ms)))} ms |`,
    ),
  ].join('\n');
  return { text, bad: errors + hung };
}
