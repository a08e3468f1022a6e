// The retrieval facade and its ports.
export {
  chunkId,
  chunkNumber,
  pageDescription,
  searchText,
  type Chunk,
  type EmbeddedChunk,
  type SearchTextFields,
} from './chunk';
export { documentText } from './document-text';
export { grown } from './grown';
export type {
  HybridQuery,
  StoreIdentity,
  StoreQuery,
  UpkeepOptions,
  UpkeepReport,
  VectorStore,
} from './vector-store';
export { DEFAULT_HYBRID_WEIGHTS, MAX_DOCUMENT_CHUNKS, Retrieval } from './retrieval';
export type { Searcher, VersionResolver } from './searcher';
export { searchAs } from './search-as';
// What every store adapter scores and filters with, so that stores rank alike.
export {
  candidateLimit,
  filterFields,
  inVersion,
  matchesFilters,
  passesQuery,
  postFiltered,
} from './filters';
export { fuseRankings, fusionKey, hybridDepth } from './hybrid';
export { keywordTermIds, MAX_TOKEN_BYTES, WORD_CHAR } from './keyword-terms';
export {
  BM25_B,
  BM25_K1,
  chunkTerms,
  documentSparseVector,
  keywordScore,
  countedTerms,
  equivalentWords,
  queryTerms,
  queryText,
  type SparseVector,
} from './sparse-vector';
export { averageTerms, idf, queryWeights, termStatsOf, type TermStats } from './term-stats';
// The search box's as-you-type search (prefixes, typos) over a store's words.
export { SearchBox, expandQuery, type SearchBoxQuery } from './search-box';
export { SearchBoxIndex } from './search-box-index';
export { SearchBoxIndexes, type SearchBoxIndexesOptions } from './search-box-indexes';
export { oneEditApart, Vocabulary } from './vocabulary';
