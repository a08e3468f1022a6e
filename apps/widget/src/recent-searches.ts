/** The most recent searches kept. */
const MAX_RECENT = 5;

/**
 * The visitor's recent searches in search mode, newest first, kept in localStorage under the
 * widget's `api_url` namespace (as `WidgetStorage` keeps the chat). Storage the browser refuses
 * (privacy modes) degrades to not remembering.
 */
export class RecentSearches {
  private readonly key: string;

  constructor(apiUrl: string) {
    this.key = `docqa:${apiUrl}:recent`;
  }

  list(): string[] {
    try {
      const value: unknown = JSON.parse(localStorage.getItem(this.key) ?? '[]');
      return Array.isArray(value) ? value.filter((q): q is string => typeof q === 'string') : [];
    } catch {
      return [];
    }
  }

  /** Puts `query` first (once); the oldest go past {@link MAX_RECENT}. */
  add(query: string): void {
    this.save([query, ...this.list().filter((q) => q !== query)].slice(0, MAX_RECENT));
  }

  clear(): void {
    this.save([]);
  }

  private save(list: string[]): void {
    try {
      if (list.length) localStorage.setItem(this.key, JSON.stringify(list));
      else localStorage.removeItem(this.key);
    } catch {
      // Storage disabled or full: search works, it just does not remember.
    }
  }
}
