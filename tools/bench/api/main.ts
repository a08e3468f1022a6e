/**
 * API overhead benchmark: our GET /question/{id}/ and POST /question/ against bare Express
 * endpoints doing the same I/O-free work, side by side in one run, with autocannon.
 *
 *   npm run bench:api [-- --duration 10 --connections 50] [--only get|post]
 *   npm run bench:api -- --metrics-overhead [--rounds 5]
 *   npm run bench:api -- --last-used-overhead [--rounds 5]
 *   npm run bench:api -- --only get --cpu-prof DIR
 *   npm run bench:api -- --only post --heap-prof DIR
 *
 * `--only` measures one pair (for profiling) and leaves docs/benchmarks.md alone. `--cpu-prof`
 * writes a CPU profile (`.cpuprofile`, for Chrome DevTools or `tools/bench/api/profile-top.mjs`)
 * of the bench's process while autocannon loads each endpoint (`get`, `post`, `bare-get`,
 * `bare-post`), and of nothing else; `--heap-prof` likewise a sampling heap profile
 * (`.heapprofile`) of every allocation made meanwhile.
 * `--metrics-overhead` runs two APIs side by side, one filling Prometheus metrics and one not,
 * and alternates GET and POST between them for `--rounds` rounds: the metrics' cost, as the
 * change in the ratios above. `--last-used-overhead` does the same with one API recording when
 * each token was last used and one not.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import express from 'express';
import { ScriptedAnswerer } from '@docqa/answering/testing';
import { startOwnRedis } from '@docqa/testing';
import { Redis } from 'ioredis';
import { TokenCache, TokenStore } from '@docqa/auth';
import { Metrics } from '@docqa/metrics';
import { Keys } from '@docqa/redis';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';
import { reportBenchSection } from '../write-section';
import { runBench } from '../run-bench';
import {
  gcText,
  loopText,
  redisText,
  redisWork,
  run as runLoad,
  withCpuProfile,
  withHeapProfile,
  type Row,
} from './measure';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    'metrics-overhead': { type: 'boolean', default: false },
    'last-used-overhead': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '5' },
    'cpu-prof': { type: 'string' },
    'heap-prof': { type: 'string' },
  },
});
if (values.only !== undefined && !['get', 'post'].includes(values.only)) {
  console.error('--only must be get or post');
  process.exit(2);
}
const duration = Number(values.duration);
const connections = Number(values.connections);
const run = (name: string, opts: Parameters<typeof runLoad>[2]) =>
  runLoad({ connections, duration }, name, opts);

/**
 * An API with one answered question to read, its worker stopped; with `metrics`, filling them;
 * `recordTokenUse: false` records no "last used" time of tokens.
 */
