/**
 * The question log at scale and the quality of coverage-gap clustering.
 *
 * 1. Storage and query cost: logs QUESTIONS questions (default 1,000,000: a month of a busy
 *    tenant) over 30 days into a private redis-server through the real Lua scripts, then reports
 *    bytes per question (INFO used_memory before/after) and the median time of each admin report.
 * 2. Clustering: emanual-tv questions with a gold section (questions of one section = one topic,
 *    paraphrased ones included), embedded with the local embedder and clustered at several
 *    thresholds: adjusted Rand index and purity against the topics; and the time to cluster
 *    10,000 failed questions.
 *
 *   npm run bench:insights            (QUESTIONS=100000 for a quicker run)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import type { QuestionRecord } from '@docqa/contracts';
import { DEFAULT_GAP_LIMITS, QuestionLog, clusterVectors, createInsightsServices } from '@docqa/insights';
import { QuestionStore } from '@docqa/records';
import { Keys, connectRedis, closeRedis } from '@docqa/redis';
import { LocalEmbedder } from '@docqa/embedders';
import { startOwnRedis } from '@docqa/testing';
import { EVAL_DIR } from '../eval-data';
import { writeBenchSection } from '../write-section';
import { runBench } from '../run-bench';

const QUESTIONS = Number(process.env.QUESTIONS ?? 1_000_000);
const DAYS = 30;
const DAY = 86_400_000;

interface QaRow {
  question: string;
  type: string;
  gold_ids_by_title: string[];
}

const qa: QaRow[] = readFileSync(join(EVAL_DIR, 'emanual-tv', 'qa_tv.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as QaRow);

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function median(fn: () => Promise<unknown>, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function storage(): Promise<string[]> {
  const own = await startOwnRedis();
  const redis = await connectRedis(own.url, 'command');
  const keys = new Keys('bench');
  const now = Date.now();
  const log = new QuestionLog({ redis, keys, retentionDays: 90, now: () => now });
  const rand = random(7);
  const before = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
  const started = performance.now();
  const inFlight: Promise<unknown>[] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    const row = qa[Math.floor(rand() * qa.length)]!;
    const asked = now - Math.floor(rand() * DAYS * DAY);
    const covered = rand() > 0.2;
    const record: QuestionRecord = {
      id: `q_bench${i.toString(36).padStart(8, '0')}`,
      text: row.question,
      response: '',
      is_ready: true,
      chat_id: `c_bench${Math.floor(i / 2)
        .toString(36)
        .padStart(8, '0')}`,
      status: 'ready',
      sources: [
        {
          document_id: row.gold_ids_by_title[0] ?? 'doc-1',
          chunk_id: 'x',
          title: 'Section',
          url: null,
          snippet: '',
          score: 1,
          cited: covered,
          metadata: {},
        },
      ],
      created_at: new Date(asked).toISOString(),
      updated_at: new Date(asked).toISOString(),
    };
    inFlight.push(
      log.questionEnded({ tenant: 'acme', channel: rand() > 0.5 ? 'widget' : 'api', record }, asked + 300),
    );
    if (rand() < 0.05) inFlight.push(log.feedback('acme', record, { rating: rand() > 0.5 ? 'up' : 'down' }));
    if (inFlight.length >= 500) await Promise.all(inFlight.splice(0));
  }
  await Promise.all(inFlight);
  const writeSeconds = (performance.now() - started) / 1000;
  const after = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
  const services = createInsightsServices({
    redis,
    keys,
    store: new QuestionStore({ redis, keys, ttlSeconds: 86400 }),
    retentionDays: 90,
    knowledge: undefined,
    now: () => now + 1,
  });
  const reader = services.insights;
  const exporter = services.export;
  const day = { from: new Date(now - DAY), to: new Date(now + 1) };
  const rows = [
    `Logged ${QUESTIONS.toLocaleString('en')} questions over ${DAYS} days (80 % covered, 5 % rated) in ${writeSeconds.toFixed(0)} s (${Math.round(QUESTIONS / writeSeconds).toLocaleString('en')} questions/s, 500 in flight).`,
    '',
    `| what | figure |`,
    `|---|---|`,
    `| Redis memory per logged question (entry, counters, top lists, chat summary, indexes) | ${Math.round((after - before) / QUESTIONS)} bytes |`,
    `| \`GET /admin/insights/\` 30 days, day series | ${(await median(() => reader.insights('acme', { interval: 'day' }))).toFixed(0)} ms |`,
    `| \`GET /admin/insights/\` 30 days, week series | ${(await median(() => reader.insights('acme', { interval: 'week' }))).toFixed(0)} ms |`,
    `| \`GET /admin/conversations/\` first page of 20 | ${(await median(() => services.conversations.list('acme', { limit: 20 }))).toFixed(1)} ms |`,
    `| \`GET /admin/conversations/?not_covered=true\` first page | ${(await median(() => services.conversations.list('acme', { limit: 20, not_covered: true }))).toFixed(1)} ms |`,
    `| \`GET /admin/conversations/?q=remote\` first page (words of a common question) | ${(await median(() => services.conversations.list('acme', { limit: 20, q: 'remote' }), 3)).toFixed(0)} ms |`,
    `| \`GET /admin/conversations/?q=…\` matching nothing (stops after SCAN_BUDGET = 5,000 chats, returns a cursor) | ${(await median(() => services.conversations.list('acme', { limit: 20, q: 'zeppelin' }), 3)).toFixed(0)} ms |`,
    `| \`GET /admin/export/questions\` one day (≈${Math.round(QUESTIONS / DAYS).toLocaleString('en')} rows, JSONL) | ${(
      await median(async () => {
        for await (const row of exporter.rows('acme', { ...day, format: 'jsonl' })) JSON.stringify(row);
      }, 3)
    ).toFixed(0)} ms |`,
  ];
  await closeRedis(redis);
  await own.stop();
  return rows;
}

/** Adjusted Rand index of two labelings (Hubert & Arabie). */
function adjustedRand(truth: string[], predicted: number[]): number {
  const choose2 = (n: number) => (n * (n - 1)) / 2;
  const table = new Map<string, number>();
  const a = new Map<string, number>();
  const b = new Map<number, number>();
  truth.forEach((t, i) => {
    const key = `${t}|${predicted[i]}`;
    table.set(key, (table.get(key) ?? 0) + 1);
    a.set(t, (a.get(t) ?? 0) + 1);
    b.set(predicted[i]!, (b.get(predicted[i]!) ?? 0) + 1);
  });
  const index = [...table.values()].reduce((s, n) => s + choose2(n), 0);
  const sumA = [...a.values()].reduce((s, n) => s + choose2(n), 0);
  const sumB = [...b.values()].reduce((s, n) => s + choose2(n), 0);
  const expected = (sumA * sumB) / choose2(truth.length);
  const max = (sumA + sumB) / 2;
  return (index - expected) / (max - expected);
}

