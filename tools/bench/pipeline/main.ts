/**
 * Pipeline overhead with a zero-delay streaming test model: POST /question/ → first partial text
 * visible through GET (long polling), and POST → ready, at 1 and at 50 concurrent questions; and
 * answered questions per second with one worker.
 *
 *   npm run bench:pipeline
 */
import { ScriptedAnswerer } from '@docqa/answering/testing';
import { noKnowledgeBase, startStack } from '@docqa/system-tests/testing';
import { startOwnRedis } from '@docqa/testing';
import { reportBenchSection } from '../write-section';
import { runBench } from '../run-bench';

const PIECES = Array.from({ length: 40 }, (_, i) => `word${i} `);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const redis = await startOwnRedis();
  const stack = await startStack({
    redisUrl: redis.url,
    answerer: new ScriptedAnswerer({ pieces: PIECES, delayMs: 0 }),
    services: noKnowledgeBase(),
    env: { RATE_LIMIT_PER_MINUTE: '1000000', WORKER_CONCURRENCY: '50' },
  });
  const token = await stack.createToken({ tenant: 'bench', scopes: ['ask'] });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  async function one(): Promise<{ first: number; ready: number }> {
    const t0 = performance.now();
    const res = await fetch(`${stack.apiUrl}question/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ question: 'How fast?' }),
    });
    const { question_id } = (await res.json()) as { question_id: string };
    let etag = '';
    let first = 0;
    for (;;) {
      const r = await fetch(`${stack.apiUrl}question/${question_id}/?wait=10`, {
        headers: etag ? { ...headers, 'if-none-match': etag } : headers,
      });
      etag = r.headers.get('etag') ?? '';
      if (r.status === 304) continue;
      const record = (await r.json()) as { response: string; is_ready: boolean };
      if (!first && record.response) first = performance.now() - t0;
      if (record.is_ready) return { first, ready: performance.now() - t0 };
    }
  }

  async function run(concurrency: number, total: number) {
    const results: { first: number; ready: number }[] = [];
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next++;
          results.push(await one());
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const firsts = results.map((r) => r.first);
    const readies = results.map((r) => r.ready);
    return {
      concurrency,
      total,
      rate: total / seconds,
      p50first: percentile(firsts, 50),
      p99first: percentile(firsts, 99),
      p50ready: percentile(readies, 50),
      p99ready: percentile(readies, 99),
    };
  }

  await run(5, 20); // warm-up
  const rows = [await run(1, 100), await run(50, 1000)];
  await stack.close();
  await redis.stop();

  const ms = (x: number) => x.toFixed(1);
  const text = [
    `A scripted answerer streaming ${PIECES.length} pieces with no delay (so only docqa's own work is measured: HTTP, Redis records and streams, BullMQ, the worker, coalesced writes), API and one worker (concurrency 50) in one process, a private redis-server; clients long-poll with ETags. Run on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| concurrent questions | questions | POST → first partial p50 / p99 ms | POST → ready p50 / p99 ms | answered/s (one worker) |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.concurrency} | ${r.total} | ${ms(r.p50first)} / ${ms(r.p99first)} | ${ms(r.p50ready)} / ${ms(r.p99ready)} | ${r.rate.toFixed(0)} |`,
    ),
    '',
    `Target: first partial p50 ≤ 30 ms at 1 concurrent: **${ms(rows[0]!.p50first)} ms**.`,
  ].join('\n');
  reportBenchSection('Answer pipeline', 'npm run bench:pipeline', text);
}

runBench(main);
