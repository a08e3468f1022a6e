import type { Chunk } from './chunk';
import { SearchBoxIndex } from './search-box-index';

/** Options of {@link SearchBoxIndexes}. */
export interface SearchBoxIndexesOptions {
  /** Every chunk of a tenant (a store's `tenantChunks`). */
  chunks: (tenant: string) => AsyncIterable<Chunk>;
  /**
   * A mark of a tenant's chunks that changes whenever they do (a store's `changeMark`): a
   * tenant's index is built again only when it changed since its build. Without, it is built again
   * whenever `refreshMs` has passed.
   */
  changeMark?: (tenant: string) => Promise<unknown>;
  /**
   * How long after the end of a tenant's build (or of the last look at the store's change mark)
   * a search looks again, and builds the index again (in the background: searches meanwhile use
   * the one held) when the store changed.
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
  /** When the index was built, or last found to hold the store's latest contents. */
  checkedAt: number;
  /** A build or a look at the change mark under way. */
  busy: Promise<unknown> | null;
  building: Promise<SearchBoxIndex> | null;
  generation: number;
}

/**
 * Each tenant's {@link SearchBoxIndex}, built from the store's chunks on its first search and built
 * again, in the background, when the store's contents changed (looked at once `refreshMs` has
 * passed): a search never waits for a build, it uses the index held (none, at first: the search
 * box then runs the full keyword search).
 */
export class SearchBoxIndexes {
  private readonly held = new Map<string, Held>();
  private readonly refreshMs: number;
  private readonly now: () => number;

  constructor(private readonly options: SearchBoxIndexesOptions) {
    this.refreshMs = options.refreshMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The index of `tenant` held now, if any; starts a build when it is missing or out of date. */
  current(tenant: string): SearchBoxIndex | null {
    const held = this.held.get(tenant);
    if (!held) this.build(tenant).catch(() => undefined);
    else if (!held.busy && this.now() - held.checkedAt >= this.refreshMs) this.refresh(tenant, held);
    return held?.index ?? null;
  }

  /** The index of `tenant` once a build started now has finished. */
  async built(tenant: string): Promise<SearchBoxIndex> {
    return this.build(tenant);
  }

  /** Builds the index again when the store changed since it was built (or always, without a change mark). */
  private refresh(tenant: string, held: Held): void {
    const { changeMark } = this.options;
    if (!changeMark || !held.index) return void this.build(tenant).catch(() => undefined);
    held.busy = changeMark(tenant)
      .then((mark) => {
        held.busy = null;
        if (mark === held.index?.mark) held.checkedAt = this.now();
        else return this.build(tenant);
      })
      .catch(() => {
        held.busy = null;
        held.checkedAt = this.now();
      });
  }

  private build(tenant: string): Promise<SearchBoxIndex> {
    const held: Held = this.held.get(tenant) ?? {
      index: null,
      checkedAt: 0,
      busy: null,
      building: null,
      generation: 0,
    };
    this.held.set(tenant, held);
    if (held.building) return held.building;
    const building = (async () => {
      // The mark is taken before the chunks are read: a change during the build is seen at the next look.
      const mark = (await this.options.changeMark?.(tenant)) ?? null;
      return SearchBoxIndex.of(this.options.chunks(tenant), ++held.generation, mark);
    })().then(
      (index) => {
        // Counted from the build's end: a build longer than `refreshMs` (a large tenant on a busy
        // machine) must not start the next one at once, over and over.
        Object.assign(held, { index, checkedAt: this.now(), building: null, busy: null });
        return index;
      },
      (error: unknown) => {
        Object.assign(held, { checkedAt: this.now(), building: null, busy: null });
        this.options.onError?.(error, tenant);
        throw error;
      },
    );
    held.building = building;
    held.busy = building;
    return building;
  }
}
