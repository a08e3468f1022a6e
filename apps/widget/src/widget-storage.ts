import type { Rating } from './turn';

/** The most ratings kept: those of one long chat. */
const MAX_RATINGS = 200;

/** An answer being streamed when the page went away, to resume after a reload. */
export interface PendingQuestion {
  id: string;
  question: string;
}

/**
 * What the widget keeps in the browser, namespaced by `api_url` so that two installations
 * embedded in one site never mix: the chat id and the ratings given to its answers (localStorage,
 * survive the tab) and the question whose answer is still streaming (sessionStorage, survives a
 * reload of the tab). Storage that the browser refuses (privacy modes) degrades to not remembering.
 */
export class WidgetStorage {
  constructor(private readonly apiUrl: string) {}

  /** The chat to restore in chat mode. */
  get chatId(): string | undefined {
    return read(() => localStorage.getItem(this.key('chat'))) ?? undefined;
  }

  set chatId(id: string | undefined) {
    write(() =>
      id ? localStorage.setItem(this.key('chat'), id) : localStorage.removeItem(this.key('chat')),
    );
  }

  /** The question whose answer was still streaming. */
  get pending(): PendingQuestion | undefined {
    const raw = read(() => sessionStorage.getItem(this.key('pending')));
    if (!raw) return undefined;
    try {
      const value = JSON.parse(raw) as Partial<PendingQuestion>;
      return typeof value.id === 'string' && typeof value.question === 'string'
        ? { id: value.id, question: value.question }
        : undefined;
    } catch {
      return undefined;
    }
  }

  set pending(value: PendingQuestion | undefined) {
    write(() =>
      value
        ? sessionStorage.setItem(this.key('pending'), JSON.stringify(value))
        : sessionStorage.removeItem(this.key('pending')),
    );
  }

  /** The rating given to the answer of question `id` (the chat's records do not carry it). */
  rating(id: string): Rating | undefined {
    return this.ratings().find(([q]) => q === id)?.[1];
  }

  /** Remembers the rating of question `id`'s answer; the oldest are forgotten past {@link MAX_RATINGS}. */
  rate(id: string, rating: Rating): void {
    const ratings = [...this.ratings().filter(([q]) => q !== id), [id, rating]].slice(-MAX_RATINGS);
    write(() => localStorage.setItem(this.key('ratings'), JSON.stringify(ratings)));
  }

  /** Forgets every rating (a new chat). */
  forgetRatings(): void {
    write(() => localStorage.removeItem(this.key('ratings')));
  }

  /** The stored ratings, oldest first, as `[question id, rating]` pairs. */
  private ratings(): [string, Rating][] {
    const raw = read(() => localStorage.getItem(this.key('ratings')));
    try {
      const value: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(value) ? value.filter(isRatingEntry) : [];
    } catch {
      return [];
    }
  }

  private key(name: string): string {
    return `docqa:${this.apiUrl}:${name}`;
  }
}

function isRatingEntry(entry: unknown): entry is [string, Rating] {
  return Array.isArray(entry) && typeof entry[0] === 'string' && (entry[1] === 'up' || entry[1] === 'down');
}

function read(get: () => string | null): string | null {
  try {
    return get();
  } catch {
    return null;
  }
}

function write(set: () => void): void {
  try {
    set();
  } catch {
    // Storage disabled or full: the widget still works, it just does not remember.
  }
}
