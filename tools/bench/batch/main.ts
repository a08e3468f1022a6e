/**
 * Batch throughput and interactive latency under a batch, end to end through the SDK: the
 * emanual-tv corpus is ingested, its 684 questions are submitted with `POST /question/batch/`
 * (chunks of 100) and waited for; meanwhile interactive questions are asked one after another
 * with `POST /question/`, timing POST → ready. Real pipeline: embedded store, local embeddings,
 * extractive answers, API and one worker in one process, a private redis-server.
 *
 *   npm run bench:batch
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocqaClient } from '@docqa/client';
import { startStack } from '@docqa/system-tests/testing';
import { startOwnRedis } from '@docqa/testing';
import { EVAL_DIR } from '../eval-data';
import { reportBenchSection } from '../write-section';
import { runBench } from '../run-bench';

const WORKER_CONCURRENCY = 8;
const WAITERS = 32;

const readJsonl = <T>(file: string): T[] =>
  readFileSync(join(EVAL_DIR, 'emanual-tv', file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function ingest(client: DocqaClient): Promise<number> {
  const corpus = readJsonl<{ _id: string; title: string; text: string }>('corpus_tv.jsonl');
  for (let i = 0; i < corpus.length; i += 100) {
    const docs = corpus.slice(i, i + 100).map((d) => ({
      id: d._id,
      title: d.title, // Two sections have no text: their title is their content.
      content: d.text.trim() || d.title,
      content_type: 'text/plain' as const,
    }));
    const { job_id } = await client.documents.create(docs);
    for (
      let job = await client.jobs.get(job_id);
      job.status !== 'completed';
      job = await client.jobs.get(job_id)
    ) {
      if (job.status === 'failed') throw new Error(`ingest job ${job_id} failed`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return corpus.length;
}

/** POST /question/ → ready, in ms. */
async function interactive(client: DocqaClient, question: string): Promise<number> {
  const started = performance.now();
  const { question_id } = await client.ask({ question });
  const record = await client.waitForAnswer(question_id, { timeoutMs: 120_000 });
  if (record.status !== 'ready') throw new Error(`interactive question failed: ${record.error?.detail}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const redis = await startOwnRedis();
  const stack = await startStack({
    redisUrl: redis.url,
    env: { WORKER_CONCURRENCY: String(WORKER_CONCURRENCY) },
  });
  // A batch producer's token, as `tokens create --rate-limit 100000` makes it: the default limit
  // (600 questions a minute) would hold the batch to 10 questions/s whatever the pipeline can do.
  const token = await stack.createToken({ tenant: 'bench', scopes: ['ask', 'ingest'], rateLimit: 100_000 });
  const client = new DocqaClient({ baseUrl: stack.apiUrl, token });
  const docs = await ingest(client);
  const questions = readJsonl<{ question: string }>('qa_tv.jsonl').map((q) => q.question);

  for (const q of questions.slice(0, 10)) await interactive(client, q); // warm-up
  const idle: number[] = [];
  for (const q of questions.slice(10, 60)) idle.push(await interactive(client, q));

  const started = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < questions.length; i += 100) {
    const chunk = questions.slice(i, i + 100).map((question) => ({ question }));
    ids.push(...(await client.askBatch(chunk)).questions.map((q) => q.question_id));
  }
  const submitted = performance.now() - started;
  let drained = false;
  let failed = 0;
  const waiting = [...ids];
  const batch = Promise.all(
    Array.from({ length: WAITERS }, async () => {
      for (let id = waiting.shift(); id; id = waiting.shift()) {
        if ((await client.waitForAnswer(id, { timeoutMs: 600_000 })).status !== 'ready') failed++;
      }
    }),
  ).then(() => (drained = true));
  const during: number[] = [];
  for (let i = 0; !drained; i++) {
    during.push(await interactive(client, questions[(i * 7) % questions.length]!));
    await new Promise((r) => setTimeout(r, 100));
  }
  await batch;
  const seconds = (performance.now() - started) / 1000;
  await stack.close();
  await redis.stop();

  const ms = (x: number) => x.toFixed(0);
  const text = [
    `${docs} emanual-tv sections ingested through \`POST /documents/\`; its ${ids.length} questions submitted through the SDK's \`askBatch\` in ${Math.ceil(ids.length / 100)} calls of ≤ 100 and waited for by ${WAITERS} long polls; interactive questions asked one at a time (100 ms apart) while the batch ran. Real pipeline: embedded LanceDB store, local embeddings, extractive answers, API and one worker (concurrency ${WORKER_CONCURRENCY}) in one process, a private redis-server. One token for both, created with a rate limit of 100,000 questions a minute (\`tokens create --rate-limit 100000\`; the default 600 a minute would cap a batch at 10 questions/s). Run on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| measure | result |',
    '|---|---|',
    `| batch throughput, submission → all ready | **${(ids.length / seconds).toFixed(1)} questions/s** (${ids.length} in ${seconds.toFixed(1)} s; submission took ${ms(submitted)} ms; ${failed} failed) |`,
    `| interactive POST → ready while the batch runs, p50 / p99 | **${ms(percentile(during, 50))} / ${ms(percentile(during, 99))} ms** (${during.length} questions) |`,
    `| interactive POST → ready with no batch, p50 / p99 | ${ms(percentile(idle, 50))} / ${ms(percentile(idle, 99))} ms (${idle.length} questions) |`,
    '',
    'Interactive questions go ahead of queued batch questions (BullMQ priority), so under a batch they wait only for the answers already in progress on the worker, not for the queue to drain.',
  ].join('\n');
  reportBenchSection('Batch', 'npm run bench:batch', text);
}

runBench(main);