async function answeredStack(redisUrl: string, opts: { metrics?: Metrics; recordTokenUse?: boolean } = {}) {
  const { metrics, recordTokenUse } = opts;
  const stack = await startStack({
    redisUrl,
    answerer: new ScriptedAnswerer({ pieces: ['A short answer [1].'] }),
    services: noKnowledgeBase(),
    env: { RATE_LIMIT_PER_MINUTE: '1000000' },
    metrics: metrics && { api: metrics, worker: new Metrics('worker') },
    recordTokenUse,
  });
  const token = await stack.createToken({ tenant: 'bench', scopes: ['ask'] });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await (
    await fetch(`${stack.apiUrl}question/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ question: 'How fast?' }),
    })
  ).json();
  let record = await (
    await fetch(`${stack.apiUrl}question/${created.question_id}/?wait=10`, { headers })
  ).json();
  while (!record.is_ready)
    record = await (
      await fetch(`${stack.apiUrl}question/${created.question_id}/?wait=10`, { headers })
    ).json();
  await stack.stopWorker();
  return { stack, headers, questionId: created.question_id as string, record };
}

type Answered = Awaited<ReturnType<typeof answeredStack>>;

/**
 * GET and POST req/s of two APIs, without and with a feature, alternated round by round; the
 * median ratios with their rounds.
 */
async function sideBySide(plain: Answered, measured: Answered): Promise<{ get: string; post: string }> {
  const body = JSON.stringify({ question: 'How do I create a token?' });
  const get = (s: { stack: Stack; headers: Record<string, string>; questionId: string }) =>
    run('GET', { url: `${s.stack.apiUrl}question/${s.questionId}/`, headers: s.headers });
  const post = (s: { stack: Stack; headers: Record<string, string> }) =>
    run('POST', { url: `${s.stack.apiUrl}question/`, method: 'POST', headers: s.headers, body });
  const ratios = { get: [] as number[], post: [] as number[] };
  for (let i = 0; i < Number(values.rounds); i++) {
    // Alternate which goes first, so a drift in the machine's load favours neither.
    const [a, b] = i % 2 ? [measured, plain] : [plain, measured];
    const [ga, gb] = [await get(a), await get(b)];
    const [pa, pb] = [await post(a), await post(b)];
    const [gPlain, gMeasured, pPlain, pMeasured] = a === plain ? [ga, gb, pa, pb] : [gb, ga, pb, pa];
    ratios.get.push(gMeasured.rps / gPlain.rps);
    ratios.post.push(pMeasured.rps / pPlain.rps);
    console.error(`round ${i + 1}: GET ${pct(ratios.get.at(-1)!)}, POST ${pct(ratios.post.at(-1)!)}`);
  }
  await plain.stack.close();
  await measured.stack.close();
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const line = (xs: number[]) =>
    `**${pct(median(xs))}** of its req/s without (rounds: ${xs.map(pct).join(', ')})`;
  return { get: line(ratios.get), post: line(ratios.post) };
}

/** How the side-by-side runs were made, for the report. */
function sideBySideSetup(feature: string): string {
  return `Two APIs side by side in one process, one ${feature}, one not; ${values.rounds} rounds of ${duration} s GET and POST each at ${connections} connections, alternating which goes first; load average at the start ${loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')}.`;
}

/** GET and POST req/s of two APIs, with and without metrics. */
async function metricsOverhead(redisUrl: string): Promise<void> {
  const setup = sideBySideSetup(
    'filling Prometheus metrics (request counter and latency histogram by route, SSE gauge)',
  );
  const ratios = await sideBySide(
    await answeredStack(redisUrl),
    await answeredStack(redisUrl, { metrics: new Metrics('api') }),
  );
  const text = [
    setup,
    '',
    `- GET /question/{id}/ with metrics: ${ratios.get}`,
    `- POST /question/ with metrics: ${ratios.post}`,
  ].join('\n');
  reportBenchSection('Metrics overhead', 'npm run bench:api -- --metrics-overhead', text);
}

/**
 * The CPU time one cached token verification takes with and without recording its use (the
 * throttle's map lookup on every request), alternated over rounds of a million verifications.
 */
async function verifyCostNs(redisUrl: string): Promise<{ plain: number; recording: number }> {
  const redis = new Redis(redisUrl);
  const keys = new Keys('bench-verify');
  const tokens = new TokenStore({ redis, keys });
  const { token } = await tokens.create({ tenant: 'bench', scopes: ['ask'] });
  const caches = [false, true].map(
    (recordUse) => new TokenCache({ tokens, subscriber: redis, keys, recordUse }),
  );
  const ns = { plain: [] as number[], recording: [] as number[] };
  const calls = 1_000_000;
  for (let round = 0; round < Number(values.rounds) * 2; round++) {
    const recordUse = round % 2 === 1;
    const cache = caches[Number(recordUse)]!;
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) await cache.verify(token);
    (recordUse ? ns.recording : ns.plain).push(Number(process.hrtime.bigint() - start) / calls);
  }
  await redis.quit();
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return { plain: median(ns.plain), recording: median(ns.recording) };
}

/** GET and POST req/s of two APIs, recording tokens' last use and not. */
async function lastUsedOverhead(redisUrl: string): Promise<void> {
  const cost = await verifyCostNs(redisUrl);
  const setup = sideBySideSetup(
    'recording when each token was last used (at most one Redis write a minute per token and process, not awaited)',
  );
  const ratios = await sideBySide(
    await answeredStack(redisUrl, { recordTokenUse: false }),
    await answeredStack(redisUrl),
  );
  const text = [
    setup,
    '',
    `- GET /question/{id}/ recording last use: ${ratios.get}`,
    `- POST /question/ recording last use: ${ratios.post}`,
    `- One cached token verification (the per-request part; median of ${values.rounds} rounds of a million, alternated): ${cost.plain.toFixed(0)} ns without recording, ${cost.recording.toFixed(0)} ns with (**+${(cost.recording - cost.plain).toFixed(0)} ns** a request); Redis writes: one a minute per token and process.`,
  ].join('\n');
  reportBenchSection('Token "last used" overhead', 'npm run bench:api -- --last-used-overhead', text);
}

async function main(): Promise<void> {
  const redis = await startOwnRedis();
  if (values['metrics-overhead'] || values['last-used-overhead']) {
    await (values['metrics-overhead'] ? metricsOverhead : lastUsedOverhead)(redis.url);
    await redis.stop();
    return;
  }
  const { stack, headers, questionId, record } = await answeredStack(redis.url);
  const created = { question_id: questionId };

  const bare = express();
  bare.use(express.json());
  bare.get('/bare/:id/', (_req, res) => void res.json(record));
  bare.post(
    '/bare/',
    (req, res) => void res.status(201).json({ question_id: 'q_x', chat_id: String(req.body.question) }),
  );
  const counters = new Redis(redis.url);
  // Bare Express is profiled too (`bare-get`, `bare-post`): what docqa adds is the difference.
  const profiledRun = (name: string, measure: () => Promise<Row>) => {
    const [cpu, heap] = [values['cpu-prof'], values['heap-prof']];
    if (cpu) return withCpuProfile(join(cpu, `${name}.cpuprofile`), measure);
    return heap ? withHeapProfile(join(heap, `${name}.heapprofile`), measure) : measure();
  };
  const profiled = (name: string, measure: () => Promise<Row>) =>
    redisWork(counters, () => profiledRun(name, measure));
  const server = bare.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const bareUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const body = JSON.stringify({ question: 'How do I create a token?' });

  const rows: Row[] = [];
  if (values.only !== 'post') {
    rows.push(
      await profiledRun('bare-get', () =>
        run('bare Express GET', { url: `${bareUrl}/bare/${created.question_id}/` }),
      ),
    );
    rows.push(
      await profiled('get', () =>
        run('GET /question/{id}/', { url: `${stack.apiUrl}question/${created.question_id}/`, headers }),
      ),
    );
  }
  if (values.only !== 'get') {
    rows.push(
      await profiledRun('bare-post', () =>
        run('bare Express POST', { url: `${bareUrl}/bare/`, method: 'POST', headers, body }),
      ),
    );
    rows.push(
      await profiled('post', () =>
        run('POST /question/', { url: `${stack.apiUrl}question/`, method: 'POST', headers, body }),
      ),
    );
  }
  server.close();
  await counters.quit();
  await stack.close();
  await redis.stop();
  if (values.only) {
    for (const r of rows)
      console.log(
        `${r.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${Math.round(r.cpuUs)} µs CPU a request (${r.requests} requests)${r.redis ? `, Redis a request: ${redisText(r.redis)}` : ''}; ${loopText(r.loop)}; ${gcText(r)}`,
      );
    return;
  }

  const [bareGet, get, barePost, post] = rows as [Row, Row, Row, Row];
  const table = [
    `| endpoint | req/s | p50 ms | p99 ms | CPU µs a request | Redis a request | non-2xx/errors |`,
    `|---|---|---|---|---|---|---|`,
    ...rows.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${Math.round(r.cpuUs)} | ${r.redis ? redisText(r.redis) : ''} | ${r.errors} |`,
    ),
  ];
  const ratios = [
    `- GET /question/{id}/ = **${pct(get.rps / bareGet.rps)}** of bare Express req/s (target ≥ 80 %), p99 ${get.p99} ms (target ≤ 25 ms)`,
    `- POST /question/ (auth + validate + rate limit + record + enqueue) = **${pct(post.rps / barePost.rps)}** of bare Express req/s (target ≥ 50 %), p99 ${post.p99} ms (target ≤ 25 ms)`,
  ];
  const text = [
    `${connections} connections, ${duration} s per endpoint, one run on this machine (${new Date().toISOString().slice(0, 10)}, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(
        ', ',
      )} at the end); Redis is a private redis-server, no worker running during the measurement; autocannon runs in its own process. CPU µs a request: the bench process's CPU time (user + system) during the endpoint's run over the requests answered. Redis a request: its INFO counters (commands processed, including those a script runs; socket reads and writes, i.e. round trips, shared when commands arrive together) over the requests answered.`,
    '',
    ...table,
    '',
    ...ratios,
  ].join('\n');
  reportBenchSection('API', 'npm run bench:api', text);
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

runBench(main);
