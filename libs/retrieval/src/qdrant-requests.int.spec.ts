import { QdrantClient } from '@qdrant/js-client-rest';
import type { Filter } from '@docqa/contracts';
import { loadConfig } from '@docqa/config';
import { DependencyUnavailableError } from '@docqa/errors';
import { createVectorStore } from './create-retrieval';
import { DEFAULT_HYBRID_WEIGHTS } from './retrieval';
import { QdrantRequestError } from './qdrant-request';
import { qdrantPointId, QdrantStore } from './qdrant-store';
import { contractEmbedder, doc, embedDocs, HOSTILE_VALUES, MAIN_DOCS } from './testing/contract-fixture';
import { SchemaCheckedQdrant, type QdrantCall } from './testing/schema-checked-qdrant';

const COLLECTION = 'docqa_schema_test';
const HOSTILE_PROPERTIES = ['a.b', 'x[0]', 'metadata."a.b"', 'tenant', "' OR 1=1 --"];
const FILTERS: Filter[][] = [
  [{ type: 'eq', property: 'product', value: 'cli' }],
  [{ type: 'eq', property: 'product', value: ['desktop', 'widget'] }],
  [{ type: 'contains', property: 'tags', value: ['auth', 'security'] }],
  [
    { type: 'contains', property: 'platform', value: 'windows 11' },
    { type: 'eq', property: 'version', value: '2' },
  ],
  ...HOSTILE_VALUES.map((value): Filter[] => [
    { type: 'eq', property: 'label', value },
    { type: 'contains', property: 'label', value: [value] },
  ]),
  ...HOSTILE_PROPERTIES.map((property): Filter[] => [{ type: 'eq', property, value: HOSTILE_VALUES[1]! }]),
];

