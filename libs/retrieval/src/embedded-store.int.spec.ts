import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedStore } from './embedded-store';
import { describeVectorStoreContract } from './testing/vector-store-contract';

const dir = mkdtempSync(join(tmpdir(), 'docqa-embedded-contract-'));

describeVectorStoreContract('EmbeddedStore (LanceDB in a temporary folder)', {
  open: () => EmbeddedStore.open(dir),
  dispose: async (store) => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  },
});

describe('EmbeddedStore semantic search over a shared table', () => {
  const own = mkdtempSync(join(tmpdir(), 'docqa-embedded-share-'));
  let store: EmbeddedStore;
  const chunk = (tenant: string, i: number, vector: number[]) => ({
    tenant,
    document_id: `${tenant}-${i}`,
    chunk_id: `${tenant}-${i}#0`,
    title: `${tenant} ${i}`,
    url: null,
    heading: '',
    text: `${tenant} passage ${i}`,
    metadata: {},
    vector,
  });

  beforeAll(async () => {
    store = await EmbeddedStore.open(own);
    // "big" holds just over half the rows, so its searches filter after the vector search; the
    // query is nearest to every "small" row, so that first search keeps too few "big" rows.
    const big = Array.from({ length: 10 }, (_, i) => chunk('big', i, [0.1, 1, i / 100, 0]));
    const small = Array.from({ length: 9 }, (_, i) => chunk('small', i, [1, 0, i / 100, 0]));
    await store.replaceDocuments(
      'big',
      big.map((c) => c.document_id),
      big,
    );
    await store.replaceDocuments(
      'small',
      small.map((c) => c.document_id),
      small,
    );
  });
  afterAll(async () => {
    await store.close();
    rmSync(own, { recursive: true, force: true });
  });

  it('still returns `limit` rows of a large tenant when other tenants hold the nearest rows', async () => {
    for (const approximate of [false, true]) {
      const results = await store.semanticSearch({
        tenants: ['big'],
        filters: [],
        limit: 4,
        vector: [1, 0, 0, 0],
        approximate,
      });
      expect(results.map((r) => r.document_id)).toEqual(['big-0', 'big-1', 'big-2', 'big-3']);
    }
  });

  it('returns a small tenant its own rows only', async () => {
    const results = await store.semanticSearch({
      tenants: ['small'],
      filters: [],
      limit: 20,
      vector: [0, 1, 0, 0],
    });
    expect(results).toHaveLength(9);
    expect(results.every((r) => r.document_id.startsWith('small-'))).toBe(true);
  });
});
