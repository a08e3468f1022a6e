/**
 * Document search benchmark (`GET /documents/?q`): the DocumentStore on a private Redis holding
 * tenants of 10,000 and 50,000 documents; the time of one page (50) listed, searched for a common
 * word (the page fills at once) and for a rare one (every id of the tenant is read), and the
 * longest single script step (how long Redis is busy at once).
 *
 *   npm run bench:documents [-- --rounds 20]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import type { DocumentRecord } from '@docqa/contracts';
import { DocumentStore, type DocumentListOptions } from '@docqa/ingest';
import { Keys } from '@docqa/redis';
import { startOwnRedis } from '@docqa/testing';
import { reportBenchSection } from '../write-section';
import { runBench } from '../run-bench';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);
const SIZES = [10_000, 50_000];
const WORDS = ['install', 'configure', 'billing', 'tokens', 'widget', 'search', 'upgrade', 'backup'];

function record(n: number): DocumentRecord {
  const at = new Date(0).toISOString();
  const rare = n % 5000 === 4321 ? ' zanzibar' : '';
  return {
    id: `guide/page-${String(n).padStart(6, '0')}.md`,
    // One document in eight is about installing, spread evenly over the id order.
    title: `How to ${WORDS[n % WORDS.length]} ${WORDS[(n * 3 + 1) % WORDS.length]}, part ${n}${rare}`,
    url: `https://docs.example.com/guide/page-${n}`,
    content_type: 'text/markdown',
    metadata: { product: 'docs' },
    hash: 'h',
    chunks: 3,
    created_at: at,
    updated_at: at,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(store: DocumentStore, tenant: string, opts: DocumentListOptions): Promise<number> {
  const times: number[] = [];
  // Warm up (JIT, the script cache) before timing.
  for (let i = 0; i < 5; i++) await store.list(tenant, opts);
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await store.list(tenant, opts);
    times.push(performance.now() - start);
  }
  return median(times);
}

/** The longest command Redis ran (the slow log, every command logged), in ms. */
async function longestCommandMs(redis: Redis, run: () => Promise<unknown>): Promise<number> {
  await redis.config('SET', 'slowlog-log-slower-than', '0');
  await redis.slowlog('RESET');
  await run();
  const entries = (await redis.slowlog('GET', 1000)) as [number, number, number, string[]][];
  await redis.config('SET', 'slowlog-log-slower-than', '10000');
  return Math.max(...entries.map((e) => e[2])) / 1000;
}

async function main(): Promise<void> {
  const own = await startOwnRedis();
  const redis = new Redis(own.url);
  const keys = new Keys('bench');
  const store = new DocumentStore({ redis, keys });
  const rows: string[] = [];
  const load = loadavg()
    .map((x) => x.toFixed(1))
    .join(', ');
  for (const size of SIZES) {
    const tenant = `t${size}`;
    for (let start = 0; start < size; start += 1000)
      await Promise.all(
        Array.from({ length: Math.min(1000, size - start) }, (_, i) => store.put(tenant, record(start + i))),
      );
    const list = await timed(store, tenant, { limit: 50 });
    const common = await timed(store, tenant, { limit: 50, q: 'install' });
    const rare = await timed(store, tenant, { limit: 50, q: 'zanzibar' });
    const step = await longestCommandMs(redis, () => store.list(tenant, { limit: 50, q: 'zanzibar' }));
    const found = (await store.list(tenant, { limit: 50, q: 'zanzibar' })).documents.length;
    rows.push(
      `| ${size.toLocaleString('en')} | ${list.toFixed(1)} | ${common.toFixed(1)} | ${rare.toFixed(1)} (${found} found) | ${step.toFixed(1)} |`,
    );
    console.error(rows.at(-1));
  }
  await redis.quit();
  await own.stop();
  const text = [
    `DocumentStore on a private redis-server, median of ${rounds} requests each; load average at the start ${load}. A search reads ids in script steps of 2,000 (at most 25 steps a request).`,
    '',
    '| documents | list a page, ms | search, common word (page fills at once), ms | search, rare word (every id read), ms | longest Redis command, ms |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  reportBenchSection('Document search', 'npm run bench:documents', text);
}

runBench(main);
