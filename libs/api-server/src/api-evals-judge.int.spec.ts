import type { Redis } from 'ioredis';
import type { EvalRun } from '@docqa/contracts';
import {
  deletePrefix,
  startOpenAITestServer,
  testPrefix,
  testRedis,
  type OpenAITestServer,
} from '@docqa/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';

/** Whether a chat request is the judge's (its system prompt), not an answer's. */
const isJudge = (body: Record<string, unknown>) =>
  JSON.stringify(body.messages).includes('You grade the answer of a documentation assistant');

describe('evaluation runs with a model: items without expectations graded by the judge prompt', () => {
  let stack: Stack;
  let redis: Redis;
  let model: OpenAITestServer;
  let judgeReply = 'incorrect: the passage names another command.';
  const prefix = testPrefix('evals-judge');
  let headers: Record<string, string>;

  beforeAll(async () => {
    redis = testRedis();
    model = await startOpenAITestServer({
      reply: (body) => (isJudge(body) ? { text: judgeReply } : { text: 'Revoke it with tokens revoke [1].' }),
    });
    stack = await startStack({
      prefix,
      env: {
        LLM_PROVIDER: 'openai',
        LLM_MODEL: 'test-model',
        OPENAI_BASE_URL: model.url,
        OPENAI_API_KEY: 'sk-test',
      },
    });
    const token = await stack.createToken({ tenant: 'acme', scopes: ['admin', 'ingest'] });
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const documents = [
      {
        id: 'tokens',
        title: 'Tokens',
        content: '# Tokens\n\nRevoke a token with tokens revoke and its id.',
        content_type: 'text/markdown',
      },
    ];
    await fetch(`${stack.apiUrl}documents/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ documents }),
    });
    const items = [
      { id: 'judged', question: 'How do I revoke a token?' },
      {
        id: 'keyed',
        question: 'How do I revoke a token, exactly?',
        expect: { key_strings: ['tokens revoke'] },
      },
    ];
    await fetch(`${stack.apiUrl}evals/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'model', items }),
    });
    await stack.waitUntilIdle();
  });
  afterAll(async () => {
    await stack.close();
    await model.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  async function runToEnd(): Promise<EvalRun> {
    const { id } = await (await fetch(`${stack.apiUrl}evals/model/runs`, { method: 'POST', headers })).json();
    for (;;) {
      const run = (await (
        await fetch(`${stack.apiUrl}evals/model/runs/${id}`, { headers })
      ).json()) as EvalRun;
      if (run.status !== 'running') return run;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it("grades an item without expectations by the judge's verdict, and keyed items by their key strings", async () => {
    const run = await runToEnd();
    expect(run.ran_with).toMatchObject({ answerer: 'openai', model: 'test-model' });
    const byId = Object.fromEntries(run.results.map((r) => [r.item.id, r]));
    expect(byId.judged).toMatchObject({
      verdict: 'incorrect',
      reason: 'judged: the passage names another command.',
    });
    expect(byId.keyed).toMatchObject({
      verdict: 'correct',
      reason: 'key strings present and a gold page cited',
    });
    expect(model.requests.filter((r) => r.path === '/v1/chat/completions' && isJudge(r.body))).toHaveLength(
      1,
    );
  });

  it('reports the item unscored when the judge gives no verdict', async () => {
    judgeReply = 'It depends on the version.';
    const run = await runToEnd();
    expect(run.results.find((r) => r.item.id === 'judged')).toMatchObject({
      verdict: 'unscored',
      reason: 'the judge gave no verdict: It depends on the version.',
    });
  });
});
