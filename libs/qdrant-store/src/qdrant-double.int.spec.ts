import { QdrantClient } from '@qdrant/js-client-rest';
import { QdrantStore } from './qdrant-store';
import { TERMS_KEY } from './qdrant-term-stats';
import { describeVectorStoreContract, doc, embedDocs } from '@docqa/retrieval/testing';
import { SchemaCheckedQdrant } from './testing/schema-checked-qdrant';

let fake: SchemaCheckedQdrant;

describeVectorStoreContract('QdrantStore against the schema-checked Qdrant double', {
  open: async () => {
    fake = await SchemaCheckedQdrant.start();
    const client = new QdrantClient({ url: fake.url, checkCompatibility: false });
    return new QdrantStore({ client, collection: 'docqa_contract', batchSize: 16 });
  },
  dispose: async () => {
    await fake.close();
    // Every request the contract made is one Qdrant's schema accepts.
    expect(fake.errors).toEqual([]);
  },
});

describe('QdrantStore on a collection made before tenant term statistics', () => {
  let double: SchemaCheckedQdrant;
  let client: QdrantClient;
  const docs = [doc('one', ['quartz mirror', 'quartz lamp']), doc('two', ['mirror mirror'])];
  const keyword = (store: QdrantStore) =>
    store.keywordSearch({ tenants: ['a'], filters: [], limit: 10, text: 'quartz mirror' });

  beforeAll(async () => {
    double = await SchemaCheckedQdrant.start();
    client = new QdrantClient({ url: double.url, checkCompatibility: false });
  });
  afterAll(() => double.close());

  it('migrates it in place on first use, with a log line, then scores by the tenant’s statistics', async () => {
    const stores = ['fresh', 'old'].map((collection) => new QdrantStore({ client, collection }));
    for (const store of stores) {
      await store.replaceDocuments('a', ['one', 'two'], await embedDocs('a', docs));
      await store.replaceDocuments('b', ['one'], await embedDocs('b', [doc('one', ['quartz quartz'])]));
    }
    // What the previous version made: collection-wide IDF, no terms on the points, and sparse
    // vectors of another weighting (here: every term weighing 1).
    const { points } = await client.scroll('old', { limit: 10, with_payload: [TERMS_KEY] });
    await client.batchUpdate('old', {
      wait: true,
      operations: points.map(({ id, payload }) => {
        const indices = payload![TERMS_KEY] as number[];
        return {
          update_vectors: { points: [{ id, vector: { sparse: { indices, values: indices.map(() => 1) } } }] },
        };
      }),
    });
    await client.updateCollection('old', { sparse_vectors: { sparse: { modifier: 'idf' } } });
    await client.deletePayloadIndex('old', TERMS_KEY, { wait: true });
    await client.deletePayload('old', { keys: [TERMS_KEY], filter: { must: [] }, wait: true });

    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reopened = new QdrantStore({ client, collection: 'old' });
    const expected = await keyword(stores[0]!);
    expect(expected.map((r) => r.chunk_id).sort()).toEqual(['one#0', 'one#1', 'two#0']);
    expect(await keyword(reopened)).toEqual(expected);
    expect(warn.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringContaining('Qdrant collection old scores keywords with collection-wide statistics'),
      expect.stringContaining('Qdrant collection old migrated (4 points)'),
    ]);
    warn.mockRestore();
    const info = await client.getCollection('old');
    expect(info.config.params.sparse_vectors?.sparse?.modifier).toBe('none');
    expect(Object.keys(info.payload_schema)).toContain(TERMS_KEY);
    expect(double.errors).toEqual([]);
  });
});
