import {
  deletePrefix,
  startOpenAITestServer,
  testPrefix,
  testRedis,
  type ChatReply,
  type OpenAITestServer,
} from '@docqa/testing';
import type { Redis } from 'ioredis';
import { startStack, type Stack } from './testing/start-stack';

describe('answers from an OpenAI-compatible model through the worker', () => {
  let model: OpenAITestServer;
  let stack: Stack;
  let redis: Redis;
  let headers: Record<string, string>;
  let reply: () => ChatReply = () => ({ text: 'Revoke it with tokens revoke [1].', delayMs: 5 });
  const prefix = testPrefix('openai');

  beforeAll(async () => {
    redis = testRedis();
    model = await startOpenAITestServer({ reply: () => reply() });
    stack = await startStack({
      prefix,
      env: {
        LLM_PROVIDER: 'openai',
        LLM_MODEL: 'test-model',
        OPENAI_BASE_URL: model.url,
        OPENAI_API_KEY: 'sk-test',
        JOB_ATTEMPTS: '3',
      },
    });
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ask', 'ingest'] });
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const res = await fetch(`${stack.apiUrl}documents/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        documents: [{ id: 'tokens', title: 'Tokens', content: 'Revoke a token with tokens revoke ID.' }],
      }),
    });
    const { job_id } = await res.json();
    for (let i = 0; i < 100; i++) {
      const job = await (await fetch(`${stack.apiUrl}jobs/${job_id}`, { headers })).json();
      if (job.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(async () => {
    await stack.close();
    await model.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  async function ask(question: string) {
    const { question_id } = await (
      await fetch(`${stack.apiUrl}question/`, { method: 'POST', headers, body: JSON.stringify({ question }) })
    ).json();
    let record = await (await fetch(`${stack.apiUrl}question/${question_id}/?wait=10`, { headers })).json();
    while (!record.is_ready)
      record = await (await fetch(`${stack.apiUrl}question/${question_id}/?wait=10`, { headers })).json();
    return record;
  }

  it('streams the model’s answer into the record with cited sources', async () => {
    const record = await ask('How do I revoke a token?');
    expect(record).toMatchObject({ status: 'ready', response: 'Revoke it with tokens revoke [1].' });
    expect(record.sources[0]).toMatchObject({ document_id: 'tokens', cited: true });
  });

  it('fails a question at once, without retries, when the model refuses the request (401)', async () => {
    reply = () => ({ status: 401, errorMessage: 'Incorrect API key provided' });
    model.requests.length = 0;
    const record = await ask('How do I revoke a token?');
    expect(record.status).toBe('failed');
    expect(record.is_ready).toBe(true);
    expect(record.error).toMatchObject({ status: 502, code: 'model_request_failed' });
    expect(record.error.detail).toMatch(/Incorrect API key/);
    expect(model.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(1);
  });
});
