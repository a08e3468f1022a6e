import type { QdrantClient, Schemas } from '@qdrant/js-client-rest';
import {
  type Chunk,
  chunkTerms,
  countedTerms,
  documentSparseVector,
  queryTerms,
  queryWeights,
  searchText,
  type SparseVector,
} from '@docqa/retrieval';
import { compileFilter } from './qdrant-filter';
import { qdrantRequest } from './qdrant-request';

/**
 * Payload key of a point's distinct keyword terms (the indices of its sparse vector), as
 * `keywordTokens` makes them. A collection without its index is migrated (see
 * {@link migrateToTenantTermStats}).
 */
export const TERMS_KEY = 'keyword_terms';
/** Its payload index: exact lookups of one term, for counting the chunks that hold it. */
export const TERMS_INDEX: Schemas['PayloadFieldSchema'] = { type: 'integer', lookup: true, range: false };
/** Points re-counted per request when a collection made before tenant statistics is migrated. */
const MIGRATION_PAGE = 256;

/**
 * The BM25 query vector of `text` over `tenants`' chunks only: Qdrant's `idf` modifier would count
 * every tenant of the collection, so the store counts the searched tenants' chunks, and those
 * holding each query term, with exact count requests on the indexed {@link TERMS_KEY}, and puts
 * the IDF in the query's weights (the points' sparse vectors hold the term-frequency side).
 */
export async function tenantQueryWeights(
  client: QdrantClient,
  collection: string,
  tenants: string[],
  text: string,
): Promise<SparseVector> {
  const query = queryTerms(text);
  const terms = countedTerms(query);
  if (!terms.length) return { indices: [], values: [] };
  const { must } = compileFilter(tenants, []) as { must: Schemas['Condition'][] };
  const count = async (condition?: Schemas['Condition']) =>
    (
      await qdrantRequest(
        'count',
        () =>
          client.count(collection, {
            filter: { must: condition ? [...must, condition] : must },
            exact: true,
          }),
        () => ({ count: 0 }),
      )
    ).count;
  const [chunks, ...df] = await Promise.all([
    count(),
    ...terms.map((term) => count({ key: TERMS_KEY, match: { value: term } })),
  ]);
  return queryWeights(query, { chunks: chunks!, df: new Map(terms.map((term, i) => [term, df[i]!])) });
}

/**
 * Brings a collection made before tenant-local statistics (or before the full-text index's
 * tokenizer was used for keywords) up to date, in place: indexes {@link TERMS_KEY}, rewrites each
 * point's terms and sparse vector, then turns off the collection-wide `idf` modifier. Returns
 * whether it had to (a missing or up-to-date collection needs nothing).
 */
export async function migrateToTenantTermStats(
  client: QdrantClient,
  collection: string,
  sparseVector: string,
): Promise<boolean> {
  const info = await qdrantRequest(
    'get collection',
    () => client.getCollection(collection),
    () => null,
  );
  if (!info) return false;
  const modifier = info.config.params.sparse_vectors?.[sparseVector]?.modifier;
  if (modifier !== 'idf' && info.payload_schema[TERMS_KEY]) return false;
  console.warn(
    `docqa: Qdrant collection ${collection} scores keywords with collection-wide statistics; ` +
      'storing each chunk’s terms so that scores use the searched tenants’ statistics only',
  );
  await qdrantRequest('create payload index', () =>
    client.createPayloadIndex(collection, { field_name: TERMS_KEY, field_schema: TERMS_INDEX, wait: true }),
  );
  let offset: Schemas['ExtendedPointId'] | undefined;
  let points = 0;
  do {
    const page = await qdrantRequest('scroll', () =>
      client.scroll(collection, {
        limit: MIGRATION_PAGE,
        offset,
        with_payload: ['title', 'heading', 'text'],
        with_vector: false,
      }),
    );
    if (page.points.length) {
      await qdrantRequest('batch update', () =>
        client.batchUpdate(collection, {
          wait: true,
          operations: page.points.flatMap((point) => {
            const text = searchText(point.payload as unknown as Chunk);
            return [
              { set_payload: { payload: { [TERMS_KEY]: chunkTerms(text).distinct }, points: [point.id] } },
              {
                update_vectors: {
                  points: [{ id: point.id, vector: { [sparseVector]: documentSparseVector(text) } }],
                },
              },
            ];
          }),
        }),
      );
    }
    points += page.points.length;
    const next = page.next_page_offset;
    offset = typeof next === 'string' || typeof next === 'number' ? next : undefined;
  } while (offset !== undefined);
  await qdrantRequest('update collection', () =>
    client.updateCollection(collection, { sparse_vectors: { [sparseVector]: { modifier: 'none' } } }),
  );
  console.warn(`docqa: Qdrant collection ${collection} migrated (${points} points)`);
  return true;
}
