import type { Redis } from 'ioredis';
import type { EvalRun, EvalSet } from '@docqa/contracts';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';

const documents = [
  {
    id: 'tokens',
    title: 'Tokens',
    url: 'https://docs.example/tokens',
    content:
      '# Tokens\n\nCreate a token with the tokens create command of the CLI. Tokens are stored as SHA-256 hashes.\n\n## Revoking\n\nRevoke a token with tokens revoke and its id. Revocation takes effect at once.',
    content_type: 'text/markdown',
  },
  {
    id: 'widget',
    title: 'Widget',
    url: 'https://docs.example/widget',
    content: 'The chat widget is embedded with one script tag and a container element whose id is assistant.',
    content_type: 'text/plain',
  },
];

const items = [
  {
    id: 'revoke',
    question: 'How do I revoke a token?',
    expect: { key_strings: ['tokens revoke'], gold_urls: ['https://docs.example/tokens'] },
  },
  { id: 'weather', question: 'What is the weather on Mars in July?', expect: { not_covered: true as const } },
  { id: 'embed', question: 'How is the chat widget embedded?' },
];

describe('evaluations API (sets, imports, runs, regressions)', () => {
  let stack: Stack;
  let redis: Redis;
  const prefix = testPrefix('evals');
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix });
    tokens.admin = await stack.createToken({ tenant: 'acme', scopes: ['admin', 'ingest'] });
    tokens.other = await stack.createToken({ tenant: 'globex', scopes: ['admin'] });
    tokens.ask = await stack.createToken({ tenant: 'acme', scopes: ['ask'] });
    const job = await (await call('documents/', { method: 'POST', body: { documents } })).json();
    for (;;) {
      const state = await (await call(`jobs/${job.job_id}`)).json();
      if (state.status === 'completed') break;
      if (state.status === 'failed') throw new Error('ingest failed');
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  function call(path: string, init: { method?: string; body?: unknown; as?: string } = {}) {
    return fetch(stack.apiUrl + path, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${tokens[init.as ?? 'admin']}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }

  async function runToEnd(set: string, query = ''): Promise<EvalRun> {
    const started = await call(`evals/${set}/runs`, { method: 'POST' });
    expect(started.status).toBe(202);
    const { id } = await started.json();
    for (;;) {
      const run = (await (await call(`evals/${set}/runs/${id}${query}`)).json()) as EvalRun;
      if (run.status !== 'running') return run;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('creates a set, refuses a second of the same name, and lists it', async () => {
    const created = await call('evals/', { method: 'POST', body: { name: 'release', items } });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/api/v2/evals/release');
    expect(((await created.json()) as EvalSet).items.map((i) => i.id)).toEqual([
      'revoke',
      'weather',
      'embed',
    ]);
    const again = await call('evals/', { method: 'POST', body: { name: 'release' } });
    expect(again.status).toBe(409);
    const list = await (await call('evals/')).json();
    expect(list.sets).toEqual([expect.objectContaining({ name: 'release', items: 3, last_run: null })]);
  });

  it("answers 404 for another tenant's set and its runs, and lists none of them", async () => {
    expect((await call('evals/release', { as: 'other' })).status).toBe(404);
    expect((await call('evals/release/runs', { as: 'other', method: 'POST' })).status).toBe(404);
    expect((await call('evals/release', { as: 'other', method: 'DELETE' })).status).toBe(404);
    expect(await (await call('evals/', { as: 'other' })).json()).toEqual({ sets: [] });
    expect((await call('evals/', { as: 'ask' })).status).toBe(403);
  });

  it('refuses a file with bad lines, naming each, and imports nothing', async () => {
    const res = await call('evals/release/import', {
      method: 'POST',
      body: { format: 'jsonl', content: '{"question":"fine"}\n{"question":\n' },
    });
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem.errors).toEqual([{ path: 'line 2', message: 'not valid JSON' }]);
    expect(((await (await call('evals/release')).json()) as EvalSet).items).toHaveLength(3);
  });

  it('imports a CSV file into a new set', async () => {
    const res = await call('evals/from-csv/import', {
      method: 'POST',
      body: { format: 'csv', content: 'question,key_strings\nHow do I revoke a token?,tokens revoke\n' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as EvalSet).items).toEqual([
      {
        id: expect.stringMatching(/^i_/),
        question: 'How do I revoke a token?',
        expect: { key_strings: ['tokens revoke'] },
      },
    ]);
  });

  it('scores a run through the pipeline: right, declined as expected, unscored; with what it ran with', async () => {
    const run = await runToEnd('release');
    expect(run).toMatchObject({
      status: 'completed',
      items: 3,
      done: 3,
      tally: { correct: 2, missing: 0, incorrect: 0, unscored: 1 },
      hit_at_1: 1,
      hit_at_5: 1,
      ran_with: { answerer: 'extractive', model: null, embedder: 'local', documents: 2 },
      comparison: null,
    });
    expect(run.ran_with.settings_digest).toMatch(/^[0-9a-f]{16}$/);
    expect(run.p50_latency_ms).toEqual(expect.any(Number));
    const byId = Object.fromEntries(run.results.map((r) => [r.item.id, r]));
    expect(byId.revoke).toMatchObject({ verdict: 'correct', gold_rank: 1 });
    expect(byId.revoke!.answer).toContain('tokens revoke');
    expect(byId.weather).toMatchObject({ verdict: 'correct', reason: 'declined, as expected' });
    expect(byId.embed).toMatchObject({ verdict: 'unscored' });
  });

  it("keeps a run's questions out of the insights: they are not visitors' questions", async () => {
    await stack.waitUntilIdle(); // every job ended, so every question it would log is logged
    const insights = await (await call('admin/insights/')).json();
    expect(insights.totals.questions).toBe(0);
  });

  it('lists a regression, with both answers, after the gold document is deleted', async () => {
    expect((await call('documents/tokens', { method: 'DELETE' })).status).toBe(204);
    const run = await runToEnd('release');
    expect(run.tally).toMatchObject({ correct: 1, missing: 1 });
    expect(run.comparison?.regressions).toEqual([
      {
        item_id: 'revoke',
        question: 'How do I revoke a token?',
        before: expect.objectContaining({
          verdict: 'correct',
          answer: expect.stringContaining('tokens revoke'),
        }),
        after: expect.objectContaining({ verdict: 'missing' }),
      },
    ]);
    const runs = await (await call('evals/release/runs')).json();
    expect(runs.runs).toHaveLength(2);
    expect(runs.runs[0].id).toBe(run.id);
    // Against itself as the baseline, nothing regressed.
    const self = await (await call(`evals/release/runs/${run.id}?baseline=${run.id}`)).json();
    expect(self.comparison.regressions).toEqual([]);
  });

  it('runs the items as they were when it started, and can be cancelled', async () => {
    await stack.stopWorker();
    const started = await (await call('evals/release/runs', { method: 'POST' })).json();
    await call('evals/release', { method: 'PUT', body: { items: [{ question: 'Only this one now?' }] } });
    const cancel = await call(`evals/release/runs/${started.id}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(202);
    let run: EvalRun;
    do run = await (await call(`evals/release/runs/${started.id}`)).json();
    while (run.status === 'running');
    expect(run).toMatchObject({ status: 'cancelled', items: 3, done: 0 });
    expect(((await (await call('evals/release')).json()) as EvalSet).items).toHaveLength(1);
  });

  it('fails a run whose process stopped holding it, so its followers stop waiting', async () => {
    const started = await (await call('evals/release/runs', { method: 'POST' })).json();
    // What a crashed API leaves: the run said running, its hold expired.
    await redis.del(`${prefix}:{ev:acme}:run:${started.id}:alive`);
    const run = await (await call(`evals/release/runs/${started.id}`)).json();
    expect(run).toMatchObject({ status: 'failed', error: 'the process running it stopped' });
    await call(`evals/release/runs/${started.id}/cancel`, { method: 'POST' });
  });

  it('deletes a set with its runs', async () => {
    expect((await call('evals/release', { method: 'DELETE' })).status).toBe(204);
    expect((await call('evals/release')).status).toBe(404);
    expect(await redis.keys(`${prefix}:{ev:acme}:run:*`)).toEqual([]);
  });
});
