/**
 * Fuzz run: a bounded number of generated requests (valid, slightly wrong and hostile) over every
 * operation the API mounts, against a real API + worker (real retrieval and extractive answers on
 * a private Redis) this script starts on 127.0.0.1 and stops, with the sources' sites (a docs site
 * and a GitHub stand-in) on 127.0.0.1 too. Admin operations go with bearer tokens and with signed-in
 * portal sessions (cookie + CSRF token). Counts answers by status, per operation; a 5xx or a
 * request left unanswered is a defect. Writes its figures to docs/benchmarks.md ("Fuzz"). Then
 * uploads bombs of every format to a deployment of the built API and worker, measuring health,
 * RSS and Redis meanwhile (`upload-bombs.ts`; "Fuzz: uploads").
 *
 *   npm run bench:fuzz [-- --requests 10000 --concurrency 16 --seed 1 --trace 'GET /api/v2/jobs']
 *   npm run bench:fuzz -- --uploads-only --upload-rounds 1 --upload-concurrency 4
 */
import { connect } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startOwnRedis } from '@docqa/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';
import { writeBenchSection } from '../write-section';
import { runBench } from '../run-bench';
import { RequestGenerator, seededRandom, type FuzzRequest } from './requests';
import { seedContext, signIn, startFuzzServers } from './seed';
import { runUploadBombs } from './upload-bombs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '16' },
    seed: { type: 'string', default: '1' },
    'answer-ms': { type: 'string', default: '40000' },
    /** Print every request of the operations whose name holds this, with its status. */
    trace: { type: 'string' },
    'uploads-only': { type: 'boolean', default: false },
    'upload-rounds': { type: 'string', default: '1' },
    'upload-concurrency': { type: 'string', default: '4' },
  },
});
const TOTAL = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
/** Longest wait for a response's status line; past it the request counts as unanswered. */
const ANSWER_MS = Number(values['answer-ms']);

interface Outcome {
  operation: string;
  status: number | 'unanswered';
  request: FuzzRequest;
}

/** Requests sent a second time after the keep-alive race (see {@link send}). */
let retries = 0;

/** Header values fetch refuses to send (it checks them on the client side); a raw socket sends them. */
const UNSENDABLE = /[^\t\x20-\x7e\x80-\xff]|[^\x00-\xff]/;

/**
 * Sends a request and resolves with its status once the response head arrives, or `unanswered`
 * when none came within {@link ANSWER_MS}. A connection the server closed while idle, as this
 * request went out on it, is the keep-alive race every HTTP client meets: the request is sent
 * again once, on a new connection.
 */
async function send(stack: Stack, request: FuzzRequest, retried = false): Promise<number | 'unanswered'> {
  if (request.declaredLength !== undefined || Object.values(request.headers).some((v) => UNSENDABLE.test(v)))
    return sendRaw(stack, request);
  const signal = AbortSignal.timeout(ANSWER_MS);
  try {
    const res = await fetch(stack.baseUrl + request.path, {
      method: request.method,
      headers: request.headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
      signal,
    });
    // Event streams stay open until their answer ends: the head is the answer being checked.
    await res.body?.cancel();
    return res.status;
  } catch (err) {
    if (signal.aborted || retried) {
      if (!signal.aborted) console.error('connection failed twice:', (err as Error).cause ?? err);
      return 'unanswered';
    }
    retries++;
    return send(stack, request, true);
  }
}

/** A request whose declared Content-Length is not its body's, on a raw socket. */
function sendRaw(stack: Stack, request: FuzzRequest): Promise<number | 'unanswered'> {
  const { hostname, port } = new URL(stack.baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const done = (status: number | 'unanswered') => {
      clearTimeout(timer);
      socket.destroy();
      resolve(status);
    };
    const timer = setTimeout(() => done('unanswered'), ANSWER_MS);
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (match) done(Number(match[1]));
    });
    socket.on('error', () => done('unanswered'));
    socket.on('close', () => done('unanswered'));
    const headers = Object.entries(request.headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(
      `${request.method} ${request.path} HTTP/1.1\r\nHost: ${hostname}\r\n${headers}` +
        `Content-Length: ${request.declaredLength ?? Buffer.byteLength(request.body ?? '')}\r\n\r\n${request.body ?? ''}`,
    );
  });
}

async function main(): Promise<void> {
  if (!values['uploads-only']) await fuzzRequests();
  const uploads = await runUploadBombs(Number(values['upload-rounds']), Number(values['upload-concurrency']));
  console.log(uploads.text);
  const args = process.argv.slice(2).join(' ');
  writeBenchSection('Fuzz: uploads', `npm run bench:fuzz${args && ` -- ${args}`}`, uploads.text);
  if (uploads.bad) process.exitCode = 1;
}

