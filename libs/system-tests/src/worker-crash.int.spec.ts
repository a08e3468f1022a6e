import type { ChildProcess } from 'node:child_process';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { noKnowledgeBase, startStack, type Stack } from './testing/start-stack';
import { buildScriptedWorker, startWorkerProcess } from './testing/worker-process';

describe('a worker killed mid-answer', () => {
  let stack: Stack;
  let redis: Redis;
  let bundle: string;
  const prefix = testPrefix('crash');
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    redis = testRedis();
    bundle = await buildScriptedWorker();
    stack = await startStack({
      prefix,
      services: noKnowledgeBase(),
      noWorker: true,
      env: { JOB_LOCK_MS: '2000' },
    });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  /** Kills every worker process started so far, so only the next one may take a question. */
  async function killWorkers(): Promise<void> {
    await Promise.all(
      children.map((c) =>
        c.exitCode === null && c.signalCode === null
          ? new Promise((r) => {
              c.once('exit', r);
              c.kill('SIGKILL');
            })
          : null,
      ),
    );
  }

  /** Asks `question` and waits until part of its answer is written; returns a reader of the record. */
  async function askUntilGenerating(question: string) {
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ask'] });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await (
      await fetch(`${stack.apiUrl}question/`, { method: 'POST', headers, body: JSON.stringify({ question }) })
    ).json();
    const get = async () =>
      (await fetch(`${stack.apiUrl}question/${created.question_id}/`, { headers })).json();
    for (let i = 0; i < 200; i++) {
      const record = await get();
      if (record.status === 'generating' && record.response) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    return get;
  }

  it('is replaced: another worker restarts the answer cleanly and completes it', async () => {
    const env = { REDIS_URL: stack.redisUrl, REDIS_PREFIX: prefix, JOB_LOCK_MS: '2000', LOG_LEVEL: 'silent' };
    const first = await startWorkerProcess(bundle, env);
    children.push(first);
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ask'] });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await (
      await fetch(`${stack.apiUrl}question/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ question: 'crash?' }),
      })
    ).json();
    const get = async () =>
      (await fetch(`${stack.apiUrl}question/${created.question_id}/`, { headers })).json();

    let record = await get();
    for (let i = 0; i < 200 && !(record.status === 'generating' && record.response.length > 0); i++) {
      await new Promise((r) => setTimeout(r, 20));
      record = await get();
    }
    expect(record.status).toBe('generating');
    const partial = record.response;
    first.kill('SIGKILL');

    const second = await startWorkerProcess(bundle, { ...env, PIECE_DELAY_MS: '5' });
    children.push(second);
    for (let i = 0; i < 300 && !record.is_ready; i++) {
      await new Promise((r) => setTimeout(r, 50));
      record = await get();
    }
    expect(record.status).toBe('ready');
    const expected = Array.from({ length: 40 }, (_, i) => `word${i} `).join('');
    expect(record.response).toBe(expected);
    expect(partial.length).toBeLessThan(expected.length);

    const events = await fetch(`${stack.apiUrl}question/${created.question_id}/events`, { headers });
    const text = await events.text();
    expect(text).toMatch(/event: status\ndata: \{"status":"retrieving","restarted":true,"attempt":2\}/);
    expect(text).toMatch(/event: done\n/);
  }, 60000);

  it('finishes the answer in hand on SIGTERM, then exits cleanly', async () => {
    // Only the worker under test may take the question.
    await killWorkers();
    const env = {
      REDIS_URL: stack.redisUrl,
      REDIS_PREFIX: prefix,
      JOB_LOCK_MS: '2000',
      LOG_LEVEL: 'silent',
      PIECE_DELAY_MS: '20',
    };
    const worker = await startWorkerProcess(bundle, env);
    children.push(worker);
    const get = await askUntilGenerating('drain?');
    let record = await get();
    const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
    record = await get();
    expect(record.status).toBe('ready');
    expect(record.response).toBe(Array.from({ length: 40 }, (_, i) => `word${i} `).join(''));
  }, 60000);

  it('hands an unfinished answer back to the queue when the grace period of SIGTERM ends', async () => {
    await killWorkers();
    // A lock of 10 minutes: without the hand-back the next worker would wait for it to lapse, far
    // past this test's time-out, so an answer finished at all proves the hand-back (no clock).
    const env = {
      REDIS_URL: stack.redisUrl,
      REDIS_PREFIX: prefix,
      JOB_LOCK_MS: '600000',
      LOG_LEVEL: 'silent',
    };
    const slow = await startWorkerProcess(bundle, { ...env, PIECE_DELAY_MS: '200', GRACE_MS: '300' });
    children.push(slow);
    const get = await askUntilGenerating('hand back?');
    let record = await get();
    const exited = new Promise<number | null>((resolve) => slow.once('exit', (code) => resolve(code)));
    slow.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect((await get()).is_ready).toBe(false);

    children.push(await startWorkerProcess(bundle, { ...env, PIECE_DELAY_MS: '5' }));
    while (!record.is_ready) {
      await new Promise((r) => setTimeout(r, 50));
      record = await get();
    }
    expect(record.status).toBe('ready');
    expect(record.response).toBe(Array.from({ length: 40 }, (_, i) => `word${i} `).join(''));
  }, 120_000);
});
