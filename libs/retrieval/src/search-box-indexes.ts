import type { Chunk } from './chunk';
import { SearchBoxIndex } from './search-box-index';

/** Options of {@link SearchBoxIndexes}. */
export interface SearchBoxIndexesOptions {
  /** Every chunk of a tenant (a store's `tenantChunks`). */
  chunks: (tenant: string) => AsyncIterable<Chunk>;
  /**
   * How old a tenant's index may get (from the end of its build) before a search starts building
   * it again (in the background: searches meanwhile use the one held).
   * @defaultValue 60_000
   */
  refreshMs?: number;
  /** Told of a build that failed (the next search tries again). */
  onError?: (error: unknown, tenant: string) => void;
  /** @defaultValue Date.now */
  now?: () => number;
}

interface Held {
  index: SearchBoxIndex | null;
  builtAt: number;
  building: Promise<SearchBoxIndex> | null;
  generation: number;
}

/**
 * Each tenant's {@link SearchBoxIndex}, built from the store's chunks on its first search and built
 * again once older than `refreshMs`, in the background: a search never waits for a build, it uses
 * the index held (none, at first: the search box then runs the full keyword search).
 */
export class SearchBoxIndexes {
  private readonly held = new Map<string, Held>();
  private readonly refreshMs: number;
  private readonly now: () => number;

  constructor(private readonly options: SearchBoxIndexesOptions) {
    this.refreshMs = options.refreshMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The index of `tenant` held now, if any; starts a build when it is missing or old. */
  current(tenant: string): SearchBoxIndex | null {
    const held = this.held.get(tenant);
    if (!held || (!held.building && this.now() - held.builtAt >= this.refreshMs)) {
      this.build(tenant).catch(() => undefined);
    }
    return held?.index ?? null;
  }

  /** The index of `tenant` once a build started now has finished. */
  async built(tenant: string): Promise<SearchBoxIndex> {
    return this.build(tenant);
  }

  private build(tenant: string): Promise<SearchBoxIndex> {
    const held = this.held.get(tenant) ?? { index: null, builtAt: 0, building: null, generation: 0 };
    this.held.set(tenant, held);
    if (held.building) return held.building;
    const started = this.now();
    held.building = SearchBoxIndex.of(this.options.chunks(tenant), ++held.generation).then(
      (index) => {
        // Counted from the build's end: a build longer than `refreshMs` (a large tenant on a busy
        // machine) must not start the next one at once, over and over.
        Object.assign(held, { index, builtAt: this.now(), building: null });
        return index;
      },
      (error: unknown) => {
        Object.assign(held, { builtAt: started, building: null });
        this.options.onError?.(error, tenant);
        throw error;
      },
    );
    return held.building;
  }
}
