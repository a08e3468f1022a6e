import type { Filter, SearchResult } from '@docqa/contracts';
import type { Chunk, EmbeddedChunk } from './chunk';
import type { HybridWeights } from './hybrid';

/** A search of a vector store. */
export interface StoreQuery {
  tenants: string[];
  filters: Filter[];
  limit: number;
  /** For keyword search. */
  text?: string;
  /** For semantic search. */
  vector?: number[];
  /**
   * Semantic search may score with the ANN index's approximate distances instead of re-ranking
   * candidates by their full vectors: hybrid search asks for it, where the semantic ranking
   * weighs little and the re-ranking would cost most of its time.
   */
  approximate?: boolean;
}

/** What an index upkeep is told of the ingestion around it. */
export interface UpkeepOptions {
  /** No ingest job is waiting: the burst of writes is over for now. */
  endOfBurst?: boolean;
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
  /**
   * Keyword and semantic search fused inside the store, for stores that can (Qdrant's Query API).
   * Without it, `Retrieval` runs both searches and fuses them with `fuse`. Either way strong
   * keyword hits must stay on top: `weights` says how much each ranking counts.
   */
  hybridSearch?(
    query: StoreQuery & { text: string; vector: number[]; weights: HybridWeights },
  ): Promise<SearchResult[]>;
  /**
   * Index upkeep after writes, for stores that need it (the embedded store; Qdrant indexes as it
   * goes). Ingestion calls it at the end of a burst of jobs and during a long one.
   */
  optimize?(opts?: UpkeepOptions): Promise<void>;
  /** Throws when the store cannot be read. */
  health(): Promise<void>;
  close(): Promise<void>;
}
