import type { Redis } from 'ioredis';
import type { EvalSet, GapDraft, GapPullRequest } from '@docqa/contracts';
import { startGitHubStandIn, type GitHubStandIn } from '@docqa/sync/testing';
import {
  deletePrefix,
  startOpenAITestServer,
  testPrefix,
  testRedis,
  type ChatReply,
  type OpenAITestServer,
} from '@docqa/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';

const REPO_TOKEN = 'ghp_repo-token-of-the-test';
const QUESTIONS = ['Is there a dark mode?', 'Can the widget follow the dark theme of my site?'];

describe('coverage gaps to docs changes: drafts and pull requests (against a local GitHub stand-in)', () => {
  let stack: Stack;
  let redis: Redis;
  let github: GitHubStandIn;
  let sourceId: string;
  const prefix = testPrefix('gap-docs');
  const tokens: Record<string, string> = {};
  const questionIds: string[] = [];

  beforeAll(async () => {
    redis = testRedis();
    github = await startGitHubStandIn();
    github.repos.set('acme/docs', {
      default_branch: 'main',
      token: REPO_TOKEN,
      branches: { main: { 'docs/widget.md': '# Widget\n\nEmbed the widget with one script tag.' } },
    });
    stack = await startStack({
      prefix,
      env: {
        SOURCES_ALLOW_PRIVATE_NETWORKS: 'true',
        GITHUB_API_URL: github.url,
        SECRETS_KEY: 'test secrets key, 32 characters.',
      },
    });
    tokens.admin = await stack.createToken({ tenant: 'acme', scopes: ['admin', 'ingest', 'ask'] });
    tokens.other = await stack.createToken({ tenant: 'globex', scopes: ['admin'] });
    const source = await post('sources/', {
      type: 'github',
      repo: 'acme/docs',
      token: REPO_TOKEN,
      base_url: 'https://docs.acme.test/',
    });
    expect(source.status).toBe(201);
    sourceId = (await source.json()).id;
    // A sync brings docs/widget.md in: the nearest section of the drafts.
    expect((await post(`sources/${sourceId}/sync`, {})).status).toBe(202);
    for (;;) {
      const record = await (
        await fetch(`${stack.apiUrl}sources/${sourceId}`, {
          headers: { authorization: `Bearer ${tokens.admin}` },
        })
      ).json();
      const status = record.syncs?.[0]?.status;
      if (status === 'failed') throw new Error('the first sync failed');
      if (status === 'completed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const question of QUESTIONS)
      questionIds.push((await (await post('question/', { question })).json()).question_id);
    await stack.waitUntilIdle();
  });
  afterAll(async () => {
    await stack.close();
    await github.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  function post(path: string, body: unknown, as = 'admin') {
    return fetch(stack.apiUrl + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }
  const pullRequest = (path: string) =>
    post('admin/gaps/pull-request', {
      question_ids: questionIds,
      source_id: sourceId,
      path,
      title: 'Dark mode',
    });

  it('drafts a section with the questions, the nearest sections and a skeleton, and adds them to a set', async () => {
    const res = await post('admin/gaps/draft', { question_ids: questionIds });
    expect(res.status).toBe(200);
    const draft = (await res.json()) as GapDraft;
    expect(draft.title).toBe('Is there a dark mode?');
    expect(draft.markdown).toContain('draft: true');
    expect(draft.markdown).toContain(
      '## Questions this page must answer\n\n- Is there a dark mode?\n- Can the widget follow',
    );
    expect(draft.markdown).toContain('- [Widget](https://docs.acme.test/docs/widget');
    expect(draft.markdown).toContain('## Can the widget follow the dark theme of my site?');
    expect(draft.eval_set).toBe('gap-is-there-a-dark-mode');
    const set = (await (
      await fetch(`${stack.apiUrl}evals/${draft.eval_set}`, {
        headers: { authorization: `Bearer ${tokens.admin}` },
      })
    ).json()) as EvalSet;
    expect(set.items.map((i) => i.question)).toEqual(QUESTIONS);
  });

  it("answers 404 for another tenant's questions and 400 for a path outside the repository", async () => {
    expect((await post('admin/gaps/draft', { question_ids: questionIds }, 'other')).status).toBe(404);
    const outside = await pullRequest('../secrets.md');
    expect(outside.status).toBe(400);
    expect((await outside.json()).errors[0].path).toBe('body.path');
  });

  it('opens a pull request: new branch, the file, the questions as evidence, with the stored token', async () => {
    const res = await pullRequest('docs/guides/dark-mode.md');
    expect(res.status).toBe(201);
    const opened = (await res.json()) as GapPullRequest;
    expect(opened.pull_request_url).toBe('https://github.com/acme/docs/pull/1');
    expect(github.pulls).toEqual([
      expect.objectContaining({
        title: 'Docs: Dark mode',
        head: opened.branch,
        base: 'main',
        body: expect.stringContaining('- Is there a dark mode?'),
      }),
    ]);
    const file = github.repos.get('acme/docs')!.branches[opened.branch]!['docs/guides/dark-mode.md'];
    expect(String(file)).toContain('# Dark mode');
    expect(new Set(github.authorizations)).toEqual(new Set([`Bearer ${REPO_TOKEN}`]));
    const set = (await (
      await fetch(`${stack.apiUrl}evals/gap-dark-mode`, {
        headers: { authorization: `Bearer ${tokens.admin}` },
      })
    ).json()) as EvalSet;
    expect(set.items[0]!.expect).toEqual({ gold_urls: ['https://docs.acme.test/docs/guides/dark-mode'] });
  });

  it('shows a refused pull request (422) as such and deletes the branch it made', async () => {
    const before = Object.keys(github.repos.get('acme/docs')!.branches);
    github.refuse['POST /pulls'] = 422;
    const res = await pullRequest('docs/guides/dark-mode-2.md');
    delete github.refuse['POST /pulls'];
    expect(res.status).toBe(502);
    expect((await res.json()).detail).toMatch(/^GitHub refused POST \/repos\/acme\/docs\/pulls \(HTTP 422/);
    expect(Object.keys(github.repos.get('acme/docs')!.branches)).toEqual(before);
    expect(github.log.at(-1)).toMatch(
      /^204 DELETE \/repos\/acme\/docs\/git\/refs\/heads\/docqa\/docs-dark-mode-/,
    );
  });

  it('shows a file that exists already (422) as such, leaving no branch', async () => {
    const before = Object.keys(github.repos.get('acme/docs')!.branches);
    const res = await pullRequest('docs/widget.md');
    expect(res.status).toBe(502);
    expect((await res.json()).detail).toContain('HTTP 422');
    expect(Object.keys(github.repos.get('acme/docs')!.branches)).toEqual(before);
  });

  it('shows a refused token (401), a missing repository (404) and a rate limit (503) as such', async () => {
    const repo = github.repos.get('acme/docs')!;
    repo.token = 'ghp_rotated';
    const refused = await pullRequest('docs/a.md');
    expect(refused.status).toBe(502);
    expect((await refused.json()).detail).toBe(
      "GitHub refused the source's token (HTTP 401: Bad credentials)",
    );
    repo.token = REPO_TOKEN;

    github.repos.delete('acme/docs');
    const missing = await pullRequest('docs/a.md');
    github.repos.set('acme/docs', repo);
    expect(missing.status).toBe(502);
    expect((await missing.json()).detail).toMatch(/^GitHub found no acme\/docs/);

    github.rateLimited = true;
    const limited = await pullRequest('docs/a.md');
    github.rateLimited = false;
    expect(limited.status).toBe(503);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).detail).toMatch(/^GitHub's rate limit is reached \(HTTP 403\)/);
    expect(github.pulls).toHaveLength(1);
  });
});

/** Whether a chat request is the gap writer's (its system prompt), not an answer's. */
const isWriter = (body: Record<string, unknown>) =>
  JSON.stringify(body.messages).includes('You write a first draft of a documentation section');

describe('coverage gap drafts with a model (against a local OpenAI-compatible stand-in)', () => {
  let stack: Stack;
  let redis: Redis;
  let model: OpenAITestServer;
  let writerReply: ChatReply = {};
  const prefix = testPrefix('gap-docs-model');
  const questionIds: string[] = [];
  let headers: Record<string, string>;

  beforeAll(async () => {
    redis = testRedis();
    model = await startOpenAITestServer({
      reply: (body) => (isWriter(body) ? writerReply : { text: 'I could not find that in the docs.' }),
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
    const token = await stack.createToken({ tenant: 'acme', scopes: ['admin', 'ingest', 'ask'] });
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const documents = [
      {
        id: 'widget',
        title: 'Widget',
        content: '# Widget\n\nThe widget follows the theme of the page through the data-theme attribute.',
        content_type: 'text/markdown',
      },
    ];
    expect((await post('documents/', { documents })).status).toBeLessThan(300);
    await stack.waitUntilIdle();
    for (const question of QUESTIONS)
      questionIds.push((await (await post('question/', { question })).json()).question_id);
    await stack.waitUntilIdle();
  });
  afterAll(async () => {
    await stack.close();
    await model.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  function post(path: string, body: unknown) {
    return fetch(stack.apiUrl + path, { method: 'POST', headers, body: JSON.stringify(body) });
  }

  it("puts the model's first draft, from the nearest sections, under a note marking it a draft", async () => {
    writerReply = { text: '## Overview\n\nSet data-theme="dark" on the page; the widget follows it.' };
    const res = await post('admin/gaps/draft', { question_ids: questionIds, title: 'Dark mode' });
    expect(res.status).toBe(200);
    const draft = (await res.json()) as GapDraft;
    expect(draft.markdown).toContain('draft: true');
    expect(draft.markdown).toContain('## Questions this page must answer\n\n- Is there a dark mode?');
    expect(draft.markdown).toContain(
      '> **Draft** written by test-model from the nearest sections; check before merging.\n\n' +
        '## Overview\n\nSet data-theme="dark" on the page; the widget follows it.',
    );
    expect(draft.markdown).not.toContain('<!-- The answer. -->');
    const asked = model.requests.filter((r) => isWriter(r.body)).at(-1)!.body;
    expect(asked.temperature).toBe(0);
    const prompt = JSON.stringify(asked.messages);
    expect(prompt).toContain('through the data-theme attribute');
    expect(prompt).toContain('## Can the widget follow the dark theme of my site?');
  });

  it('gives the skeleton with a note when the model fails', async () => {
    writerReply = { status: 500, errorMessage: 'the model is down' };
    const res = await post('admin/gaps/draft', { question_ids: questionIds, title: 'Dark mode' });
    expect(res.status).toBe(200);
    const draft = (await res.json()) as GapDraft;
    expect(draft.markdown).toMatch(
      /> The model could not write a first draft \(.+\); fill in the skeleton\./,
    );
    expect(draft.markdown).not.toContain('written by test-model');
    expect(draft.markdown).toContain(
      '## Can the widget follow the dark theme of my site?\n\n<!-- The answer. -->',
    );
  });
});
