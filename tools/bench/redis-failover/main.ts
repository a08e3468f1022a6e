/**
 * Redis failover benchmark: for a single Redis, a Sentinel set-up (1 master, 1 replica,
 * 3 sentinels) and a Redis Cluster (3 masters, 3 replicas), 1,000 questions through the API with
 * two workers. On Sentinel and Cluster the master holding most question keys is killed with
 * SIGKILL once, after a third of the questions are acknowledged. Clients retry a refused POST
 * (503) with the same Idempotency-Key, as a well-behaved client does.
 *
 *   npm run bench:redis-failover [-- --questions 1000 --concurrency 20 --only cluster]
 *
 * Reports per set-up: questions acknowledged, ready, failed, lost (acknowledged but gone) and
 * pending after 2 minutes; POSTs refused and for how long; throughput; and, for the Cluster, each
 * master's share of keys and memory. Writes the figures into docs/benchmarks.md (unless --only).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { ScriptedAnswerer } from '@docqa/answering/testing';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';
import { cli, startOwnCluster, startOwnRedis, startOwnSentinel, type RedisProcess } from '@docqa/testing';
import { composeWorker } from '@docqa/composition';
import { writeBenchSection } from '../write-section';
import { runBench } from '../run-bench';

const { values } = parseArgs({
  options: {
    questions: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '20' },
    only: { type: 'string' },
  },
});
const QUESTIONS = Number(values.questions);
const CONCURRENCY = Number(values.concurrency);
const PENDING_LIMIT_MS = 120_000;
/** A client gives up on a question refused for this long (reported as not acknowledged). */
const GIVE_UP_MS = 120_000;

/** A set-up under test: its settings, the master to kill (none for a single Redis), and its masters' ports. */
interface Setup {
  name: string;
  env: Record<string, string>;
  redisUrl: string;
  victim?: (prefix: string) => Promise<RedisProcess>;
  /** Whether a master other than the killed one serves its data now. */
  replaced?: (killedPort: number) => Promise<boolean>;
  masterPorts?: () => Promise<number[]>;
  stop(): Promise<void>;
}

interface Result {
  name: string;
  acknowledged: number;
  ready: number;
  failed: number;
  lost: number;
  pending: number;
  refused: number;
  refusedForMs: number;
  /** From the kill until Redis had promoted a replica (as the sentinels or the cluster report it). */
  promotedAfterMs?: number;
  slowestPostMs: number;
  seconds: number;
  spread?: string;
}

async function single(): Promise<Setup> {
  const redis = await startOwnRedis();
  return { name: 'single', env: {}, redisUrl: redis.url, stop: () => redis.stop() };
}

async function sentinel(): Promise<Setup> {
  const s = await startOwnSentinel();
  return {
    name: 'Sentinel',
    env: s.env,
    redisUrl: 'redis://127.0.0.1:1',
    victim: () => s.master(),
    replaced: async (killed) => (await s.master()).port !== killed,
    stop: () => s.stop(),
  };
}

async function cluster(): Promise<Setup> {
  const c = await startOwnCluster();
  return {
    name: 'Cluster',
    env: c.env,
    redisUrl: 'redis://127.0.0.1:1',
    // The master holding most question keys.
    async victim(prefix) {
      const ports = await c.masterPorts();
      const counts = await Promise.all(ports.map((p) => countKeys(p, `${prefix}:q:*`)));
      const most = ports[counts.indexOf(Math.max(...counts))]!;
      return c.nodes.find((n) => n.port === most)!;
    },
    replaced: async (killed) => {
      const ports = await c.masterPorts();
      return ports.length === 3 && !ports.includes(killed);
    },
    masterPorts: () => c.masterPorts(),
    stop: () => c.stop(),
  };
}

async function countKeys(port: number, pattern: string): Promise<number> {
  let count = 0;
  let cursor = '0';
  do {
    const [next, ...keys] = (await cli(port, 'SCAN', cursor, 'MATCH', pattern, 'COUNT', '1000'))
      .trim()
      .split('\n');
    cursor = next!;
    count += keys.filter(Boolean).length;
  } while (cursor !== '0');
  return count;
}

