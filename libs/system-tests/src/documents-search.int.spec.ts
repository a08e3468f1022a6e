import type { Redis } from 'ioredis';
import type { DocumentRecord } from '@docqa/contracts';
import { DocumentStore } from '@docqa/ingest';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from './testing/start-stack';

/** Documents of the tenant: records written straight to Redis (no chunks: search reads records). */
const DOCUMENTS = 5000;

function record(n: number): DocumentRecord {
  const at = new Date(0).toISOString();
  const id = `guide/page-${String(n).padStart(5, '0')}`;
  return {
    id,
    title: n % 250 === 3 ? `Install on Linux, step ${n}` : `Page ${n}`,
    url: `https://Docs.Example.com/${id}`,
    content_type: 'text/markdown',
    metadata: {},
    hash: 'h',
    chunks: 1,
    created_at: at,
    updated_at: at,
  };
}

type Page = { documents: { id: string }[]; next_cursor: string | null };

describe('GET /documents/?q over thousands of documents, page by page', () => {
  let stack: Stack;
  let redis: Redis;
  let headers: Record<string, string>;
  const prefix = testPrefix('documents-search');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix, noWorker: true });
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ingest'] });
    headers = { authorization: `Bearer ${token}` };
    const store = new DocumentStore({ redis, keys: new Keys(prefix) });
    for (let start = 0; start < DOCUMENTS; start += 1000)
      await store.putMany(
        'acme',
        Array.from({ length: 1000 }, (_, i) => record(start + i)),
      );
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  /** Every page of `GET /documents/?query`, following `next_cursor`: the ids and the requests made. */
  async function all(query: string): Promise<{ ids: string[]; requests: number }> {
    const ids: string[] = [];
    let requests = 0;
    let cursor: string | null = null;
    do {
      const url = `${stack.apiUrl}documents/?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await fetch(url, { headers });
      expect(res.status).toBe(200);
      const page = (await res.json()) as Page;
      ids.push(...page.documents.map((d) => d.id));
      cursor = page.next_cursor;
      requests++;
    } while (cursor);
    return { ids, requests };
  }

  it('finds every document whose title holds the words, in any case, in id order, each once', async () => {
    const { ids, requests } = await all('q=linux%20INSTALL&limit=7');
    const expected = Array.from({ length: DOCUMENTS / 250 }, (_, k) => record(k * 250 + 3).id);
    expect(ids).toEqual(expected);
    expect(requests).toBe(3);
  });

  it('finds documents by part of their URL or by the start of their id', async () => {
    expect((await all('q=docs.example.com/guide/page-0123&limit=50')).ids).toEqual(
      Array.from({ length: 10 }, (_, i) => record(1230 + i).id),
    );
    expect((await all('q=GUIDE/PAGE-0499&limit=50')).ids).toEqual(
      Array.from({ length: 10 }, (_, i) => record(4990 + i).id),
    );
  });

  it('lists them all without q, in pages of the limit', async () => {
    const { ids, requests } = await all('limit=200');
    expect(ids).toHaveLength(DOCUMENTS);
    expect(new Set(ids).size).toBe(DOCUMENTS);
    expect(requests).toBe(DOCUMENTS / 200);
  });

  it('answers a search that matches nothing with an empty last page', async () => {
    expect(await all('q=linux%20nowhere')).toEqual({ ids: [], requests: 1 });
  });
});
