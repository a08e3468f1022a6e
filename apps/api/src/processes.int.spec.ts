import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Redis } from 'ioredis';
import { TokenStore } from '@docqa/auth';
import { Keys } from '@docqa/redis';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { deletePrefix, freePort, getRaw, testPrefix, testRedis, testRedisUrl } from '@docqa/testing';

const root = resolve(__dirname, '../../..');

/** Starts a built app (`npm test` builds before jest) and resolves once it logs that it is ready. */
function startApp(name: 'api' | 'worker', env: Record<string, string>): Promise<ChildProcess> {
  const file = join(root, `dist/apps/${name}/main.js`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  const child = spawn(process.execPath, [file], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(`${name} ready`)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${out}`)));
  });
}

/** A short pause between polls (the test's time-out bounds the polling, not a guess of speed). */
const pause = () => new Promise((r) => setTimeout(r, 25));

function stopApp(child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  return exited;
}

/** The value of one sample in a Prometheus text exposition, e.g. `name{a="b"}`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => present[k] === v)) return Number(match[3]);
  }
  return 0;
}

describe('the built API and worker processes', () => {
  const prefix = testPrefix('metrics');
  const children: ChildProcess[] = [];
  let redis: Redis;
  let dataDir: string;
  let api: string;
  let apiMetrics: string;
  let workerMetrics: string;

  beforeAll(async () => {
    redis = testRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'docqa-metrics-'));
    const [port, apiMetricsPort, workerMetricsPort] = [await freePort(), await freePort(), await freePort()];
    const env = {
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DEMO: 'false',
      HOST: '127.0.0.1',
    };
    children.push(await startApp('worker', { ...env, METRICS_PORT: String(workerMetricsPort) }));
    children.push(
      await startApp('api', { ...env, PORT: String(port), METRICS_PORT: String(apiMetricsPort) }),
    );
    api = `http://127.0.0.1:${port}/api/v2/`;
    apiMetrics = `http://127.0.0.1:${apiMetricsPort}/metrics`;
    workerMetrics = `http://127.0.0.1:${workerMetricsPort}/metrics`;
  }, 60_000);

  afterAll(async () => {
    await Promise.all(children.map(stopApp));
    await deletePrefix(redis, prefix);
    await redis.quit();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('count an ingest and a question in their /metrics, by route, channel and outcome', async () => {
    const { token } = await new TokenStore({ redis, keys: new Keys(prefix) }).create({
      tenant: 'acme',
      scopes: ['ask', 'ingest'],
    });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const content =
      '# Rotating tokens\n\nRun `docqa tokens revoke ID` to revoke a token, then create a new one.';
    const ingest = await fetch(`${api}documents/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ documents: [{ title: 'Tokens', content, content_type: 'text/markdown' }] }),
    });
    expect(ingest.status).toBe(202);
    const { job_id } = (await ingest.json()) as { job_id: string };
    let job = { status: '' };
    while (job.status !== 'completed' && job.status !== 'failed') {
      await pause();
      job = await (await fetch(`${api}jobs/${job_id}`, { headers })).json();
    }
    expect(job.status).toBe('completed');

    const asked = await fetch(`${api}question/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ question: 'How do I revoke a token?' }),
    });
    const { question_id } = (await asked.json()) as { question_id: string };
    let record = { is_ready: false, status: '' };
    while (!record.is_ready)
      record = await (await fetch(`${api}question/${question_id}/?wait=10`, { headers })).json();
    expect(record.status).toBe('ready');

    const fromApi = await fetch(apiMetrics);
    expect(fromApi.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const apiText = await fromApi.text();
    const post = { route: '/api/v2/question/', method: 'POST', status: '201', process: 'api' };
    expect(sample(apiText, 'docqa_http_requests_total', post)).toBe(1);
    expect(sample(apiText, 'docqa_http_request_duration_seconds_count', post)).toBe(1);
    expect(
      sample(apiText, 'docqa_http_requests_total', {
        route: '/api/v2/documents/',
        method: 'POST',
        status: '202',
      }),
    ).toBe(1);
    expect(sample(apiText, 'docqa_sse_streams_open')).toBe(0);
    expect(sample(apiText, 'docqa_process_resident_memory_bytes')).toBeGreaterThan(0);
    // The queues' figures, as the worker reports them, from the API too.
    expect(apiText).toMatch(/^docqa_queue_jobs\{queue="questions",state="waiting",process="api"\} 0$/m);
    expect(apiText).toMatch(/^docqa_queue_jobs\{queue="ingest",state="failed",process="api"\} 0$/m);
    expect(apiText).toMatch(/^docqa_queue_jobs\{queue="sources",state="delayed",process="api"\} 0$/m);
    expect(sample(apiText, 'docqa_queue_jobs_up', { process: 'api' })).toBe(1);

    // The worker counts the answer and the job just after writing them, which the polls above saw.
    let workerText = '';
    while (
      sample(workerText, 'docqa_questions_total', { outcome: 'ready' }) === 0 ||
      sample(workerText, 'docqa_ingest_chunks_total') === 0
    ) {
      await pause();
      workerText = await (await fetch(workerMetrics)).text();
    }
    expect(
      sample(workerText, 'docqa_questions_total', { channel: 'api', outcome: 'ready', process: 'worker' }),
    ).toBe(1);
    expect(sample(workerText, 'docqa_question_ready_seconds_count', { channel: 'api' })).toBe(1);
    expect(sample(workerText, 'docqa_question_first_partial_seconds_count', { channel: 'api' })).toBe(1);
    expect(sample(workerText, 'docqa_ingest_chunks_total')).toBeGreaterThan(0);
    expect(sample(workerText, 'docqa_ingest_documents_total', { outcome: 'indexed' })).toBe(1);
    expect(workerText).toMatch(/^docqa_queue_jobs\{queue="questions",state="waiting",process="worker"\} 0$/m);
    expect(sample(workerText, 'docqa_queue_jobs', { queue: 'ingest', state: 'active' })).toBe(0);
  }, 60_000);

  it('serve /metrics only as GET /metrics on its own port, not on the public API port', async () => {
    expect((await fetch(apiMetrics.replace('/metrics', '/other'))).status).toBe(404);
    expect((await fetch(`${api.replace('/api/v2/', '')}/metrics`)).status).toBe(404);
  });

  it('serve the widget and Swagger UI compressed as the browser accepts, within the widget budget', async () => {
    const origin = api.replace('/api/v2/', '');
    const plain = await getRaw(`${origin}/widget/assistant-widget.js`, 'identity');
    const br = await getRaw(`${origin}/widget/assistant-widget.js`, 'br, gzip');
    const gz = await getRaw(`${origin}/widget/assistant-widget.js`, 'gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(gunzipSync(gz.body)).toEqual(plain.body);
    for (const res of [br, gz]) {
      expect(res.headers['vary']).toBe('Accept-Encoding');
      expect(res.headers['etag']).toBeTruthy();
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      // The widget's initial module budget, now as sent over the wire.
      expect(res.body.length).toBeLessThanOrEqual(20 * 1024);
    }

    // The answer kit is imported lazily by a chunk the entry imports statically.
    const shared = [...plain.body.toString().matchAll(/"\.\/(chunks\/[\w-]+\.js)"/g)].map((m) => m[1]!);
    const sharedText = await Promise.all(
      shared.map(async (path) => (await getRaw(`${origin}/widget/${path}`, 'identity')).body.toString()),
    );
    const chunk = /answer-kit-\w+\.js/.exec(sharedText.join('\n'))?.[0];
    expect(chunk).toBeDefined();
    const lazy = await getRaw(`${origin}/widget/chunks/${chunk}`, 'br');
    expect(lazy.headers['content-encoding']).toBe('br');
    expect(lazy.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const swagger = await getRaw(`${api}docs/swagger/swagger-ui-bundle.js`, 'gzip, deflate, br');
    expect(swagger.headers['content-encoding']).toBe('br');
    expect(swagger.body.length).toBeLessThan(600_000);
    expect((await getRaw(`${api}docs/swagger/`, 'br')).status).toBe(200);
  });
});
