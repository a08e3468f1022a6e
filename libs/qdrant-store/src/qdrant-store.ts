import { createHash } from 'node:crypto';
import type { QdrantClient, Schemas } from '@qdrant/js-client-rest';
import type { SearchResult } from '@docqa/contracts';
import {
  candidateLimit,
  type Chunk,
  chunkTerms,
  documentSparseVector,
  type EmbeddedChunk,
  filterFields,
  fuseRankings,
  fusionKey,
  hybridDepth,
  type HybridQuery,
  matchesFilters,
  searchText,
  type SparseVector,
  type StoreIdentity,
  type StoreQuery,
  type VectorStore,
} from '@docqa/retrieval';
import { compileFilter, FILTER_TERMS_KEY, filterTerms, needsPostFilter } from './qdrant-filter';
import { DependencyUnavailableError } from '@docqa/errors';
import { qdrantRequest } from './qdrant-request';
import { migrateToTenantTermStats, TERMS_INDEX, TERMS_KEY, tenantQueryWeights } from './qdrant-term-stats';

/** Name of the dense (embedding) vector of each point. */
export const DENSE_VECTOR = 'dense';
/** Name of the sparse (BM25 term) vector of each point. */
export const SPARSE_VECTOR = 'sparse';
/** Namespace of the name-based (v5-style) point ids. */
const POINT_ID_NAMESPACE = Buffer.from('59cf761a6f66451b8687e0b8d2e7f30f', 'hex');
/** Points per scroll request when reading a whole document. */
const SCROLL_PAGE = 256;
/** Payload fields returned with search hits. */
const RESULT_FIELDS = ['document_id', 'chunk_id', 'title', 'url', 'heading', 'text', 'metadata'];
/** The oldest Qdrant the store is checked against (its Query API with prefetch and sparse vectors). */
const MIN_QDRANT_VERSION = [1, 17];
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
  client: QdrantClient;
  /** Collection holding every tenant's chunks; created on the first write if missing. */
  collection: string;
  /** Size of the dense vectors. @defaultValue the size of the first vectors written */
  vectorSize?: number;
  /** Points per upsert request. @defaultValue 128 */
  batchSize?: number;
}

/**
 * What each point carries besides its vectors: the chunk, the terms its filters match and its
 * keyword terms (counted for the tenants' term statistics).
 */
type ChunkPayload = Chunk & { filter_terms: string[]; keyword_terms: number[] };

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
    return fuseRankings(keyword, semantic, weights, fusionKey).slice(0, query.limit);
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
      if (olderThan(version, MIN_QDRANT_VERSION))
        throw new DependencyUnavailableError(
          `The vector store (Qdrant at QDRANT_URL) runs Qdrant ${version}; docqa needs ${MIN_QDRANT_VERSION.join('.')} or later`,
        );
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
          filter: compileFilter(query.tenants, query.filters),
          limit: candidateLimit(query.limit, postFilter),
          with_payload: RESULT_FIELDS,
        }),
      () => ({ points: [] }),
    );
    const results: SearchResult[] = [];
    for (const point of points) {
      const payload = point.payload as unknown as ChunkPayload;
      if (postFilter && !matchesFilters(filterFields(payload), query.filters)) continue;
      results.push({
        document_id: payload.document_id,
        chunk_id: payload.chunk_id,
        title: payload.title,
        url: payload.url ?? null,
        ...(payload.heading && { section: payload.heading }),
        text: payload.text,
        score: point.score,
        metadata: payload.metadata ?? {},
      });
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

/**
 * A point id for a chunk: Qdrant takes only UUIDs and integers, so the id is a name-based UUID
 * (version 5 layout, SHA-1) of tenant and chunk id: stable across re-ingests, distinct per tenant.
 */
export function qdrantPointId(tenant: string, chunkId: string): string {
  const hash = createHash('sha1')
    .update(POINT_ID_NAMESPACE)
    .update(JSON.stringify([tenant, chunkId]))
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function tenantCondition(tenant: string): Schemas['Condition'] {
  return { key: 'tenant', match: { value: tenant } };
}

function toPoint(chunk: EmbeddedChunk): Schemas['PointStruct'] {
  const text = searchText(chunk);
  const sparse = documentSparseVector(text);
  const payload: ChunkPayload = {
    tenant: chunk.tenant,
    document_id: chunk.document_id,
    chunk_id: chunk.chunk_id,
    title: chunk.title,
    url: chunk.url || null,
    heading: chunk.heading,
    text: chunk.text,
    metadata: chunk.metadata,
    filter_terms: filterTerms(filterFields(chunk)),
    [TERMS_KEY]: chunkTerms(text).distinct,
  };
  return {
    id: qdrantPointId(chunk.tenant, chunk.chunk_id),
    // A chunk without a single word has no sparse vector; it is still found by meaning.
    vector: sparse.indices.length
      ? { [DENSE_VECTOR]: chunk.vector, [SPARSE_VECTOR]: sparse }
      : { [DENSE_VECTOR]: chunk.vector },
    payload: payload as unknown as Schemas['Payload'],
  };
}

/** Whether a version such as `1.16.2` comes before `minimum` ([major, minor]). */
function olderThan(version: string, minimum: number[]): boolean {
  const parts = version.split('.').map(Number);
  for (let i = 0; i < minimum.length; i++) {
    const part = parts[i] ?? 0;
    if (part !== minimum[i]!) return part < minimum[i]!;
  }
  return false;
}
