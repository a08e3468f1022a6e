import type { Redis } from 'ioredis';
import type { DocumentRecord } from '@docqa/contracts';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { DocumentStore, type DocumentListOptions } from './document-store';

const DOCUMENTS = 6000;

function record(n: number, title: string, url: string | null = null): DocumentRecord {
  const at = new Date(0).toISOString();
  return {
    id: `doc-${String(n).padStart(5, '0')}`,
    title,
    url,
    content_type: 'text/markdown',
    metadata: {},
    hash: 'h',
    chunks: 1,
    created_at: at,
    updated_at: at,
  };
}

/** Every page of a listing, following `next_cursor`; and how many pages it took. */
async function allPages(store: DocumentStore, tenant: string, opts: Omit<DocumentListOptions, 'cursor'>) {
  const ids: string[] = [];
  let pages = 0;
  let cursor: string | undefined;
  do {
    const page = await store.list(tenant, { ...opts, cursor });
    ids.push(...page.documents.map((d) => d.id));
    pages++;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { ids, pages };
}

describe('document search (GET /documents/?q) in Redis', () => {
  let redis: Redis;
  let store: DocumentStore;
  const keys = new Keys(testPrefix('docsearch'));

  beforeAll(async () => {
    redis = testRedis();
    store = new DocumentStore({ redis, keys });
    // Every 500th document is about installing on Linux; a few have other scripts and cases.
    for (let start = 0; start < DOCUMENTS; start += 1000) {
      await Promise.all(
        Array.from({ length: 1000 }, (_, i) => {
          const n = start + i;
          const title = n % 500 === 7 ? `Install on LINUX, part ${n}` : `Page ${n}`;
          return store.put('acme', record(n, title, `https://docs.example.com/p/${n}`));
        }),
      );
    }
    await store.put('acme', record(90001, 'Über die Installation'));
    await store.put('globex', record(90002, 'Install on Linux for globex'));
  });
  afterAll(async () => {
    await deletePrefix(redis, keys.prefix);
    await redis.quit();
  });

  it('finds the documents whose title, URL or id hold every word, in any case, page by page', async () => {
    const { ids, pages } = await allPages(store, 'acme', { q: 'linux INSTALL', limit: 5 });
    const expected = Array.from({ length: DOCUMENTS / 500 }, (_, k) => record(k * 500 + 7, '').id);
    expect(ids).toEqual(expected);
    expect(pages).toBe(3);
    expect((await store.list('acme', { q: 'docs.example.com/p/1234', limit: 10 })).documents).toEqual([
      expect.objectContaining({ id: 'doc-01234' }),
    ]);
    expect((await store.list('acme', { q: 'doc-00042', limit: 10 })).documents).toHaveLength(1);
    expect((await store.list('acme', { q: 'über', limit: 10 })).documents).toEqual([
      expect.objectContaining({ title: 'Über die Installation' }),
    ]);
    expect(await store.list('acme', { q: 'linux nowhere', limit: 10 })).toEqual({
      documents: [],
      next_cursor: null,
    });
  });

  it('never shows another tenant’s documents', async () => {
    const { ids } = await allPages(store, 'globex', { q: 'install', limit: 50 });
    expect(ids).toEqual(['doc-90002']);
  });

  it('answers a short page with a cursor when its reading budget runs out, and loses nothing', async () => {
    const small = new DocumentStore({ redis, keys, searchBudget: { stepIds: 300, steps: 2 } });
    const first = await small.list('acme', { q: 'linux', limit: 50 });
    expect(first.documents.map((d) => d.id)).toEqual(['doc-00007', 'doc-00507']);
    expect(first.next_cursor).toBe('doc-00599');
    const { ids } = await allPages(small, 'acme', { q: 'linux', limit: 50 });
    expect(ids).toHaveLength(DOCUMENTS / 500);
  });

  it('indexes documents stored before search existed on their tenant’s first search', async () => {
    await redis.del(keys.documentSearch('acme'));
    const { ids } = await allPages(store, 'acme', { q: 'part', limit: 100 });
    expect(ids).toHaveLength(DOCUMENTS / 500);
    expect(await redis.hlen(keys.documentSearch('acme'))).toBe(DOCUMENTS + 1);
  });

  it('forgets a removed document and lists without q as before', async () => {
    await store.remove('acme', 'doc-00007');
    expect((await store.list('acme', { q: 'doc-00007', limit: 10 })).documents).toEqual([]);
    const page = await store.list('acme', { limit: 2 });
    expect(page.documents.map((d) => d.id)).toEqual(['doc-00000', 'doc-00001']);
    expect(page.next_cursor).toBe('doc-00001');
  });
});

describe('ingest job records (GET /jobs/{id}) in Redis', () => {
  const keys = new Keys(testPrefix('jobrecords'));
  let redis: Redis;

  beforeAll(() => {
    redis = testRedis();
  });
  afterAll(async () => {
    await deletePrefix(redis, keys.prefix);
    await redis.quit();
  });

  it('keeps a job for the 7 days docs/knowledge-base.md names, however often it is updated', async () => {
    const store = new DocumentStore({ redis, keys });
    await store.createJob('job_1', 'acme', 3);
    await store.updateJob('job_1', { status: 'running', processed: 2 });
    expect(await redis.ttl(keys.ingestJob('job_1'))).toBeGreaterThan(7 * 86_400 - 60);
    expect(await store.getJob('acme', 'job_1')).toMatchObject({ status: 'running', processed: 2 });
    await expect(store.getJob('globex', 'job_1')).rejects.toThrow('job job_1 was not found');
  });
});
