/**
 * API overhead benchmark: our GET /question/{id}/ and POST /question/ against bare Express
 * endpoints doing the same I/O-free work, side by side in one run, with autocannon.
 *
 *   npm run bench:api [-- --duration 10 --connections 50] [--only get|post]
 *
 * `--only` measures one pair (for profiling) and leaves docs/benchmarks.md alone.
 */
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import express from 'express';
import { ScriptedAnswerer } from '@docqa/questions/testing';
import { startOwnRedis } from '@docqa/testing';
import { startStack } from '@docqa/stack';
import { writeBenchSection } from '../write-section';

const execFileAsync = promisify(execFile);

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
  },
});
if (values.only !== undefined && !['get', 'post'].includes(values.only)) {
  console.error('--only must be get or post');
  process.exit(2);
}
const duration = Number(values.duration);
const connections = Number(values.connections);

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Runs autocannon in a process of its own, so the load generator never shares the server's event loop. */
async function run(
  name: string,
  opts: { url: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<Row> {
  const args = [
    require.resolve('autocannon/autocannon.js'),
    '--json',
    '-c',
    String(connections),
    '-d',
    String(duration),
  ];
  if (opts.method) args.push('-m', opts.method);
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (opts.body) args.push('-b', opts.body);
  args.push(opts.url);
  const { stdout } = await execFileAsync(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout);
  const errors = result.non2xx + result.errors + result.timeouts;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

async function main(): Promise<void> {
  const redis = await startOwnRedis();
  const stack = await startStack({
    redisUrl: redis.url,
    answerer: new ScriptedAnswerer({ pieces: ['A short answer [1].'] }),
    services: {
      retrieval: { search: async () => ({ results: [], took_ms: 0 }) },
      probes: {},
      modelProbe: async () => undefined,
    },
    env: { RATE_LIMIT_PER_MINUTE: '1000000' },
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

  const bare = express();
  bare.use(express.json());
  bare.get('/bare/:id/', (_req, res) => void res.json(record));
  bare.post(
    '/bare/',
    (req, res) => void res.status(201).json({ question_id: 'q_x', chat_id: String(req.body.question) }),
  );
  const server = bare.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const bareUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const body = JSON.stringify({ question: 'How do I create a token?' });

  const rows: Row[] = [];
  if (values.only !== 'post') {
    rows.push(await run('bare Express GET', { url: `${bareUrl}/bare/${created.question_id}/` }));
    rows.push(
      await run('GET /question/{id}/', { url: `${stack.apiUrl}question/${created.question_id}/`, headers }),
    );
  }
  if (values.only !== 'get') {
    rows.push(await run('bare Express POST', { url: `${bareUrl}/bare/`, method: 'POST', headers, body }));
    rows.push(
      await run('POST /question/', { url: `${stack.apiUrl}question/`, method: 'POST', headers, body }),
    );
  }
  server.close();
  await stack.close();
  await redis.stop();
  if (values.only) {
    for (const r of rows)
      console.log(`${r.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
    return;
  }

  const [bareGet, get, barePost, post] = rows as [Row, Row, Row, Row];
  const table = [
    `| endpoint | req/s | p50 ms | p99 ms | non-2xx/errors |`,
    `|---|---|---|---|---|`,
    ...rows.map((r) => `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`),
  ];
  const ratios = [
    `- GET /question/{id}/ = **${pct(get.rps / bareGet.rps)}** of bare Express req/s (target ≥ 50 %), p99 ${get.p99} ms (target ≤ 20 ms)`,
    `- POST /question/ (auth + validate + record + enqueue) = **${pct(post.rps / barePost.rps)}** of bare Express req/s (target ≥ 25 %)`,
  ];
  const text = [
    `${connections} connections, ${duration} s per endpoint, one run on this machine (${new Date().toISOString().slice(0, 10)}); Redis is a private redis-server, no worker running during the measurement; autocannon runs in its own process.`,
    '',
    ...table,
    '',
    ...ratios,
  ].join('\n');
  console.log(text);
  writeBenchSection('API', 'npm run bench:api', text);
}

const pct = (x: number) => `${Math.round(x * 100)} %`;

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
