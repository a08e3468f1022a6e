import type { DocumentSlice, DocumentText, Filter, SearchResult } from '@docqa/contracts';
import type { Chunk } from './chunk';
import { documentText, inChunkOrder } from './document-text';
import type { Embedder } from '@docqa/embedders';
import { filterFields, matchesFilters } from './filters';
import type { HybridWeights } from './hybrid';
import { NAMED_HEADING_DEPTH, namedHeadingsFirst } from './named-heading';
import type { SearchQuery, Searcher } from './searcher';
import type { VectorStore } from './vector-store';

/** Most chunks read back for one document (a 10 MB body of 1,000-character chunks has ~10,000). */
export const MAX_DOCUMENT_CHUNKS = 20_000;

/**
 * Default fusion weights (the semantic one before its per-query scaling, see `semanticWeight`),
 * chosen on SciFact, emanual-tv and the dev half of the multi-dialect set (docs/benchmarks.md).
 */
export const DEFAULT_HYBRID_WEIGHTS: HybridWeights = { keyword: 1, semantic: 0.25 };

/**
 * Search by meaning, by keyword, or both fused: the one place queries meet the store and the
 * embedder. Used by `POST /rag/search/` and by the answer pipeline.
 */
export class Retrieval implements Searcher {
  constructor(readonly deps: { store: VectorStore; embedder: Embedder; weights?: HybridWeights }) {}

  async search(req: SearchQuery): Promise<{ results: SearchResult[]; took_ms: number }> {
    const started = performance.now();
    const results = await this.run(req);
    return { results, took_ms: Math.round((performance.now() - started) * 100) / 100 };
  }

  private async run(req: SearchQuery): Promise<SearchResult[]> {
    const { store, embedder } = this.deps;
    const base = { tenants: req.tenants, filters: req.filters, version: req.version, limit: req.limit };
    if (req.mode === 'keyword') return store.keywordSearch({ ...base, text: req.query });
    if (req.mode === 'semantic')
      return store.semanticSearch({ ...base, vector: await embedder.embedQuery(req.query) });
    // The store starts the keyword ranking while the query is embedded.
    const vector = embedder.embedQuery(req.query);
    vector.catch(() => undefined); // awaited by the store, which may fail before it does
    const weights = this.deps.weights ?? DEFAULT_HYBRID_WEIGHTS;
    // A search for fewer results than the named-heading depth fuses the same candidates (see
    // `hybridDepth`), and the results after its own may hold the section the question names.
    const limit = Math.max(req.limit, NAMED_HEADING_DEPTH);
    const results = await store.hybridSearch({ ...base, limit, text: req.query, vector, weights });
    return namedHeadingsFirst(results, req.query).slice(0, req.limit);
  }

  /**
   * One document of `tenant` put back together from its chunks, or null when the tenant has no
   * such document or `filters` (a token's) rule it out: the same filters a search applies, so a
   * document a caller cannot find is one it cannot read. The text is `maxChars` from `offset`.
   */
  async readDocument(
    tenant: string,
    documentId: string,
    opts: DocumentSlice & { filters: Filter[] },
  ): Promise<DocumentText | null> {
    const chunks = await this.deps.store.documentChunks(tenant, documentId, MAX_DOCUMENT_CHUNKS);
    const visible = chunks.filter((chunk) => matchesFilters(filterFields(chunk), opts.filters));
    return documentText(visible, opts);
  }

  /** Every chunk of one document of `tenant`, in document order; none when it has no such document. */
  async documentChunks(tenant: string, documentId: string): Promise<Chunk[]> {
    return inChunkOrder(await this.deps.store.documentChunks(tenant, documentId, MAX_DOCUMENT_CHUNKS));
  }

  /** Probes of `basic` health: the store reads, the embedder embeds. */
  probes(): Record<string, () => Promise<void>> {
    return {
      vector_store: () => this.deps.store.health(),
      embeddings: async () => {
        await this.deps.embedder.embedQuery('health');
      },
    };
  }
}