function purity(truth: string[], clusters: number[][]): number {
  let right = 0;
  for (const members of clusters) {
    const counts = new Map<string, number>();
    for (const i of members) counts.set(truth[i]!, (counts.get(truth[i]!) ?? 0) + 1);
    right += Math.max(...counts.values());
  }
  return right / truth.length;
}

async function clustering(): Promise<string[]> {
  const bySection = new Map<string, QaRow[]>();
  for (const row of qa) {
    const section = row.gold_ids_by_title[0];
    if (!section) continue;
    bySection.set(section, [...(bySection.get(section) ?? []), row]);
  }
  const rows = [...bySection.values()].filter((r) => r.length >= 2).flat();
  const truth = rows.map((r) => r.gold_ids_by_title[0]!);
  const embedder = new LocalEmbedder();
  const vectors = await embedder.embedDocuments(rows.map((r) => r.question));
  const table = [
    `Labelled set: ${rows.length} emanual-tv questions (${rows.filter((r) => r.type === 'Paraphrased Q&A').length} paraphrased) of ${new Set(truth).size} gold sections with 2+ questions; a section is a topic. Local embedder.`,
    '',
    '| threshold | clusters | adjusted Rand index | purity |',
    '|---|---|---|---|',
  ];
  for (const threshold of [0.2, 0.25, 0.3, 0.4, 0.5, 0.6]) {
    const clusters = clusterVectors(vectors, threshold);
    const predicted = new Array<number>(rows.length);
    clusters.forEach((members, c) => members.forEach((i) => (predicted[i] = c)));
    table.push(
      `| ${threshold} | ${clusters.length} | ${adjustedRand(truth, predicted).toFixed(3)} | ${purity(truth, clusters).toFixed(3)} |`,
    );
  }
  // 10,000 failed questions: the 684 questions, each also with words dropped (deterministic).
  const rand = random(11);
  const many = Array.from({ length: 10_000 }, (_, i) => {
    const words = qa[i % qa.length]!.question.split(' ');
    return i < qa.length ? words.join(' ') : words.filter(() => rand() > 0.15).join(' ');
  });
  let embedMs = 0;
  let clusterMs = 0;
  let count = 0;
  const runs = 3;
  const embeds: number[] = [];
  const clusters: number[] = [];
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    const v = await embedder.embedDocuments(many);
    embeds.push(performance.now() - t);
    t = performance.now();
    count = clusterVectors(v, DEFAULT_GAP_LIMITS.threshold).length;
    clusters.push(performance.now() - t);
  }
  embedMs = embeds.sort((a, b) => a - b)[1]!;
  clusterMs = clusters.sort((a, b) => a - b)[1]!;
  table.push(
    '',
    `10,000 failed questions (the 684 and word-dropped variants): embedding ${(embedMs / 1000).toFixed(1)} s, clustering at the default threshold ${DEFAULT_GAP_LIMITS.threshold} ${(clusterMs / 1000).toFixed(1)} s (${count} clusters), medians of ${runs}.`,
  );
  return table;
}

async function main(): Promise<void> {
  const quality = await clustering();
  console.error(quality.join('\n'));
  const cost = await storage();
  console.error(cost.join('\n'));
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  writeBenchSection(
    'Insights: question log and coverage gaps',
    'npm run bench:insights',
    [
      `Load average during the run: ${load} (2 cores, shared).`,
      '',
      ...cost,
      '',
      '### Coverage-gap clustering',
      '',
      ...quality,
    ].join('\n'),
  );
}

runBench(main);