/** The request fuzz: every operation, {@link TOTAL} requests. */
async function fuzzRequests(): Promise<void> {
  const redis = await startOwnRedis();
  const servers = await startFuzzServers();
  const stack = await startStack({
    redisUrl: redis.url,
    env: {
      RATE_LIMIT_PER_MINUTE: '1000000',
      WIDGET_RATE_LIMIT_PER_MINUTE: '1000000',
      VISITOR_RATE_LIMIT_PER_MINUTE: '1000000',
      ADMIN_SIGNIN_LIMIT_PER_EMAIL: '1000000',
      ADMIN_SIGNIN_LIMIT_PER_IP: '1000000',
      REQUEST_TIMEOUT_MS: '5000',
      SOURCES_ALLOW_PRIVATE_NETWORKS: 'true',
      GITHUB_API_URL: servers.githubApiUrl,
      SECRETS_KEY: 'fuzz run secrets key, 16+ characters',
    },
  });
  const started = performance.now();
  const outcomes: Outcome[] = [];
  let undocumented: string[] = [];
  try {
    const ctx = await seedContext(stack, servers);
    const operations = stack.operations;
    // Every operation of the OpenAPI document is mounted, and so fuzzed.
    undocumented = [...ctx.operations.keys()].filter((op) => !operations.includes(op));
    const generator = new RequestGenerator(seededRandom(Number(values.seed)), ctx);
    let issued = 0;
    const worker = async () => {
      while (issued < TOTAL) {
        const operation = operations[issued++ % operations.length]!;
        const request = generator.next(operation);
        const status = await send(stack, request);
        outcomes.push({ operation, status, request });
        if (values.trace && operation.includes(values.trace))
          console.error(status, JSON.stringify(request).slice(0, 400));
        // A fuzzed sign-out ended the session: sign in again so later requests still have one.
        if (
          request.session !== undefined &&
          operation.startsWith('DELETE ') &&
          operation.endsWith('/session')
        )
          if (status === 204) {
            const session = ctx.sessions[request.session]!;
            ctx.sessions[request.session] = await signIn(stack, session.email);
          }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    await stack.close();
    await servers.close();
    await redis.stop();
  }
  if (undocumented.length) console.error('in the OpenAPI document but not mounted:', undocumented);
  report(outcomes, stack.operations.length, (performance.now() - started) / 1000);
  if (undocumented.length) process.exitCode = 1;
}

function report(outcomes: Outcome[], operations: number, seconds: number): void {
  const byClass = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.status === 'unanswered' ? 'unanswered' : `${String(o.status)[0]}xx`;
    byClass.set(key, (byClass.get(key) ?? 0) + 1);
  }
  const bad = outcomes.filter((o) => o.status === 'unanswered' || o.status >= 500);
  const count = (key: string) => byClass.get(key) ?? 0;
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
  const text = [
    `${outcomes.length} requests over ${operations} operations (seed ${values.seed}, ${CONCURRENCY} at a time) in ${seconds.toFixed(0)} s, load average ${load}:`,
    '',
    '| 2xx | 3xx | 4xx | 5xx | unanswered |',
    '|---|---|---|---|---|',
    `| ${count('2xx')} | ${count('3xx')} | ${count('4xx')} | ${count('5xx')} | ${count('unanswered')} |`,
    '',
    'A real API and worker (local embeddings, extractive answers, embedded store) on a private Redis, ' +
      'loopback only. Requests: valid bodies, bodies with one field replaced by junk, junk JSON, invalid ' +
      'JSON, wrong content types, mislabelled `Content-Encoding`, declared lengths that lie, junk ids, ' +
      '`Last-Event-ID`, `Idempotency-Key`, `If-None-Match` and query values, wrong methods, multipart ' +
      'uploads (some cut short or with the wrong boundary), sources on a docs site and a GitHub ' +
      'stand-in on 127.0.0.1, MCP JSON-RPC messages. ' +
      `Unanswered: no status line within ${ANSWER_MS / 1000} s. ${retries} requests met a keep-alive ` +
      'connection the server had just closed and were sent again once on a new one.',
    '',
    'Per operation (every operation of the OpenAPI document; bearer tokens of several scopes and ' +
      'tenants, portal sessions with right, wrong or missing CSRF tokens, or no credentials):',
    '',
    '| operation | requests | 1xx–3xx | 4xx | 5xx | unanswered |',
    '|---|---|---|---|---|---|',
    ...perOperation(outcomes),
  ].join('\n');
  console.log(text);
  for (const o of bad.slice(0, 20))
    console.error(o.status, o.operation, JSON.stringify(o.request).slice(0, 300));
  writeBenchSection('Fuzz', 'npm run bench:fuzz', text);
  if (bad.length) process.exitCode = 1;
}

/** A table row per operation: requests and their answers by class. */
function perOperation(outcomes: Outcome[]): string[] {
  const rows = new Map<string, number[]>();
  for (const o of outcomes) {
    const row = rows.get(o.operation) ?? [0, 0, 0, 0, 0];
    row[0]!++;
    if (o.status === 'unanswered') row[4]!++;
    else if (o.status >= 500) row[3]!++;
    else if (o.status >= 400) row[2]!++;
    else row[1]!++;
    rows.set(o.operation, row);
  }
  return [...rows]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([operation, row]) => `| \`${operation}\` | ${row.join(' | ')} |`);
}

runBench(main);
