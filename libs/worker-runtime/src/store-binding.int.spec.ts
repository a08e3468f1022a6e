import type { Redis } from 'ioredis';
import pino from 'pino';
import { DependencyUnavailableError } from '@docqa/errors';
import { Keys } from '@docqa/redis';
import type { StoreIdentity } from '@docqa/retrieval';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { bindRecordsToStore } from './store-binding';

/** A store, document records and sources that only remember what binding did to them. */
function world(store: StoreIdentity, recordsByTenant: Record<string, number>) {
  const records = new Map(Object.entries(recordsByTenant));
  const calls = { rebuilds: 0, stamps: [] as string[] };
  return {
    calls,
    records,
    deps: {
      store: {
        identity: async () => ({ ...store }),
        setStamp: async (stamp: string) => {
          calls.stamps.push(stamp);
          store.stamp = stamp;
        },
      },
      documents: {
        tenants: async () => [...records.keys()],
        removeAll: async (tenant: string) => {
          const n = records.get(tenant) ?? 0;
          records.delete(tenant);
          return n;
        },
      },
      sources: {
        rebuildAll: async () => {
          calls.rebuilds++;
          return 2;
        },
      },
      logger: pino({ level: 'silent' }),
    },
  };
}

describe('bindRecordsToStore', () => {
  let redis: Redis;
  let keys: Keys;
  const prefixes: string[] = [];
  beforeAll(() => {
    redis = testRedis();
  });
  beforeEach(() => {
    keys = new Keys(testPrefix('bind'));
    prefixes.push(keys.prefix);
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deletePrefix(redis, prefix);
    await redis.quit();
  });
  const bind = (w: ReturnType<typeof world>) => bindRecordsToStore({ redis, keys, ...w.deps });
  const recorded = () => redis.get(keys.storeStamp());

  it('stamps a new store and Redis alike, and keeps them on the next start', async () => {
    const w = world({ stamp: null, empty: true }, {});
    const first = await bind(w);
    expect(first).toEqual({ stamp: expect.any(String), droppedDocuments: 0, rebuiltSources: 0 });
    expect(await recorded()).toBe(first.stamp);
    expect(w.calls.stamps).toEqual([first.stamp]);

    expect(await bind(w)).toEqual({ stamp: first.stamp, droppedDocuments: 0, rebuiltSources: 0 });
    expect(w.calls.stamps).toHaveLength(1);
  });

  it('drops the records of documents an empty store lost, and has every source read again', async () => {
    await redis.set(keys.storeStamp(), 'old');
    const w = world({ stamp: null, empty: true }, { acme: 3, globex: 1 });
    const bound = await bind(w);
    expect(bound).toEqual({ stamp: expect.any(String), droppedDocuments: 4, rebuiltSources: 2 });
    expect(bound.stamp).not.toBe('old');
    expect(w.records.size).toBe(0);
    expect(w.calls.rebuilds).toBe(1);
    expect(await recorded()).toBe(bound.stamp);
  });

  it('drops the records of another store, and takes this store’s stamp', async () => {
    await redis.set(keys.storeStamp(), 'theirs');
    const w = world({ stamp: 'mine', empty: false }, { acme: 5 });
    expect(await bind(w)).toEqual({ stamp: 'mine', droppedDocuments: 5, rebuiltSources: 2 });
    expect(await recorded()).toBe('mine');
    expect(w.calls.stamps).toEqual([]);
  });

  it('takes a store written before stamps as the one the records describe', async () => {
    const w = world({ stamp: null, empty: false }, { acme: 5 });
    const bound = await bind(w);
    expect(bound).toMatchObject({ droppedDocuments: 0, rebuiltSources: 0 });
    expect(w.calls.stamps).toEqual([bound.stamp]);
    expect(await recorded()).toBe(bound.stamp);
  });

  it('gives Redis the store’s stamp when Redis lost its own', async () => {
    const w = world({ stamp: 'kept', empty: false }, {});
    expect(await bind(w)).toEqual({ stamp: 'kept', droppedDocuments: 0, rebuiltSources: 0 });
    expect(await recorded()).toBe('kept');
  });

  it('gives a store not created yet the stamp Redis has, when no record is at stake', async () => {
    await redis.set(keys.storeStamp(), 'recorded');
    const w = world({ stamp: null, empty: true }, {});
    expect(await bind(w)).toEqual({ stamp: 'recorded', droppedDocuments: 0, rebuiltSources: 0 });
    expect(w.calls.stamps).toEqual(['recorded']);
  });

  it('waits for a store that is unavailable at start (Qdrant not up yet)', async () => {
    const w = world({ stamp: 'up', empty: false }, {});
    const identity = w.deps.store.identity;
    let failures = 2;
    w.deps.store.identity = async () => {
      if (failures-- > 0) throw new DependencyUnavailableError('The vector store (Qdrant) is unavailable');
      return identity();
    };
    const bound = await bindRecordsToStore({ redis, keys, ...w.deps, retryMs: 1 });
    expect(bound).toEqual({ stamp: 'up', droppedDocuments: 0, rebuiltSources: 0 });
    expect(failures).toBe(-1);
  });

  it('binds once when workers start together: the later ones find store and records agreeing', async () => {
    await redis.set(keys.storeStamp(), 'old');
    const w = world({ stamp: null, empty: true }, { acme: 2 });
    const bound = await Promise.all([bind(w), bind(w), bind(w)]);
    expect(new Set(bound.map((b) => b.stamp)).size).toBe(1);
    expect(bound.filter((b) => b.rebuiltSources > 0)).toHaveLength(1);
    expect(w.calls.rebuilds).toBe(1);
    expect(await recorded()).toBe(bound[0]!.stamp);
  });
});
