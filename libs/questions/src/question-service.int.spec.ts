import { createHash } from 'node:crypto';
import { UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_NAMES } from '@docqa/contracts';
import { DependencyUnavailableError, ValidationError, toProblem } from '@docqa/errors';
import { QuestionQueue } from '@docqa/queue';
import { QuestionStore } from '@docqa/records';
import { ChangeFeed, Keys } from '@docqa/redis';
import { deletePrefix, freePort, testPrefix, testRedis, testRedisUrl } from '@docqa/testing';
import { QuestionService } from './question-service';

describe('QuestionService: idempotent retries after an outage', () => {
  const prefix = testPrefix('qservice');
  const keys = new Keys(prefix);
  const asker = { tenant: 'acme', filters: [] };
  let redis: Redis;
  let subscriber: Redis;
  let store: QuestionStore;
  let feed: ChangeFeed;
  let queue: QuestionQueue;
  let service: QuestionService;

  beforeAll(async () => {
    redis = testRedis();
    subscriber = testRedis();
    store = new QuestionStore({ redis, keys, ttlSeconds: 600 });
    feed = new ChangeFeed({ subscriber, keys });
    queue = new QuestionQueue({
      connection: { url: testRedisUrl() },
      prefix: keys.queuePrefix(),
      attempts: 1,
    });
    service = new QuestionService({ store, queue, feed });
  });
  afterAll(async () => {
    await queue.close();
    await feed.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  /** A service whose queue's Redis is down: enqueueing fails as in an outage. */
  async function serviceDuringOutage(): Promise<{ service: QuestionService; close: () => Promise<void> }> {
    const down = new QuestionQueue({
      connection: {
        url: `redis://127.0.0.1:${await freePort()}`,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        retryStrategy: () => null,
      },
      prefix: keys.queuePrefix(),
      attempts: 1,
    });
    return { service: new QuestionService({ store, queue: down, feed }), close: () => down.close() };
  }

  it('re-asks, on a replay, a question that failed because the queue was down', async () => {
    const outage = await serviceDuringOutage();
    const request = { question: 'how do I rotate a token?' };
    await expect(outage.service.ask(asker, request, { idempotencyKey: 'key-outage' })).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
    await outage.close();
    const failed = await store.idempotentQuestionId('acme', 'key-outage');
    expect((await store.get('acme', failed)).record.status).toBe('failed');

    const retried = await service.ask(asker, request, { idempotencyKey: 'key-outage' });
    expect(retried).toMatchObject({ question_id: failed, replayed: true });
    const record = (await store.get('acme', failed)).record;
    expect(record).toMatchObject({ status: 'queued', is_ready: false, response: '' });
    expect(record.error).toBeUndefined();
    expect(await (await queue.queue.getJob(failed))!.getState()).toBe('waiting');
    // Readers of the stream from the start see a queued question, not the old error.
    expect((await store.readEvents(failed)).map((e) => e.event.type)).toEqual(['question', 'status']);
  });

  it('re-asks, on a replay, a question the worker failed for good with a dependency outage', async () => {
    const request = { question: 'is the model up?' };
    const first = await service.ask(asker, request, { idempotencyKey: 'key-model-down' });
    const worker = new Worker(
      QUEUE_NAMES.questions,
      async () => {
        throw new UnrecoverableError('model down');
      },
      { connection: { url: testRedisUrl() }, prefix: keys.queuePrefix() },
    );
    await new Promise<void>((resolve) => worker.on('failed', () => resolve()));
    await worker.close();
    await store.fail(
      first.question_id,
      toProblem(new DependencyUnavailableError('the model is unavailable')),
    );

    const retried = await service.ask(asker, request, { idempotencyKey: 'key-model-down' });
    expect(retried.question_id).toBe(first.question_id);
    expect((await store.get('acme', first.question_id)).record.status).toBe('queued');
    expect(await (await queue.queue.getJob(first.question_id))!.getState()).toBe('waiting');
  });

  it('replays as it is a question that failed for a reason a retry cannot fix', async () => {
    const request = { question: 'bad input' };
    const first = await service.ask(asker, request, { idempotencyKey: 'key-bad' });
    await store.fail(first.question_id, toProblem(new ValidationError('nothing to retry')));
    const retried = await service.ask(asker, request, { idempotencyKey: 'key-bad' });
    expect(retried).toMatchObject({ question_id: first.question_id, replayed: true });
    expect((await store.get('acme', first.question_id)).record.status).toBe('failed');
  });
});

describe('QuestionStore: ids derived from an Idempotency-Key', () => {
  const redis = testRedis();
  const installations = [testPrefix('idem-a'), testPrefix('idem-b')];
  const store = (prefix: string) => new QuestionStore({ redis, keys: new Keys(prefix), ttlSeconds: 600 });
  afterAll(async () => {
    for (const prefix of installations) await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('cannot be computed from the tenant and a guessed key, yet every replica agrees on them', async () => {
    const [a, b] = installations.map(store) as [QuestionStore, QuestionStore];
    const asked = await a.create({ tenant: 'acme', text: 'private question', idempotencyKey: 'order-4711' });
    const replica = store(installations[0]!);
    expect(await replica.idempotentQuestionId('acme', 'order-4711')).toBe(asked.questionId);
    expect(
      await replica.create({ tenant: 'acme', text: 'private question', idempotencyKey: 'order-4711' }),
    ).toMatchObject({ questionId: asked.questionId, chatId: asked.chatId, replayed: true });
    // Another installation, with the same tenant and key, derives other ids: they hang on a secret.
    expect(await b.idempotentQuestionId('acme', 'order-4711')).not.toBe(asked.questionId);
    const unkeyed = createHash('sha256').update('q\0acme\0order-4711').digest('base64url');
    expect(asked.questionId).not.toBe(`q_${unkeyed.slice(0, 16)}`);
  });
});
