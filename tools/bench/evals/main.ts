/**
 * An evaluation run of 500 items on the demo knowledge base (docqa's own docs/), through the real
 * pipeline with the extractive answerer: items/s, the share it reaches of a plain batch of the same
 * 500 questions (`POST /question/batch/`, measured in the same process), and interactive
 * questions' latency while the run goes on. API and one worker in one process, a private
 * redis-server, embedded store, local embeddings.
 *
 *   npm run bench:evals
 */
import { DocqaClient, EvalsClient } from '@docqa/client';
import type { EvalItemInput, EvalRun } from '@docqa/contracts';
import { startStack } from '@docqa/system-tests/testing';
import { startOwnRedis } from '@docqa/testing';
import { docsCorpus, docsQuestions } from '../answers/docqa-docs-set';
import { reportBenchSection } from '../write-section';
import { runBench } from '../run-bench';

const WORKER_CONCURRENCY = 8;
const ITEMS = 500;
const BASE_URL = 'https://docqa.example/docs/';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** POST /question/ → ready, in ms. */
async function interactive(client: DocqaClient, question: string): Promise<number> {
  const started = performance.now();
  const { question_id } = await client.ask({ question });
  const record = await client.waitForAnswer(question_id, { timeoutMs: 120_000 });
  if (record.status !== 'ready') throw new Error(`interactive question failed: ${record.error?.detail}`);
  return performance.now() - started;
}

/** The docs set's questions as evaluation items, cycled to {@link ITEMS}. */
async function evalItems(): Promise<{ items: EvalItemInput[]; docs: number; distinct: number }> {
  const corpus = await docsCorpus(BASE_URL);
  const urlOf = new Map(corpus.map((d) => [d.id, d.url]));
  const questions = docsQuestions();
  const byId = new Map(questions.map((q) => [q.id, q]));
  const once = questions.map((q): EvalItemInput => {
    const gold = (q.gold ?? []).flatMap((id) => (urlOf.get(id) ? [urlOf.get(id)!] : []));
    const expect =
      q.covered === false
        ? { not_covered: true as const }
        : { ...(q.must?.length && { key_strings: q.must }), ...(gold.length && { gold_urls: gold }) };
    const previous = q.follows ? byId.get(q.follows) : undefined;
    return { question: q.question, ...(previous && { chat: [previous.question] }), expect };
  });
  const items = Array.from({ length: ITEMS }, (_, i) => once[i % once.length]!);
  return { items, docs: corpus.length, distinct: once.length };
}

async function main(): Promise<void> {
  const redis = await startOwnRedis();
  const stack = await startStack({
    redisUrl: redis.url,
    env: { WORKER_CONCURRENCY: String(WORKER_CONCURRENCY) },
  });
  const token = await stack.createToken({
    tenant: 'bench',
    scopes: ['ask', 'ingest', 'admin'],
    rateLimit: 100_000,
  });
  const options = { baseUrl: stack.apiUrl, token };
  const client = new DocqaClient(options);
  const evals = new EvalsClient(options);
  const { items, docs, distinct } = await evalItems();
  const corpus = await docsCorpus(BASE_URL);
  const { job_id } = await client.documents.create(
    corpus.map((d) => ({
      id: d.id,
      title: d.title,
      url: d.url,
      content: d.text,
      content_type: 'text/markdown' as const,
    })),
  );
  for (
    let job = await client.jobs.get(job_id);
    job.status !== 'completed';
    job = await client.jobs.get(job_id)
  ) {
    if (job.status === 'failed') throw new Error('ingest failed');
    await new Promise((r) => setTimeout(r, 200));
  }

  const questions = items.map((i) => i.question);
  for (const q of questions.slice(0, 10)) await interactive(client, q); // warm-up
  const idle: number[] = [];
  for (const q of questions.slice(10, 60)) idle.push(await interactive(client, q));

  // The plain batch of the same questions, for the share the run reaches.
  const batchStarted = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < questions.length; i += 100)
    ids.push(
      ...(await client.askBatch(questions.slice(i, i + 100).map((question) => ({ question })))).questions.map(
        (q) => q.question_id,
      ),
    );
  const waiting = [...ids];
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      for (let id = waiting.shift(); id; id = waiting.shift())
        await client.waitForAnswer(id, { timeoutMs: 600_000 });
    }),
  );
  const batchPerSecond = ids.length / ((performance.now() - batchStarted) / 1000);

  await evals.import('bench', { format: 'jsonl', content: items.map((i) => JSON.stringify(i)).join('\n') });
  const started = performance.now();
  const { id } = await evals.startRun('bench');
  let run: EvalRun = await evals.run('bench', id);
  const during: number[] = [];
  const watch = (async () => {
    while (run.status === 'running') {
      await new Promise((r) => setTimeout(r, 250));
      run = await evals.run('bench', id);
    }
  })();
  for (let i = 0; run.status === 'running'; i++) {
    during.push(await interactive(client, questions[(i * 7) % questions.length]!));
    await new Promise((r) => setTimeout(r, 100));
  }
  await watch;
  const seconds = (performance.now() - started) / 1000;
  await stack.close();
  await redis.stop();

  const perSecond = run.items / seconds;
  const t = run.tally;
  const ms = (x: number) => x.toFixed(0);
  const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)} %`);
  const text = [
    `docqa's docs/ (${docs} documents, the demo knowledge base) ingested through \`POST /documents/\`; an evaluation set of ${run.items} items (the ${distinct} questions of the docs answer set with their key strings, gold pages, "not covered" and follow-ups, cycled) run with \`POST /evals/{set}/runs\` and followed with \`GET\` every 250 ms; interactive questions asked one at a time (100 ms apart) while it ran. The plain batch: the same ${ids.length} questions through \`POST /question/batch/\` (chunks of 100) waited for by 32 long polls, just before. Real pipeline: embedded LanceDB store, local embeddings, extractive answers, API and one worker (concurrency ${WORKER_CONCURRENCY}) in one process, a private redis-server. Run on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| measure | result |',
    '|---|---|',
    `| evaluation run, start → completed | **${perSecond.toFixed(1)} items/s** (${run.items} in ${seconds.toFixed(1)} s; status ${run.status}) |`,
    `| plain batch of the same questions | ${batchPerSecond.toFixed(1)} questions/s: the run reaches **${((perSecond / batchPerSecond) * 100).toFixed(0)} %** of it |`,
    `| verdicts | ${t.correct} correct, ${t.missing} missing, ${t.incorrect} incorrect, ${t.unscored} unscored; hit@1 ${pct(run.hit_at_1)}, hit@5 ${pct(run.hit_at_5)}; p50 latency ${run.p50_latency_ms} ms |`,
    `| interactive POST → ready during the run, p50 / p99 | **${ms(percentile(during, 50))} / ${ms(percentile(during, 99))} ms** (${during.length} questions) |`,
    `| interactive POST → ready with no run, p50 / p99 | ${ms(percentile(idle, 50))} / ${ms(percentile(idle, 99))} ms (${idle.length} questions) |`,
    '',
    'A run keeps at most 16 of its questions in flight (and asks a follow-up only after the question it follows), so it holds the workers less than a batch that queues all its questions at once; interactive questions go ahead of its queued ones (batch priority).',
  ].join('\n');
  reportBenchSection('Evaluation runs', 'npm run bench:evals', text);
}

runBench(main);