async function runSetup(setup: Setup): Promise<Result> {
  const answerer = new ScriptedAnswerer({ pieces: ['Redis ', 'failed ', 'over.'], delayMs: 2 });
  const stack: Stack = await startStack({
    redisUrl: setup.redisUrl,
    answerer,
    services: noKnowledgeBase(),
    env: { ...setup.env, RATE_LIMIT_PER_MINUTE: '1000000', JOB_LOCK_MS: '5000' },
  });
  const second = await composeWorker(stack.config, { answerer, logger: pino({ level: 'silent' }) });
  const token = await stack.createToken({ tenant: 'bench', scopes: ['ask'] });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const acknowledged: string[] = [];
  let refused = 0;
  let firstRefusal = 0;
  let lastRefusal = 0;
  let killed = false;
  let promotedAfterMs: number | undefined;
  let slowestPostMs = 0;
  const started = Date.now();
  const kill = async () => {
    const victim = await setup.victim!(stack.prefix);
    await victim.kill();
    const at = Date.now();
    while (!(await setup.replaced!(victim.port).catch(() => false))) {
      if (Date.now() - at > GIVE_UP_MS) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    promotedAfterMs = Date.now() - at;
  };
  let promoted: Promise<void> = Promise.resolve();

  const ask = async (i: number) => {
    const firstTry = Date.now();
    while (Date.now() - firstTry < GIVE_UP_MS) {
      const sent = Date.now();
      const res = await fetch(`${stack.apiUrl}question/`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `bench-${i}` },
        body: JSON.stringify({ question: `How does failover number ${i} go?` }),
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null);
      slowestPostMs = Math.max(slowestPostMs, Date.now() - sent);
      if (res?.status === 201 || res?.status === 200) {
        acknowledged.push(((await res.json()) as { question_id: string }).question_id);
        return;
      }
      if (res && res.status !== 503) throw new Error(`POST answered ${res.status}: ${await res.text()}`);
      refused++;
      lastRefusal = Date.now();
      firstRefusal ||= lastRefusal;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < QUESTIONS) {
        const i = next++;
        if (!killed && setup.victim && acknowledged.length >= QUESTIONS / 3) {
          killed = true;
          promoted = kill();
        }
        await ask(i);
      }
    }),
  );

  await promoted;
  const states = await settle(stack, token, acknowledged);
  const seconds = (Date.now() - started) / 1000;
  const spread = setup.masterPorts ? await spreadOf(await setup.masterPorts(), stack.prefix) : undefined;
  await second.close(1000);
  await stack.close();
  return {
    name: setup.name,
    acknowledged: new Set(acknowledged).size,
    ...states,
    refused,
    refusedForMs: firstRefusal ? lastRefusal - firstRefusal : 0,
    promotedAfterMs,
    slowestPostMs,
    seconds,
    spread,
  };
}

/** Waits (2 minutes at most) until every acknowledged question is ready or failed, then counts them. */
async function settle(stack: Stack, token: string, ids: string[]) {
  const deadline = Date.now() + PENDING_LIMIT_MS;
  const state = new Map<string, string>();
  for (;;) {
    const open = ids.filter((id) => !['ready', 'failed', 'lost'].includes(state.get(id) ?? ''));
    for (const id of open) {
      const res = await fetch(`${stack.apiUrl}question/${id}/`, {
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => null);
      if (res?.status === 404) state.set(id, 'lost');
      else if (res?.status === 200) state.set(id, ((await res.json()) as { status: string }).status);
    }
    const pending = ids.filter((id) => !['ready', 'failed', 'lost'].includes(state.get(id) ?? ''));
    if (!pending.length || Date.now() > deadline) {
      const count = (s: string) => ids.filter((id) => state.get(id) === s).length;
      return { ready: count('ready'), failed: count('failed'), lost: count('lost'), pending: pending.length };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Each master's share of the run's keys and of the memory its data takes. */
async function spreadOf(ports: number[], prefix: string): Promise<string> {
  const keys = await Promise.all(ports.map((p) => countKeys(p, `${prefix}:*`)));
  const memory = await Promise.all(
    ports.map(async (p) => Number(/used_memory_dataset:(\d+)/.exec(await cli(p, 'INFO', 'memory'))![1])),
  );
  const share = (values: number[], i: number) =>
    `${((100 * values[i]!) / values.reduce((a, b) => a + b, 0)).toFixed(0)} %`;
  return ports
    .map((p, i) => `master :${p}: ${share(keys, i)} of keys, ${share(memory, i)} of memory`)
    .join('; ');
}

async function main(): Promise<void> {
  const setups = { single, sentinel, cluster };
  const chosen = values.only
    ? [values.only as keyof typeof setups]
    : (Object.keys(setups) as (keyof typeof setups)[]);
  const results: Result[] = [];
  for (const name of chosen) {
    const setup = await setups[name]();
    try {
      results.push(await runSetup(setup));
    } finally {
      await setup.stop();
    }
    console.error(JSON.stringify(results.at(-1)));
  }
  const base = results.find((r) => r.name === 'single');
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${r.acknowledged} | ${r.ready} | ${r.failed} | ${r.lost} | ${r.pending} | ${r.refused} | ${(r.refusedForMs / 1000).toFixed(1)} s | ${r.promotedAfterMs === undefined ? '' : `${(r.promotedAfterMs / 1000).toFixed(1)} s`} | ${(r.slowestPostMs / 1000).toFixed(1)} s | ${(r.acknowledged / r.seconds).toFixed(0)}/s | ${base ? `${((r.seconds / base.seconds) * 100).toFixed(0)} %` : ''} |`,
  );
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  const body = [
    `${QUESTIONS} questions, ${CONCURRENCY} clients, API and 2 workers in one process (scripted answers). On Sentinel and Cluster the master holding most question keys is killed with SIGKILL once a third are acknowledged; refused POSTs are retried with the same Idempotency-Key. Load average at the end: ${load}.`,
    '',
    '| Redis | acknowledged | ready | failed | lost | pending after 2 min | POSTs refused (503) | refused for | replica promoted after | slowest POST | throughput | run time vs single |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...results.filter((r) => r.spread).map((r) => `${r.name} spread after the run: ${r.spread}.`),
    '',
    'Reading it: "lost" counts acknowledged questions whose record is gone after the failover, "pending" those neither ready nor failed 2 minutes later. On a Cluster, the client holds a command for the moved slot while the cluster elects the replica (up to the 5 s command time-out) instead of refusing it, so POSTs are slower there rather than refused. One master holds the queues (`{bull}`) and the tokens, hence a larger share of keys.',
  ].join('\n');
  console.log(body);
  if (!values.only)
    writeBenchSection('Redis failover: single, Sentinel, Cluster', 'npm run bench:redis-failover', body);
  process.exit(0);
}

runBench(main);
