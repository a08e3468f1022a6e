import type { Filter, SearchResult } from '@docqa/contracts';
import type { Chunk, EmbeddedChunk } from './chunk';
import type { HybridWeights } from './hybrid';

/** A search of a vector store. */
export interface StoreQuery {
  tenants: string[];
  filters: Filter[];
  /**
   * The docs version searched: chunks of that version and unversioned ones, never another
   * version's (see `inVersion`); every chunk when absent.
   */
  version?: string;
  limit: number;
  /** For keyword search. */
  text?: string;
  /** For semantic search. */
  vector?: number[];
}

/**
 * A hybrid search: its text, and its embedding under way (a store starts what needs no vector,
 * such as the keyword ranking or its term statistics, while it is computed).
 */
export interface HybridQuery extends Omit<StoreQuery, 'text' | 'vector'> {
  text: string;
  vector: Promise<number[]>;
  /** How much each ranking counts. */
  weights: HybridWeights;
}

/** What an index upkeep is told of the ingestion around it. */
export interface UpkeepOptions {
  /** No ingest job is waiting: the burst of writes is over for now. */
  endOfBurst?: boolean;
}

/** What an index upkeep did, for the ingestion's log and its spacing of upkeeps. */
export interface UpkeepReport {
  /** Rows of the table after the upkeep. */
  rows: number;
  /** Milliseconds waiting for the upkeep before it and the deletions under way. */
  waitedMs: number;
  /** Whether the vector index was trained (created or retrained on the table as it is). */
  trained: boolean;
  /** Milliseconds deciding on the vector index and training it when due (a few when not). */
  trainMs: number;
  /** Milliseconds compacting, indexing the new rows and removing old versions. */
  optimizeMs: number;
  /**
   * Data fragments the compaction rewrote into larger ones (a store that compacts none: absent).
   * LanceDB merges neighbouring fragments under 1,048,576 rows that the same indexes cover: after
   * an upkeep that trained the vector index (it covers every row), that is the whole table, at
   * that upkeep and at the next.
   */
  compactedFragments?: number;
}

/**
 * What a store says of its contents, so that records kept elsewhere (Redis) can tell whether they
 * describe them.
 */
export interface StoreIdentity {
  /** The stamp last given by {@link VectorStore.setStamp}; null when none was, or it went with the data. */
  stamp: string | null;
  /** Whether the store holds no chunk. */
  empty: boolean;
}

/** The vector-store port: the embedded (LanceDB) and Qdrant adapters implement it. */
export interface VectorStore {
  /** Replaces every chunk of the documents present in `chunks`. */
  replaceDocuments(tenant: string, documentIds: string[], chunks: EmbeddedChunk[]): Promise<void>;
  deleteDocument(tenant: string, documentId: string): Promise<void>;
  /** Every chunk of one document of `tenant` (at most `limit`), in any order; none when unknown. */
  documentChunks(tenant: string, documentId: string, limit: number): Promise<Chunk[]>;
  keywordSearch(query: StoreQuery & { text: string }): Promise<SearchResult[]>;
  semanticSearch(query: StoreQuery & { vector: number[] }): Promise<SearchResult[]>;
  /** Keyword and semantic search fused, strong keyword hits on top. */
  hybridSearch(query: HybridQuery): Promise<SearchResult[]>;
  /**
   * Index upkeep after writes, for stores that need it (the embedded store; Qdrant indexes as it
   * goes). Ingestion calls it at the end of a burst of jobs and during a long one; nothing when
   * the table does not exist yet.
   */
  optimize?(opts?: UpkeepOptions): Promise<UpkeepReport | void>;
  /** The store's stamp, and whether it holds any chunk. */
  identity(): Promise<StoreIdentity>;
  /**
   * Stamps the store's contents: the stamp is kept with them and goes with them (a new data
   * folder, a new collection). A store not created yet takes it when its first chunks create it.
   */
  setStamp(stamp: string): Promise<void>;
  /**
   * Every chunk of `tenant`, in any order, for the search box's index (see `SearchBoxIndexes`); a
   * store without it leaves the search box to exact words and the full keyword search.
   */
  tenantChunks?(tenant: string): AsyncIterable<Chunk>;
  /**
   * A mark of `tenant`'s chunks that changes whenever one is written or removed (null: none yet),
   * so that the search box builds the tenant's index again only after a change.
   */
  changeMark?(tenant: string): Promise<string | null>;
  /** Throws when the store cannot be read. */
  health(): Promise<void>;
  close(): Promise<void>;
}
