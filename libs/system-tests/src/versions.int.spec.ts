import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import type { QuestionRecord, SearchResponse, VersionList } from '@docqa/contracts';
import { startStack, type Stack } from './testing/start-stack';

/** One page per version that answers the same question differently, and a page for every version. */
const documents = [
  {
    id: 'install-1',
    title: 'Install (1.x)',
    url: 'https://docs.example.com/docs/1.x/install',
    content: '# Install\n\nInstall the agent with the legacy installer: run setup-legacy.sh as root.',
    version: '1.x',
  },
  {
    id: 'install-2',
    title: 'Install (2.x)',
    url: 'https://docs.example.com/docs/2.x/install',
    version: '2.x',
    content: '# Install\n\nInstall the agent with the package manager: run apt install agent.',
  },
  {
    id: 'install-3',
    title: 'Install (3.x)',
    url: 'https://docs.example.com/docs/3.x/install',
    content: '# Install\n\nInstall the agent with the container image: run docker pull agent.',
    metadata: { version: '3.x' },
  },
  {
    id: 'support',
    title: 'Support',
    content: '# Support\n\nThe agent install is supported by email at help@example.com for every release.',
  },
];

const versionOf = (id: string) => ({ 'install-1': '1.x', 'install-2': '2.x', 'install-3': '3.x' })[id];

describe('versioned docs (DESIGN §17): versions of documents, questions and searches', () => {
  let stack: Stack;
  let redis: Redis;
  let headers: Record<string, string>;
  const prefix = testPrefix('versions');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix });
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ask', 'search', 'ingest', 'admin'] });
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const res = await post('documents/', { documents });
    expect(res.status).toBe(202);
    const { job_id } = await res.json();
    for (;;) {
      const job = await (await call(`jobs/${job_id}`)).json();
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

  const call = (path: string, init: RequestInit = {}) => fetch(stack.apiUrl + path, { ...init, headers });
  const post = (path: string, body: unknown) => call(path, { method: 'POST', body: JSON.stringify(body) });
  const put = (path: string, body: unknown) => call(path, { method: 'PUT', body: JSON.stringify(body) });

  async function ask(body: object): Promise<QuestionRecord> {
    const res = await post('question/', body);
    expect(res.status).toBe(201);
    const created = await res.json();
    let record = await (await call(`question/${created.question_id}/?wait=10`)).json();
    while (!record.is_ready) record = await (await call(`question/${created.question_id}/?wait=10`)).json();
    return record;
  }

  /** The versions of the documents a search found (none for unversioned ones). */
  async function searched(body: object): Promise<(string | undefined)[]> {
    const res = await post('rag/search/', { query: 'install the agent', limit: 10, ...body });
    expect(res.status).toBe(200);
    return ((await res.json()) as SearchResponse).results.map((r) => versionOf(r.document_id));
  }

  it('records each way of giving a version and lists the versions with counts and the default', async () => {
    const records = await Promise.all(
      ['install-1', 'install-2', 'install-3', 'support'].map((id) =>
        call(`documents/${id}`).then((r) => r.json()),
      ),
    );
    expect(records.map((r) => r.version)).toEqual(['1.x', '2.x', '3.x', undefined]);
    expect(records[0].metadata.version).toBe('1.x');
    const list = (await (await call('versions/')).json()) as VersionList;
    expect(list).toEqual({
      versions: [
        { version: '3.x', documents: 1 },
        { version: '2.x', documents: 1 },
        { version: '1.x', documents: 1 },
      ],
      default: '3.x',
      default_setting: null,
      unversioned: 1,
    });
  });

  it('searches one version and the unversioned documents, never another version, in every mode', async () => {
    for (const search_mode of ['keyword', 'semantic', 'hybrid'])
      for (const version of ['1.x', '2.x', '3.x']) {
        const found = await searched({ version, search_mode });
        expect(found).toContain(version);
        expect(found.filter((v) => v !== undefined && v !== version)).toEqual([]);
      }
    // Without a version: the default (the newest).
    expect((await searched({})).filter((v) => v && v !== '3.x')).toEqual([]);
  });

  it('uses the default version set for the tenant, and refuses an unknown one', async () => {
    expect((await put('admin/versions/', { default: '2.x' })).status).toBe(200);
    expect((await searched({})).filter((v) => v && v !== '2.x')).toEqual([]);
    const unknown = await put('admin/versions/', { default: '9.x' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).detail).toContain('3.x, 2.x, 1.x');
  });

  it('answers for the version asked, says it, and keeps it for follow-ups', async () => {
    const first = await ask({ question: 'How do I install the agent?', version: '1.x' });
    expect(first.version).toBe('1.x');
    expect(first.response.startsWith('For 1.x: ')).toBe(true);
    expect(first.sources.map((s) => versionOf(s.document_id)).filter((v) => v && v !== '1.x')).toEqual([]);
    expect(first.sources.some((s) => s.document_id === 'install-1')).toBe(true);
    const follow = await ask({ question: 'Which command installs it?', chat_id: first.chat_id });
    expect(follow.version).toBe('1.x');
    expect(follow.sources.map((s) => versionOf(s.document_id)).filter((v) => v && v !== '1.x')).toEqual([]);
    const fresh = await ask({ question: 'How do I install the agent?' });
    expect(fresh.version).toBe('2.x');
  });

  it('refuses unknown and oversized versions with a 400 naming the known ones', async () => {
    for (const [path, body] of [
      ['question/', { question: 'How do I install it?', version: '4.x' }],
      ['rag/search/', { query: 'install', version: '4.x' }],
      ['search/', { query: 'install', version: '4.x' }],
      [
        'question/batch/',
        { questions: [{ question: 'Install?' }, { question: 'Install?', version: '4.x' }] },
      ],
    ] as const) {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      const problem = await res.json();
      expect(problem.detail).toContain('the known versions are 3.x, 2.x, 1.x');
    }
    const oversized = await post('question/', { question: 'Install?', version: 'x'.repeat(65) });
    expect(oversized.status).toBe(400);
    expect((await oversized.json()).errors[0].path).toBe('body.version');
  });

  it('keeps the search box to the version asked', async () => {
    const res = await post('search/', { query: 'install ', version: '3.x' });
    expect(res.status).toBe(200);
    const ids = (await res.json()).results.map((r: { document_id: string }) => versionOf(r.document_id));
    expect(ids).toContain('3.x');
    expect(ids.filter((v: string | undefined) => v && v !== '3.x')).toEqual([]);
  });
});
