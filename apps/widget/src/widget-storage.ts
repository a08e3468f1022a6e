/** An answer being streamed when the page went away, to resume after a reload. */
export interface PendingQuestion {
  id: string;
  question: string;
}

/**
 * What the widget keeps in the browser, namespaced by `api_url` so that two installations
 * embedded in one site never mix: the chat id (localStorage, survives the tab) and the question
 * whose answer is still streaming (sessionStorage, survives a reload of the tab). Storage that the
 * browser refuses (privacy modes) degrades to not remembering.
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

  private key(name: string): string {
    return `docqa:${this.apiUrl}:${name}`;
  }
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
