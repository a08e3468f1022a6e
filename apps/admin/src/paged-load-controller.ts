import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { LoadController } from './load-controller';

/** One page of a cursor-paged list: its items and the cursor of the next page (null: the last). */
export interface ListPage<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * A cursor-paged list of an element: the first page loads when the values returned by `args`
 * change (the tenant, a search, a filter) and on `reload()`; `loadMore()` appends the next page.
 * Every new first page drops the appended pages and their cursor in the same update that starts
 * it, so a list never mixes the rows or the cursor of an earlier search; a page of `loadMore()`
 * that arrives after that is dropped too.
 */
export class PagedLoadController<T, A extends readonly unknown[]> implements ReactiveController {
  /** The failure of the last `loadMore()`, if it failed. */
  moreError?: Error;
  /** A `loadMore()` is under way. */
  loadingMore = false;
  private readonly first: LoadController<ListPage<T>, A>;
  private more: T[] = [];
  /** The cursor after the appended pages; undefined while none is appended. */
  private cursor?: string | null;
  private args?: A;
  /** Aborts the `loadMore()` under way when a new first page starts. */
  private moreAbort = new AbortController();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly load: (args: A, cursor: string | undefined, signal: AbortSignal) => Promise<ListPage<T>>,
    args: () => A,
  ) {
    this.first = new LoadController(
      host,
      (current, signal) => {
        this.restart(current);
        return load(current, undefined, signal);
      },
      args,
    );
    host.addController(this);
  }

  /** The first page's load: `pending` while a first page loads, `error` when it failed. */
  get status(): LoadController<ListPage<T>, A>['status'] {
    return this.first.status;
  }

  /** Why the first page failed to load. */
  get error(): Error | undefined {
    return this.first.error;
  }

  /** The items shown: the first page and the pages appended to it; undefined before the first page. */
  get items(): T[] | undefined {
    return this.first.value && [...this.first.value.items, ...this.more];
  }

  /** The cursor of the next page; null when the list is complete (or not loaded yet). */
  get next(): string | null {
    if (this.cursor !== undefined) return this.cursor;
    return this.first.value?.next_cursor ?? null;
  }

  /** Loads the first page again with the current arguments (after a change made on the page). */
  reload(): Promise<void> {
    return this.first.reload();
  }

  /** Appends the next page, if there is one and none is loading. */
  async loadMore(): Promise<void> {
    const cursor = this.next;
    if (!cursor || this.loadingMore || !this.args) return;
    const abort = this.moreAbort;
    this.loadingMore = true;
    this.moreError = undefined;
    this.host.requestUpdate();
    try {
      const page = await this.load(this.args, cursor, abort.signal);
      if (abort.signal.aborted) return;
      this.more = [...this.more, ...page.items];
      this.cursor = page.next_cursor;
    } catch (err) {
      if (abort.signal.aborted) return;
      this.moreError = err as Error;
    } finally {
      if (!abort.signal.aborted) {
        this.loadingMore = false;
        this.host.requestUpdate();
      }
    }
  }

  hostDisconnected(): void {
    this.moreAbort.abort();
  }

  /** A first page starts: the appended pages belong to no list shown any more. */
  private restart(args: A): void {
    this.moreAbort.abort();
    this.moreAbort = new AbortController();
    this.args = args;
    this.more = [];
    this.cursor = undefined;
    this.loadingMore = false;
    this.moreError = undefined;
  }
}
