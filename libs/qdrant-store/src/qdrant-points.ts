import { createHash } from 'node:crypto';
import type { Schemas } from '@qdrant/js-client-rest';
import type { SearchResult } from '@docqa/contracts';
import {
  type Chunk,
  chunkTerms,
  documentSparseVector,
  type EmbeddedChunk,
  filterFields,
  searchText,
} from '@docqa/retrieval';
import { filterTerms } from './qdrant-filter';
import { TERMS_KEY } from './qdrant-term-stats';

/** Name of the dense (embedding) vector of each point. */
export const DENSE_VECTOR = 'dense';
/** Name of the sparse (BM25 term) vector of each point. */
export const SPARSE_VECTOR = 'sparse';
/** Namespace of the name-based (v5-style) point ids. */
const POINT_ID_NAMESPACE = Buffer.from('59cf761a6f66451b8687e0b8d2e7f30f', 'hex');
/** Payload fields returned with search hits. */
export const RESULT_FIELDS = ['document_id', 'chunk_id', 'title', 'url', 'heading', 'text', 'metadata'];

/**
 * What each point carries besides its vectors: the chunk, the terms its filters match and its
 * keyword terms (counted for the tenants' term statistics).
 */
export type ChunkPayload = Chunk & { filter_terms: string[]; keyword_terms: number[] };

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

export function toPoint(chunk: EmbeddedChunk): Schemas['PointStruct'] {
  const text = searchText(chunk);
  const sparse = documentSparseVector(text);
  // Sent as JSON: a typed array's view (see EmbeddedChunk) as the array of its numbers.
  const dense = Array.isArray(chunk.vector) ? chunk.vector : Array.from(chunk.vector);
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
      ? { [DENSE_VECTOR]: dense, [SPARSE_VECTOR]: sparse }
      : { [DENSE_VECTOR]: dense },
    payload: payload as unknown as Schemas['Payload'],
  };
}

/** A point's payload as a search result with the point's `score`. */
export function toResult(payload: ChunkPayload, score: number): SearchResult {
  return {
    document_id: payload.document_id,
    chunk_id: payload.chunk_id,
    title: payload.title,
    url: payload.url ?? null,
    ...(payload.heading && { section: payload.heading }),
    text: payload.text,
    score,
    metadata: payload.metadata ?? {},
  };
}
