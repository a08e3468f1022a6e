import type { Redis } from 'ioredis';
import type { DocumentRecord } from '@docqa/contracts';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { DocVersions } from './doc-versions';
import { DocumentStore } from './document-store';

function record(id: string, version?: string): DocumentRecord {
  const at = new Date(0).toISOString();
  return {
    id,
    title: id,
    url: null,
    content_type: 'text/markdown',
    metadata: {},
    hash: 'h',
    chunks: 1,
    created_at: at,
    updated_at: at,
    ...(version && { version }),
  };
}

/** The per-version counts `GET /versions/` shows, as an object. */
async function counts(versions: DocVersions, tenant: string) {
  const list = await versions.list(tenant);
  return {
    versions: Object.fromEntries(list.versions.map((v) => [v.version, v.documents])),
    unversioned: list.unversioned,
    default: list.default,
  };
}

describe('docs versions of a tenant (GET /versions/, a request’s version) from per-version counts', () => {
  let redis: Redis;
  let store: DocumentStore;
  let versions: DocVersions;
  const keys = new Keys(testPrefix('docversions'));

  beforeAll(() => {
    redis = testRedis();
    store = new DocumentStore({ redis, keys });
    versions = new DocVersions({ documents: store, redis, keys });
  });
  afterAll(async () => {
    await deletePrefix(redis, keys.prefix);
    await redis.quit();
  });

  it('counts an ingest’s documents per version in their own hash, with the document records', async () => {
    await store.putMany('acme', [
      record('a1', '1.x'),
      record('a2', '1.x'),
      record('b1', '2.x'),
      record('c1', '10.x'),
      record('u1'),
    ]);
    await store.put('acme', record('b2', '2.x'));
    expect(await counts(versions, 'acme')).toEqual({
      versions: { '10.x': 1, '2.x': 2, '1.x': 2 },
      unversioned: 1,
      default: '10.x',
    });
    expect(await redis.hgetall(keys.documentVersionCounts('acme'))).toEqual({
      '1.x': '2',
      '2.x': '2',
      '10.x': '1',
    });
    // Another tenant's documents count apart.
    await store.put('globex', record('g1', '1.x'));
    expect((await counts(versions, 'globex')).versions).toEqual({ '1.x': 1 });
    expect(await versions.resolve('acme', '2.x')).toEqual({ version: '2.x', several: true });
  });

  it('moves a document re-synced with another version, or without one, and counts it once when sent again', async () => {
    await store.putMany('acme', [record('a1', '2.x'), record('b1', '2.x'), record('u1', '1.x')]);
    expect((await counts(versions, 'acme')).versions).toEqual({ '10.x': 1, '2.x': 3, '1.x': 2 });
    await store.putMany('acme', [record('c1'), record('b2', '2.x'), record('b2', '2.x')]);
    expect(await counts(versions, 'acme')).toEqual({
      versions: { '2.x': 3, '1.x': 2 },
      unversioned: 1,
      default: '2.x',
    });
    // A version no document has any more is no longer known.
    expect(await redis.hexists(keys.documentVersionCounts('acme'), '10.x')).toBe(0);
    await expect(versions.resolve('acme', '10.x')).rejects.toThrow(
      'unknown version "10.x": the known versions are 2.x, 1.x',
    );
  });

  it('forgets deleted documents’ versions, and every count once the tenant’s documents are all gone', async () => {
    await store.remove('acme', 'a2');
    await store.remove('acme', 'c1');
    await store.remove('acme', 'nowhere');
    expect(await counts(versions, 'acme')).toEqual({
      versions: { '2.x': 3, '1.x': 1 },
      unversioned: 0,
      default: '2.x',
    });
    expect(await store.removeAll('acme')).toBe(4);
    expect(await counts(versions, 'acme')).toEqual({ versions: {}, unversioned: 0, default: null });
    expect(await redis.exists(keys.documentVersions('acme'), keys.documentVersionCounts('acme'))).toBe(0);
    expect(await versions.resolve('acme', undefined)).toEqual({ several: false });
  });

  it('counts a tenant written before counts were kept once, on its first read or write', async () => {
    // The data of the code before: document ids → versions, no counts.
    const written = async (tenant: string) => {
      await store.putMany(tenant, [
        record('x1', '1.x'),
        record('x2', '1.x'),
        record('y1', '2.x'),
        record('z'),
      ]);
      await redis.del(keys.documentVersionCounts(tenant));
      expect(await redis.hlen(keys.documentVersions(tenant))).toBe(3);
    };
    await written('read-first');
    expect(await counts(versions, 'read-first')).toEqual({
      versions: { '2.x': 1, '1.x': 2 },
      unversioned: 1,
      default: '2.x',
    });
    expect(await redis.hgetall(keys.documentVersionCounts('read-first'))).toEqual({ '1.x': '2', '2.x': '1' });

    // A write before any read counts the documents written before it too.
    await written('write-first');
    await store.putMany('write-first', [record('x1', '2.x'), record('w1', '3.x')]);
    expect(await counts(versions, 'write-first')).toEqual({
      versions: { '3.x': 1, '2.x': 2, '1.x': 1 },
      unversioned: 1,
      default: '3.x',
    });
    await written('delete-first');
    await store.remove('delete-first', 'y1');
    expect((await counts(versions, 'delete-first')).versions).toEqual({ '1.x': 2 });
  });

  it('reads the counts, not every document’s version, once they are kept', async () => {
    await store.putMany('big', [record('v1', '1.x'), record('v2', '2.x')]);
    // Were the versions of every document read, this one (not in the counts) would show.
    await redis.hset(keys.documentVersions('big'), 'stray', '9.x');
    expect((await counts(versions, 'big')).versions).toEqual({ '2.x': 1, '1.x': 1 });
  });

  it('resolves a request’s version from one read shared by the requests of a turn, and re-reads the next turn', async () => {
    await store.putMany('shared', [record('s1', '1.x'), record('s2', '2.x')]);
    await versions.setDefault('shared', '1.x');
    const sent: string[] = [];
    const observe = (command: { name: string }) => void sent.push(command.name);
    const send = redis.sendCommand.bind(redis);
    redis.sendCommand = ((command: Parameters<Redis['sendCommand']>[0], ...rest: unknown[]) => {
      observe(command);
      return (send as (...args: unknown[]) => unknown)(command, ...rest);
    }) as Redis['sendCommand'];
    try {
      const resolved = await Promise.all([
        versions.resolve('shared', undefined),
        versions.resolve('shared', '2.x'),
        versions.resolve('shared', undefined, { preferred: '2.x' }),
        versions.resolve('shared', undefined, { preferred: 'gone' }),
      ]);
      expect(resolved).toEqual([
        { version: '1.x', several: true },
        { version: '2.x', several: true },
        { version: '2.x', several: true },
        { version: '1.x', several: true },
      ]);
      // One read of the counts and one of the default setting, not four of each.
      expect(sent.filter((name) => name !== 'evalsha' && name !== 'get')).toEqual([]);
      expect(sent).toHaveLength(2);
      await expect(versions.resolve('shared', '3.x')).rejects.toThrow(
        'unknown version "3.x": the known versions are 2.x, 1.x',
      );
    } finally {
      redis.sendCommand = send;
    }
    // A change is seen by the next turn's requests.
    await versions.setDefault('shared', null);
    expect(await versions.resolve('shared', undefined)).toEqual({ version: '2.x', several: true });
  });
});
