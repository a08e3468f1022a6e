import type { QdrantClient, Schemas } from '@qdrant/js-client-rest';
import type { SearchResult } from '@docqa/contracts';
import {
  candidateLimit,
  type Chunk,
  type EmbeddedChunk,
  filterFields,
  fuseRankings,
  fusionKey,
  hybridDepth,
  type HybridQuery,
  matchesFilters,
  type SparseVector,
  type StoreIdentity,
  type StoreQuery,
  type VectorStore,
} from '@docqa/retrieval';
import { compileFilter, FILTER_TERMS_KEY, needsPostFilter } from './qdrant-filter';
import { qdrantRequest } from './qdrant-request';
import { checkQdrantVersion } from './qdrant-version';
import {
  type ChunkPayload,
  DENSE_VECTOR,
  qdrantPointId,
  RESULT_FIELDS,
  SPARSE_VECTOR,
  toPoint,
  toResult,
} from './qdrant-points';
import { migrateToTenantTermStats, TERMS_INDEX, TERMS_KEY, tenantQueryWeights } from './qdrant-term-stats';

/** Points per scroll request when reading a whole document. */
const SCROLL_PAGE = 256;
/** Key of the collection's metadata holding the store's stamp (see {@link VectorStore.setStamp}). */
const STAMP_KEY = 'docqa_stamp';
const PAYLOAD_INDEXES: [string, Schemas['PayloadFieldSchema']][] = [
  ['tenant', { type: 'keyword', is_tenant: true }],
  ['document_id', 'keyword'],
  [FILTER_TERMS_KEY, 'keyword'],
  [TERMS_KEY, TERMS_INDEX],
];

/** Options of {@link QdrantStore}. */
export interface QdrantStoreOptions {
  /** The client of the Qdrant server (its URL, API key and time-out set by whoever makes it). */
  client: QdrantClient;
  /** Collection holding every tenant's chunks; created on the first write if missing. */
  collection: string;
  /**
   * Size of the dense vectors.
   * @defaultValue the size of the first vectors written
   */
  vectorSize?: number;
  /**
   * Points per upsert request.
   * @defaultValue 128
   */
  batchSize?: number;
}

type QueryRequest = Schemas['QueryRequest'];

/**
 * The Qdrant store, for a knowledge base shared by several machines: one collection for every
 * tenant, with payload-based tenancy (a `tenant` keyword index with `is_tenant`), a cosine dense
 * vector and a BM25 sparse vector whose IDF side comes with the query, counted over the searched
 * tenants only (see `tenantQueryWeights`). Searches go through the Query API; metadata filters compile to Qdrant filters (see `compileFilter`), and the one case Qdrant
 * cannot express (a phrase inside a string) is over-fetched and checked with `matchesFilters`, so
 * results equal the embedded store's.
 */
export class QdrantStore implements VectorStore {
  private ready: Promise<void> | null = null;
  private migrated: Promise<boolean> | null = null;
  /** The stamp given to this store, for the collection's metadata when this store creates it. */
  private stamp: string | null = null;
  /** Whether the server's version has been found recent enough (see {@link health}). */
  private versionChecked = false;

  constructor(private readonly options: QdrantStoreOptions) {}

  async replaceDocuments(tenant: string, documentIds: string[], chunks: EmbeddedChunk[]): Promise<void> {
    const { client, collection, batchSize = 128 } = this.options;
    await this.migrate();
    if (chunks.length) await this.ensureCollection(chunks[0]!.vector.length);
    for (let i = 0; i < chunks.length; i += batchSize) {
      const points = chunks.slice(i, i + batchSize).map(toPoint);
      await qdrantRequest('upsert', () => client.upsert(collection, { wait: true, points }));
    }
    if (!documentIds.length) return;
    // Upserting first and then deleting what the new version no longer has keeps a re-ingested
    // document searchable throughout (point ids are stable per chunk id).
    const kept = chunks.map((c) => qdrantPointId(c.tenant, c.chunk_id));
    await this.deletePoints({
      must: [tenantCondition(tenant), { key: 'document_id', match: { any: documentIds } }],
      ...(kept.length ? { must_not: [{ has_id: kept }] } : {}),
    });
  }

  async deleteDocument(tenant: string, documentId: string): Promise<void> {
    await this.deletePoints({
      must: [tenantCondition(tenant), { key: 'document_id', match: { value: documentId } }],
    });
  }

  async documentChunks(tenant: string, documentId: string, limit: number): Promise<Chunk[]> {
    const { client, collection } = this.options;
    const filter = { must: [tenantCondition(tenant), { key: 'document_id', match: { value: documentId } }] };
    const chunks: Chunk[] = [];
    let offset: Schemas['ExtendedPointId'] | undefined;
    do {
      const page = await qdrantRequest(
        'scroll',
        () =>
          client.scroll(collection, {
            filter,
            limit: Math.min(SCROLL_PAGE, limit - chunks.length),
            offset,
            with_payload: [...RESULT_FIELDS, 'tenant'],
            with_vector: false,
          }),
        () => ({ points: [], next_page_offset: null }),
      );
      for (const point of page.points) {
        const chunk = point.payload as unknown as Chunk;
        chunks.push({ ...chunk, url: chunk.url ?? null, metadata: chunk.metadata ?? {} });
      }
      const next = page.next_page_offset;
      offset = typeof next === 'string' || typeof next === 'number' ? next : undefined;
    } while (offset !== undefined && chunks.length < limit);
    return chunks;
  }

  async keywordSearch(query: StoreQuery & { text: string }): Promise<SearchResult[]> {
    const sparse = await this.keywordVector(query);
    if (!sparse.indices.length) return [];
    return this.query(query, { query: sparse, using: SPARSE_VECTOR });
  }

