import type { Redis } from 'ioredis';
import type { DocumentRecord } from '@docqa/contracts';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { DocumentStore } from './document-store';

const record = (id: string, hash: string): DocumentRecord => ({
  id,
  title: id,
  url: null,
  content_type: 'text/plain',
  metadata: {},
  hash,
  chunks: 1,
  created_at: '2026-11-24T00:00:00.000Z',
  updated_at: '2026-11-24T00:00:00.000Z',
});

describe('DocumentStore batches', () => {
  let redis: Redis;
  const prefix = testPrefix('docs');
  let store: DocumentStore;

  beforeAll(() => {
    redis = testRedis();
    store = new DocumentStore({ redis, keys: new Keys(prefix) });
  });
  afterAll(async () => {
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('records many documents in one call and finds them in the order asked, null where unknown', async () => {
    await store.putMany('t', [record('b', 'h1'), record('a', 'h2'), record('b', 'h3')]);
    const found = await store.findMany('t', ['a', 'missing', 'b', 'a']);
    expect(found.map((r) => r?.hash ?? null)).toEqual(['h2', null, 'h3', 'h2']);
    expect(await store.findMany('other', ['a'])).toEqual([null]);
    const page = await store.list('t', { limit: 10 });
    expect(page.documents.map((d) => d.id)).toEqual(['a', 'b']);
  });

  it('accepts empty batches without a round trip to Redis', async () => {
    await store.putMany('t', []);
    expect(await store.findMany('t', [])).toEqual([]);
  });

  it('keeps the one-document calls working on top of the batches', async () => {
    await store.put('t', record('c', 'h4'));
    expect((await store.get('t', 'c')).hash).toBe('h4');
    await store.remove('t', 'c');
    expect(await store.find('t', 'c')).toBeNull();
  });
});