/** Every string in a JSON value with the path leading to it. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}/${k}`));
}

describe('QdrantStore requests, validated against Qdrant’s OpenAPI schema', () => {
  let fake: SchemaCheckedQdrant;
  let store: QdrantStore;
  const tenant = 'acme';
  const vector = contractEmbedder.embed('revoke a token');
  const calls = (operationId: string): QdrantCall[] =>
    fake.calls.filter((c) => c.operationId === operationId);

  beforeAll(async () => {
    fake = await SchemaCheckedQdrant.start();
    const client = new QdrantClient({ url: fake.url, checkCompatibility: false });
    store = new QdrantStore({ client, collection: COLLECTION, batchSize: 2 });
    await store.health();
    expect(await store.keywordSearch({ tenants: [tenant], filters: [], limit: 5, text: 'token' })).toEqual(
      [],
    );
    const docs = MAIN_DOCS.slice(0, 3);
    await store.replaceDocuments(
      tenant,
      docs.map((d) => d.id),
      await embedDocs(tenant, docs),
    );
    await store.replaceDocuments(
      tenant,
      ['tokens'],
      await embedDocs(tenant, [doc('tokens', ['Rotate tokens.'])]),
    );
    await store.replaceDocuments(tenant, ['gone'], []);
    await store.deleteDocument(tenant, `it's "odd" ' OR 1=1 --`);
    for (const filters of FILTERS) {
      const query = { tenants: [tenant, 'globex'], filters, limit: 5 };
      await store.keywordSearch({ ...query, text: 'revoke a token' });
      await store.semanticSearch({ ...query, vector });
      await store.hybridSearch({
        ...query,
        text: 'revoke a token',
        vector: Promise.resolve(vector),
        weights: DEFAULT_HYBRID_WEIGHTS,
      });
    }
  });
  afterAll(() => fake.close());

  it('sends only requests the schema accepts, for every operation the store uses', () => {
    expect(fake.errors).toEqual([]);
    expect(new Set(fake.operationIds())).toEqual(
      new Set([
        'root',
        'collection_exists',
        'get_collection',
        'count_points',
        'query_points',
        'create_collection',
        'create_field_index',
        'upsert_points',
        'delete_points',
      ]),
    );
  });

  it('rejects what the schema forbids, so zero errors means something', () => {
    const query = (body: unknown) => fake.validator.requestErrors('query_points', body);
    expect(query({ query: [0.1], using: 'dense', limit: 3, with_payload: ['text'] })).toEqual([]);
    expect(query({ filter: { must: [{ key: 'x', match: { valu: 'y' } }] } })).not.toEqual([]);
    expect(query({ filter: { must: [{ key: 1, match: { value: 'y' } }] } })).not.toEqual([]);
    expect(query({ query: { indices: [-1], values: [1] }, using: 'sparse' })).not.toEqual([]);
    expect(query({ query: { rrf: { k: 2, weight: [1, 0.15] } } })).not.toEqual([]);
    expect(query({ limit: 'ten' })).not.toEqual([]);
  });

  it('creates the collection once: cosine and sparse vectors (IDF comes with queries), indexes', () => {
    expect(calls('create_collection').map((c) => c.body)).toEqual([
      {
        vectors: { dense: { size: 512, distance: 'Cosine' } },
        sparse_vectors: { sparse: { modifier: 'none' } },
      },
    ]);
    expect(calls('create_field_index').map((c) => c.body)).toEqual([
      { field_name: 'tenant', field_schema: { type: 'keyword', is_tenant: true } },
      { field_name: 'document_id', field_schema: 'keyword' },
      { field_name: 'filter_terms', field_schema: 'keyword' },
      { field_name: 'keyword_terms', field_schema: { type: 'integer', lookup: true, range: false } },
    ]);
  });

  it('upserts in batches with stable UUIDs, then deletes only the chunks the new version lacks', () => {
    const upserts = calls('upsert_points');
    expect(upserts.every((c) => c.query.wait === 'true')).toBe(true);
    const batches = upserts.map((c) => (c.body as { points: { id: string }[] }).points.map((p) => p.id));
    expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
    expect(batches[0]).toEqual([qdrantPointId(tenant, 'tokens#0'), qdrantPointId(tenant, 'tokens#1')]);
    const [first] = (upserts[0]!.body as { points: { payload: Record<string, unknown> }[] }).points;
    expect(first!.payload).toMatchObject({ tenant, document_id: 'tokens', chunk_id: 'tokens#0', url: null });
    expect(first!.payload.filter_terms).toContain('eq:7:product=cli');
    const deletes = calls('delete_points').map((c) => c.body);
    expect(deletes[1]).toEqual({
      filter: {
        must: [
          { key: 'tenant', match: { value: tenant } },
          { key: 'document_id', match: { any: ['tokens'] } },
        ],
        must_not: [{ has_id: [qdrantPointId(tenant, 'tokens#0')] }],
      },
    });
    expect(deletes[2]).toEqual({
      filter: {
        must: [
          { key: 'tenant', match: { value: tenant } },
          { key: 'document_id', match: { any: ['gone'] } },
        ],
      },
    });
  });

  it('queries the sparse vector, the dense vector, or both side by side to fuse them itself', () => {
    const bodies = calls('query_points').map((c) => c.body as Record<string, unknown>);
    expect(bodies[0]).toMatchObject({ using: 'sparse', limit: 5, with_payload: expect.any(Array) });
    expect(bodies[1]).toMatchObject({ using: 'dense', query: vector });
    expect(bodies.slice(2, 4)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ using: 'sparse', limit: 20 }),
        expect.objectContaining({ using: 'dense', limit: 20, query: vector }),
      ]),
    );
    expect(bodies.slice(2).some((body) => 'rrf' in (body.query as object))).toBe(false);
    const tenantFirst = (filter: unknown) =>
      expect((filter as { must: unknown[] }).must[0]).toEqual({
        key: 'tenant',
        match: { any: expect.arrayContaining([tenant]) },
      });
    for (const body of bodies) {
      tenantFirst(body.filter);
      for (const prefetch of (body.prefetch ?? []) as { filter: unknown }[]) tenantFirst(prefetch.filter);
    }
  });

  it('weighs keyword queries by IDF counted over the searched tenants only', () => {
    const counts = calls('count_points').map(
      (c) => c.body as { filter: { must: unknown[] }; exact: boolean },
    );
    expect(counts.length).toBeGreaterThan(FILTERS.length * 2);
    for (const count of counts) {
      expect(count.exact).toBe(true);
      expect(count.filter.must[0]).toEqual({
        key: 'tenant',
        match: { any: expect.arrayContaining([tenant]) },
      });
    }
    const terms = counts.filter((c) => c.filter.must.length === 2).map((c) => c.filter.must[1]);
    expect(terms).toContainEqual({ key: 'keyword_terms', match: { value: expect.any(Number) } });
    const sparse = calls('query_points')[0]!.body as { query: { values: number[] } };
    expect(sparse.query.values.every((v) => v > 0 && v !== 1)).toBe(true);
  });

  it('puts hostile values and property names only inside match values, never in keys', () => {
    const hostile = [...HOSTILE_VALUES.filter((v) => v.length < 100), ...HOSTILE_PROPERTIES].filter(
      (v) => !['tenant'].includes(v),
    );
    let seen = 0;
    for (const call of calls('query_points')) {
      for (const [path, text] of strings(call.body)) {
        if (path.endsWith('/key')) expect(['tenant', 'document_id', 'filter_terms']).toContain(text);
        if (!hostile.some((h) => text.includes(h))) continue;
        seen++;
        expect(path).toMatch(/\/filter\/must\/\d+(\/should\/\d+)?\/match\/(any\/\d+|value)$/);
      }
    }
    expect(seen).toBeGreaterThan(HOSTILE_VALUES.length * 3);
  });

  it('maps hits to results and keeps a phrase filter exact by checking candidates', async () => {
    const payload = {
      document_id: 'install',
      chunk_id: 'install#0',
      title: 'Install on Windows',
      url: 'https://docs.example/install',
      text: 'Run setup.exe.',
      metadata: { platform: 'Windows 11 Pro' },
    };
    fake.points = [{ id: qdrantPointId(tenant, 'install#0'), version: 1, score: 0.5, payload }];
    const base = { tenants: [tenant], limit: 5, vector };
    expect(await store.semanticSearch({ ...base, filters: [] })).toEqual([{ ...payload, score: 0.5 }]);
    const phrase = (value: string): Filter[] => [{ type: 'contains', property: 'platform', value }];
    expect(await store.semanticSearch({ ...base, filters: phrase('windows 11') })).toHaveLength(1);
    expect(await store.semanticSearch({ ...base, filters: phrase('windows 10') })).toEqual([]);
    expect(calls('query_points').at(-1)!.body).toMatchObject({ limit: 100 });
    fake.points = [];
  });

  it('reports an unreachable or failing Qdrant as unavailable and a refused request by name', async () => {
    const query = { tenants: [tenant], filters: [], limit: 5, vector };
    fake.failNext(503);
    await expect(store.semanticSearch(query)).rejects.toBeInstanceOf(DependencyUnavailableError);
    fake.failNext(400);
    await expect(store.semanticSearch(query)).rejects.toThrow(QdrantRequestError);
    const down = new QdrantStore({
      client: new QdrantClient({ url: 'http://127.0.0.1:9', checkCompatibility: false }),
      collection: COLLECTION,
    });
    await expect(down.health()).rejects.toBeInstanceOf(DependencyUnavailableError);
    // The message (logged, in the 503 and in health) names the setting to check, with no stray
    // period before the cause pino appends (`…failed: fetch failed: connect ECONNREFUSED`).
    await expect(down.health()).rejects.toThrow(
      /^The vector store \(Qdrant at QDRANT_URL\) is unavailable: version failed$/,
    );
  });

  it('is what createVectorStore builds for VECTOR_STORE=qdrant, sending the API key', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const config = loadConfig({ VECTOR_STORE: 'qdrant', QDRANT_URL: fake.url, QDRANT_API_KEY: 'secret' });
    const configured = await createVectorStore(config, 512);
    expect(configured).toBeInstanceOf(QdrantStore);
    await configured.health();
    expect(fake.calls.at(-1)).toMatchObject({
      operationId: 'collection_exists',
      path: '/collections/docqa_chunks/exists',
    });
    expect(fake.calls.at(-1)!.headers['api-key']).toBe('secret');
    // loadConfig refuses it first (a ConfigError); a lib given such settings still says what is missing.
    await expect(createVectorStore({ ...config, qdrantUrl: undefined })).rejects.toThrow(
      'QDRANT_URL: required when VECTOR_STORE=qdrant',
    );
    // Nothing printed outside the JSON logs, even by a store whose Qdrant cannot be reached.
    const down = await createVectorStore({ ...config, qdrantUrl: 'http://127.0.0.1:9' });
    await expect(down.health()).rejects.toBeInstanceOf(DependencyUnavailableError);
    // (The client still warns of an API key sent over http: this test's own configuration.)
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/version|checkCompatibility/);
    warn.mockRestore();
    expect(fake.errors).toEqual([]);
  });

  it('fails its health check, naming the version, on a Qdrant older than 1.17', async () => {
    fake.version = '1.16.3';
    try {
      const old = new QdrantStore({
        client: new QdrantClient({ url: fake.url, checkCompatibility: false }),
        collection: COLLECTION,
      });
      await expect(old.health()).rejects.toThrow(
        new DependencyUnavailableError(
          'The vector store (Qdrant at QDRANT_URL) runs Qdrant 1.16.3; docqa needs 1.17 or later',
        ),
      );
      fake.version = '1.17.0';
      await expect(old.health()).resolves.toBeUndefined();
    } finally {
      fake.version = '1.19.0';
    }
  });
});

describe('QdrantStore stamp', () => {
  it('goes into the metadata of the collection its first write creates, or of the one there', async () => {
    const fake = await SchemaCheckedQdrant.start();
    try {
      const client = new QdrantClient({ url: fake.url, checkCompatibility: false });
      const store = new QdrantStore({ client, collection: COLLECTION });
      await store.setStamp('s1');
      await expect(store.identity()).resolves.toEqual({ stamp: null, empty: true });
      await store.replaceDocuments('acme', ['tokens'], await embedDocs('acme', [doc('tokens', ['Rotate.'])]));
      await expect(store.identity()).resolves.toEqual({ stamp: 's1', empty: false });
      expect(fake.calls.find((c) => c.operationId === 'create_collection')!.body).toMatchObject({
        metadata: { docqa_stamp: 's1' },
      });

      await new QdrantStore({ client, collection: COLLECTION }).setStamp('s2');
      await expect(store.identity()).resolves.toEqual({ stamp: 's2', empty: false });
      expect(fake.errors).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