  async semanticSearch(query: StoreQuery & { vector: number[] }): Promise<SearchResult[]> {
    return this.query(query, { query: query.vector, using: DENSE_VECTOR });
  }

  /**
   * Both rankings, each {@link hybridDepth} deep (or deeper when metadata filters are applied
   * afterwards), asked of Qdrant side by side and fused here by {@link fuseRankings}: the one
   * fusion of every store, so a tenant ranks the same on the embedded store and on Qdrant.
   */
  async hybridSearch({ vector: embedding, weights, ...query }: HybridQuery): Promise<SearchResult[]> {
    const [sparse, vector] = await Promise.all([this.keywordVector(query), embedding]);
    if (!sparse.indices.length) return this.semanticSearch({ ...query, vector });
    const deep = { ...query, limit: hybridDepth(query.limit) };
    const [keyword, semantic] = await Promise.all([
      this.query(deep, { query: sparse, using: SPARSE_VECTOR }),
      this.query(deep, { query: vector, using: DENSE_VECTOR }),
    ]);
    return fuseRankings(keyword, semantic, weights, fusionKey, (hit) => hit.document_id).slice(
      0,
      query.limit,
    );
  }

  /** The query's BM25 weights over the searched tenants (after migrating an old collection). */
  private async keywordVector(query: StoreQuery & { text: string }): Promise<SparseVector> {
    const { client, collection } = this.options;
    await this.migrate();
    return tenantQueryWeights(client, collection, query.tenants, query.text);
  }

  /** Migrates a collection made before tenant term statistics, once per store object. */
  private migrate(): Promise<boolean> {
    const { client, collection } = this.options;
    this.migrated ??= migrateToTenantTermStats(client, collection, SPARSE_VECTOR).catch((err: unknown) => {
      this.migrated = null;
      throw err;
    });
    return this.migrated;
  }

  async identity(): Promise<StoreIdentity> {
    const { client, collection } = this.options;
    const info = await qdrantRequest(
      'get collection',
      () => client.getCollection(collection),
      () => null,
    );
    if (!info) return { stamp: null, empty: true };
    const stamp = info.config.metadata?.[STAMP_KEY];
    return { stamp: typeof stamp === 'string' ? stamp : null, empty: !info.points_count };
  }

  /** Kept in the collection's metadata; a collection not created yet gets it when it is. */
  async setStamp(stamp: string): Promise<void> {
    const { client, collection } = this.options;
    this.stamp = stamp;
    await qdrantRequest(
      'update collection',
      () => client.updateCollection(collection, { metadata: { [STAMP_KEY]: stamp } }),
      () => false,
    );
  }

  /** Cheap: asks whether the collection exists (a store with no documents yet is healthy). */
  async health(): Promise<void> {
    if (!this.versionChecked) {
      const { version } = await qdrantRequest('version', () => this.options.client.versionInfo());
      checkQdrantVersion(version);
      this.versionChecked = true;
    }
    await this.collectionExists();
  }

  /** Nothing to release: the client holds no connection open between requests. */
  async close(): Promise<void> {}

  private async query(
    query: StoreQuery,
    request: Pick<QueryRequest, 'query' | 'using' | 'prefetch'>,
  ): Promise<SearchResult[]> {
    const { client, collection } = this.options;
    const postFilter = needsPostFilter(query.filters);
    const { points } = await qdrantRequest(
      'query',
      () =>
        client.query(collection, {
          ...request,
          filter: compileFilter(query.tenants, query.filters, query.version),
          limit: candidateLimit(query.limit, postFilter),
          with_payload: RESULT_FIELDS,
        }),
      () => ({ points: [] }),
    );
    const results: SearchResult[] = [];
    for (const point of points) {
      const payload = point.payload as unknown as ChunkPayload;
      if (postFilter && !matchesFilters(filterFields(payload), query.filters)) continue;
      results.push(toResult(payload, point.score));
      if (results.length >= query.limit) break;
    }
    return results;
  }

  private async deletePoints(filter: Schemas['Filter']): Promise<void> {
    const { client, collection } = this.options;
    await qdrantRequest(
      'delete',
      () => client.delete(collection, { wait: true, filter }),
      () => undefined,
    );
  }

  private ensureCollection(size: number): Promise<void> {
    this.ready ??= this.createCollection(this.options.vectorSize || size).catch((err: unknown) => {
      this.ready = null;
      throw err;
    });
    return this.ready;
  }

  private async collectionExists(): Promise<boolean> {
    const { client, collection } = this.options;
    return (await qdrantRequest('collection exists', () => client.collectionExists(collection))).exists;
  }

  private async createCollection(size: number): Promise<void> {
    const { client, collection } = this.options;
    if (!(await this.collectionExists())) {
      try {
        await qdrantRequest('create collection', () =>
          client.createCollection(collection, {
            vectors: { [DENSE_VECTOR]: { size, distance: 'Cosine' } },
            sparse_vectors: { [SPARSE_VECTOR]: { modifier: 'none' } },
            ...(this.stamp && { metadata: { [STAMP_KEY]: this.stamp } }),
          }),
        );
      } catch (err) {
        // Another process may have created it in the meantime.
        if (!(await this.collectionExists())) throw err;
      }
    }
    for (const [field_name, field_schema] of PAYLOAD_INDEXES) {
      await qdrantRequest('create payload index', () =>
        client.createPayloadIndex(collection, { field_name, field_schema, wait: true }),
      );
    }
  }
}

function tenantCondition(tenant: string): Schemas['Condition'] {
  return { key: 'tenant', match: { value: tenant } };
}
