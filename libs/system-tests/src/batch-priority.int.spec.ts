import { ScriptedAnswerer } from '@docqa/answering/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { noKnowledgeBase, startStack, type Stack } from './testing/start-stack';

describe('batch questions', () => {
  let stack: Stack;
  let redis: Redis;
  let headers: Record<string, string>;
  const prefix = testPrefix('batch');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({
      prefix,
      answerer: new ScriptedAnswerer({ pieces: ['ok'], delayMs: 2 }),
      services: noKnowledgeBase(),
      env: { WORKER_CONCURRENCY: '4', RATE_LIMIT_PER_MINUTE: '100000' },
    });
    headers = {
      authorization: `Bearer ${await stack.createToken({ tenant: 'acme', scopes: ['ask'] })}`,
      'content-type': 'application/json',
    };
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const post = (path: string, body: unknown) =>
    fetch(stack.apiUrl + path, { method: 'POST', headers, body: JSON.stringify(body) });
  const get = async (id: string) => (await fetch(`${stack.apiUrl}question/${id}/`, { headers })).json();

  it('accepts up to 100 questions per call and refuses 101', async () => {
    const res = await post('question/batch/', {
      questions: [{ question: 'a' }, { question: 'b', question_metadata: { line: 2 } }],
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.questions).toHaveLength(2);
    expect(body.questions[0]).toEqual({
      question_id: expect.stringMatching(/^q_/),
      chat_id: expect.stringMatching(/^c_/),
    });
    const tooMany = await post('question/batch/', {
      questions: Array.from({ length: 101 }, (_, i) => ({ question: `q${i}` })),
    });
    expect(tooMany.status).toBe(400);
  });

  it('answers interactive questions submitted during a 1,000-question batch before the batch drains', async () => {
    const batchIds: string[] = [];
    for (let call = 0; call < 10; call++) {
      const res = await post('question/batch/', {
        questions: Array.from({ length: 100 }, (_, i) => ({ question: `batch ${call}-${i}` })),
      });
      expect(res.status).toBe(201);
      batchIds.push(...(await res.json()).questions.map((q: { question_id: string }) => q.question_id));
    }
    const interactive: string[] = [];
    for (let i = 0; i < 5; i++)
      interactive.push(
        (await (await post('question/', { question: `interactive ${i}` })).json()).question_id,
      );

    for (const id of interactive) {
      let record = await get(id);
      for (let i = 0; i < 200 && !record.is_ready; i++) {
        record = await (await fetch(`${stack.apiUrl}question/${id}/?wait=5`, { headers })).json();
      }
      expect(record.status).toBe('ready');
    }
    const lastBatch = await Promise.all(batchIds.slice(-50).map(get));
    const pending = lastBatch.filter((r) => !r.is_ready).length;
    expect(pending).toBeGreaterThan(0);
  }, 120000);
});
