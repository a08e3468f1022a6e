import type { Filter, SearchMode, SearchResult } from '@docqa/contracts';
import type { Embedder } from './embedder';
import { fuse, hybridDepth, type HybridWeights } from './hybrid';
import type { VectorStore } from './vector-store';

/** A search over one or more tenants. */
export interface SearchRequest {
  tenants: string[];
  query: string;
  mode: SearchMode;
  filters: Filter[];
  limit: number;
}

/** Default fusion weights, chosen on the eval data (docs/benchmarks.md). */
export const DEFAULT_HYBRID_WEIGHTS: HybridWeights = { keyword: 1, semantic: 0.15 };

/**
 * Search by meaning, by keyword, or both fused: the one place queries meet the store and the
 * embedder. Used by `POST /rag/search/` and by the answer pipeline.
 */
export class Retrieval {
  constructor(readonly deps: { store: VectorStore; embedder: Embedder; weights?: HybridWeights }) {}

  async search(req: SearchRequest): Promise<{ results: SearchResult[]; took_ms: number }> {
    const started = performance.now();
    const results = await this.run(req);
    return { results, took_ms: Math.round((performance.now() - started) * 100) / 100 };
  }

  private async run(req: SearchRequest): Promise<SearchResult[]> {
    const { store, embedder } = this.deps;
    const base = { tenants: req.tenants, filters: req.filters, limit: req.limit };
    if (req.mode === 'keyword') return store.keywordSearch({ ...base, text: req.query });
    const vector = await embedder.embedQuery(req.query);
    if (req.mode === 'semantic') return store.semanticSearch({ ...base, vector });
    const weights = this.deps.weights ?? DEFAULT_HYBRID_WEIGHTS;
    if (store.hybridSearch) return store.hybridSearch({ ...base, text: req.query, vector, weights });
    const depth = hybridDepth(req.limit);
    const [keyword, semantic] = await Promise.all([
      store.keywordSearch({ ...base, limit: depth, text: req.query }),
      store.semanticSearch({ ...base, limit: depth, vector, approximate: true }),
    ]);
    return fuse(
      [
        { results: keyword, weight: weights.keyword },
        { results: semantic, weight: weights.semantic },
      ],
      req.limit,
    );
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
