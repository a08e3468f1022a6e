import pino from 'pino';
import type { Redis } from 'ioredis';
import { ScriptedAnswerer } from '@docqa/answering/testing';
import type { Source } from '@docqa/contracts';
import { ValidationError, toProblem } from '@docqa/errors';
import { QuestionLog } from '@docqa/insights';
import { Metrics } from '@docqa/metrics';
import { QuestionProcessor } from '@docqa/questions';
import { Keys } from '@docqa/redis';
import { InMemoryQuestionStore } from '@docqa/records/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { questionEndLog } from './answer-metrics';

const source: Source = {
  document_id: 'tokens',
  chunk_id: 'tokens#0',
  title: 'Tokens',
  url: null,
  snippet: 'Create one.',
  score: 1,
  cited: true,
  metadata: {},
};

describe('questionEndLog', () => {
  const prefix = testPrefix('answer-metrics');
  let redis: Redis;
  let setUps = 0;

  beforeAll(() => {
    redis = testRedis();
  });
  afterAll(async () => {
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  async function setUp(script: ConstructorParameters<typeof ScriptedAnswerer>[0]) {
    const metrics = new Metrics('worker');
    const store = new InMemoryQuestionStore();
    // A prefix per test: each in-memory store numbers its questions from q_test0001 again.
    const keys = new Keys(`${prefix}:${++setUps}`);
    const log = new QuestionLog({ redis, keys, retentionDays: 90 });
    const processor = new QuestionProcessor({
      store,
      answerer: new ScriptedAnswerer(script),
      logger: pino({ level: 'silent' }),
      flushIntervalMs: 0,
      log: questionEndLog(log, metrics),
    });
    const { questionId: id } = await store.create({ tenant: 'acme', text: 'How do I create a token?' });
    // Asked today: the log's keys expire a retention after the day asked, at once for 1970's.
    store.questions.get(id)!.record.created_at = new Date().toISOString();
    const run = () =>
      processor.process({ data: { question_id: id, tenant: 'acme' }, attemptsMade: 0, attempts: 1 });
    const count = async (outcome: string) =>
      (await metrics.questions.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
    return { processor, id, run, count };
  }

  it('counts a failed question once when the worker marks it failed again after its last attempt', async () => {
    const { processor, id, run, count } = await setUp({ fail: new ValidationError('bad input') });
    await expect(run()).rejects.toThrow('bad input');
    // What the question worker's `failed` listener does once BullMQ gives the job up.
    await processor.markFailed(id, toProblem(new ValidationError('bad input')));
    expect(await count('failed')).toBe(1);
  });

  it('counts an answer once when its job is delivered again after the answer was written', async () => {
    const { run, count } = await setUp({ pieces: ['Create one [1].'], sources: [source] });
    await expect(run()).resolves.toBe('answered');
    await expect(run()).resolves.toBe('skipped');
    expect(await count('ready')).toBe(1);
  });
});
