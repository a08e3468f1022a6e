import type { Redis } from 'ioredis';
import type { ConversationList, Gaps, Insights, LoggedQuestion, QuestionRecord } from '@docqa/contracts';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';

/** The install page in two versions, and a page for every version. */
const documents = [
  {
    id: 'install-1',
    title: 'Install (1.x)',
    content: '# Install\n\nInstall the agent with the legacy installer: run setup-legacy.sh as root.',
    version: '1.x',
  },
  {
    id: 'install-2',
    title: 'Install (2.x)',
    content: '# Install\n\nInstall the agent with the package manager: run apt install agent.',
    version: '2.x',
  },
  {
    id: 'support',
    title: 'Support',
    content: '# Support\n\nThe agent is supported by email at help@example.com for every release.',
  },
];

describe('insights filtered by docs version (DESIGN §17)', () => {
  let stack: Stack;
  let redis: Redis;
  const prefix = testPrefix('insights-versions');
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix, env: { RATE_LIMIT_PER_MINUTE: '1000' } });
    tokens.ask = await stack.createToken({ tenant: 'acme', scopes: ['ask', 'ingest', 'search'] });
    tokens.admin = await stack.createToken({ tenant: 'acme', scopes: ['admin'] });
    const { job_id } = await (await post('ask', 'documents/', { documents })).json();
    for (;;) {
      const job = await (await call('ask', `jobs/${job_id}`)).json();
      if (job.status === 'completed') break;
      if (job.status === 'failed') throw new Error(JSON.stringify(job));
      await stack.waitUntilIdle();
    }
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const call = (token: string, path: string, init: RequestInit = {}) =>
    fetch(stack.apiUrl + path, {
      ...init,
      headers: { authorization: `Bearer ${tokens[token]}`, 'content-type': 'application/json' },
    });
  const post = (token: string, path: string, body: unknown) =>
    call(token, path, { method: 'POST', body: JSON.stringify(body) });
  async function json<T>(path: string): Promise<T> {
    const res = await call('admin', path);
    expect([path, res.status]).toEqual([path, 200]);
    return (await res.json()) as T;
  }

  async function ask(question: string, version: string) {
    const created = await (await post('ask', 'question/', { question, version })).json();
    for (;;) {
      const record = await (await call('ask', `question/${created.question_id}/?wait=5`)).json();
      if (record.is_ready) return record as QuestionRecord;
    }
  }

  it('counts, lists, clusters and exports the questions of each version apart', async () => {
    const installs1 = await ask('How do I install the agent?', '1.x');
    await ask('How do I install the agent?', '1.x');
    const gap1 = await ask('What does the enterprise plan cost per seat?', '1.x');
    const installs2 = await ask('How do I install the agent?', '2.x');
    expect([installs1.version, installs2.version]).toEqual(['1.x', '2.x']);
    await post('ask', `question/${installs2.id}/feedback/`, { rating: 'down' });

    // The worker logs a question after its answer is ready.
    let all: Insights;
    for (;;) {
      all = await json<Insights>('admin/insights/');
      if (all.totals.questions >= 4 && all.totals.thumbs_down >= 1) break;
      await stack.waitUntilIdle();
    }
    expect(all.totals).toMatchObject({ questions: 4, not_covered: 1, thumbs_down: 1 });

    const v1 = await json<Insights>('admin/insights/?version=1.x');
    expect(v1.totals).toMatchObject({ questions: 3, not_covered: 1, thumbs_down: 0 });
    expect(v1.series.at(-1)).toMatchObject({ questions: 3, not_covered: 1 });
    expect(v1.top_questions[0]).toEqual({ text: 'How do I install the agent?', count: 2 });
    expect(v1.by_channel.find((c) => c.channel === 'api')).toEqual({
      channel: 'api',
      questions: 3,
      not_covered: 1,
    });

    const v2 = await json<Insights>('admin/insights/?version=2.x');
    expect(v2.totals).toMatchObject({ questions: 1, not_covered: 0, thumbs_down: 1 });
    expect(v2.top_questions).toEqual([{ text: 'How do I install the agent?', count: 1 }]);
    // The 2.x report's documents are those its one question cited, each once.
    const cited2 = installs2.sources.filter((s) => s.cited).map((s) => s.document_id);
    expect(v2.top_documents.map((d) => [d.document_id, d.citations]).sort()).toEqual(
      [...new Set(cited2)].map((id) => [id, 1]).sort(),
    );

    const none = await json<Insights>('admin/insights/?version=9.x');
    expect(none.totals.questions).toBe(0);
    expect(none.top_questions).toEqual([]);

    // Gaps: the 1.x question not covered, the 2.x one rated down.
    const gapIds = async (version: string) =>
      (await json<Gaps>(`admin/gaps/?version=${version}`)).clusters.flatMap((c) =>
        c.questions.map((q) => q.question_id),
      );
    expect(await gapIds('1.x')).toEqual([gap1.id]);
    expect(await gapIds('2.x')).toEqual([installs2.id]);

    const chats = async (version: string) =>
      (await json<ConversationList>(`admin/conversations/?version=${version}`)).items;
    expect((await chats('2.x')).map((c) => [c.chat_id, c.version])).toEqual([[installs2.chat_id, '2.x']]);
    expect(new Set((await chats('1.x')).map((c) => c.version))).toEqual(new Set(['1.x']));
    expect(await chats('1.x')).toHaveLength(3);

    const exported = await (await call('admin', 'admin/export/questions?version=2.x')).text();
    const rows = exported
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as LoggedQuestion);
    expect(rows.map((r) => [r.question_id, r.version])).toEqual([[installs2.id, '2.x']]);
  });

  it('refuses a version that is not a version name, as the other filters', async () => {
    for (const path of ['admin/insights/', 'admin/gaps/', 'admin/conversations/', 'admin/export/questions']) {
      const res = await call('admin', `${path}?version=${'x'.repeat(65)}`);
      expect([path, res.status]).toEqual([path, 400]);
      const problem = await res.json();
      expect(problem.errors[0].path).toBe('query.version');
    }
  });
});
