import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SearchBoxRequest, SearchBoxResponse, SearchBoxResult } from '@docqa/contracts';
import { SEARCH_BOX_MAX_CHARS } from '@docqa/contracts/constants';
import { SEARCH_LABELS } from '@docqa/contracts/search-labels';
import { WidgetError } from './api-client';
import { errorText } from './error-text';
import { pageUrl } from './chat-controller';
import type { SettingsController } from './settings-controller';
import { RecentSearches } from './recent-searches';

/**
 * Milliseconds of quiet after a keystroke before the search is sent: a fast typist's keystrokes
 * come 50 to 150 ms apart, and each search costs a request of the visitor's budget.
 */
export const SEARCH_DEBOUNCE_MS = 90;

/**
 * The search box's searches: what was typed, the results of the last search that answered it,
 * and the recent searches (kept in the browser). A search is sent once the typing pauses
 * ({@link SEARCH_DEBOUNCE_MS}); at most one is in flight, and when it answers a query no longer in
 * the field its results are dropped and the field's query is sent instead. Everything in flight is
 * cancelled when the host disconnects.
 */
export class SearchController implements ReactiveController {
  /** What is in the search field. */
  query = '';
  /** The results of {@link answered}. */
  results: SearchBoxResult[] = [];
  /** The query the results are for ('' before any). */
  answered = '';
  /** Why the last search failed, for the visitor (rate limited, offline, unavailable). */
  problem?: string;
  /** Whether a search is waiting to be sent or in flight. */
  pending = false;
  recent: string[] = [];
  private storage = new RecentSearches('');
  private timer?: ReturnType<typeof setTimeout>;
  private inFlight = false;
  private abort = new AbortController();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly settings: SettingsController,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.abort = new AbortController();
    this.storage = new RecentSearches(this.settings.value.api_url);
    this.recent = this.storage.list();
  }

  hostDisconnected(): void {
    this.abort.abort();
    clearTimeout(this.timer);
  }

  /** The field now holds `query`: searches it once the typing pauses. */
  type(query: string): void {
    this.query = query;
    clearTimeout(this.timer);
    if (!query.trim()) {
      Object.assign(this, { results: [], answered: '', problem: undefined, pending: false });
    } else {
      this.pending = true;
      this.timer = setTimeout(() => void this.send(), SEARCH_DEBOUNCE_MS);
    }
    this.host.requestUpdate();
  }

  /** Keeps `query` first among the recent searches. */
  remember(query: string): void {
    if (!query.trim()) return;
    this.storage.add(query.trim());
    this.recent = this.storage.list();
    this.host.requestUpdate();
  }

  clearRecent(): void {
    this.storage.clear();
    this.recent = [];
    this.host.requestUpdate();
  }

  private async send(): Promise<void> {
    const { api } = this.settings;
    if (this.inFlight || !api) return;
    const query = this.query.slice(0, SEARCH_BOX_MAX_CHARS);
    if (!query.trim()) return;
    this.inFlight = true;
    // The debounce is over: what a page (or `npm run bench:widget`) times a search from.
    performance.mark('assistant-search-sent', { detail: query });
    try {
      await this.settings.ready;
      const body: Omit<SearchBoxRequest, 'limit'> = {
        query,
        filters: this.settings.filters(),
        page_url: pageUrl(),
        version: this.settings.version(),
      };
      const res = await api.call(
        'search/',
        { method: 'POST', body: JSON.stringify(body) },
        this.abort.signal,
      );
      const found = (await res.json()) as SearchBoxResponse;
      if (query === this.query)
        Object.assign(this, { results: found.results, answered: query, problem: undefined });
    } catch (err) {
      if (this.abort.signal.aborted) return;
      const problem = await this.messageOf(err);
      if (query === this.query) this.problem = problem;
    } finally {
      this.inFlight = false;
    }
    // The field changed while the search was in flight: its results were dropped, search what it holds.
    if (this.query !== query && this.query.trim()) void this.send();
    else this.pending = false;
    this.host.requestUpdate();
  }

  private async messageOf(err: unknown): Promise<string> {
    const labels = { ...SEARCH_LABELS, ...this.settings.value.labels };
    if (!navigator.onLine || (err instanceof WidgetError && err.status === undefined))
      return labels.SEARCH_OFFLINE;
    if (err instanceof WidgetError && err.status === 429) return labels.SEARCH_RATE_LIMITED;
    if (err instanceof WidgetError && (err.status === 401 || err.status === 403))
      return errorText(err, labels);
    return labels.SEARCH_ERROR;
  }
}
