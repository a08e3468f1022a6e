import { WidgetStorage } from './widget-storage';

/** The browser's localStorage, in memory (jest runs the widget's units in node). */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

describe('the ratings the widget remembers', () => {
  let local: MemoryStorage;
  beforeEach(() => {
    local = new MemoryStorage();
    Object.defineProperty(globalThis, 'localStorage', { value: local, configurable: true });
  });
  afterAll(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('keeps each answer’s rating per installation (api_url), the last one given', () => {
    const acme = new WidgetStorage('https://acme.test/api/v2/');
    acme.rate('q1', 'up');
    acme.rate('q2', 'down');
    acme.rate('q1', 'down');
    expect(acme.rating('q1')).toBe('down');
    expect(acme.rating('q2')).toBe('down');
    expect(acme.rating('q3')).toBeUndefined();
    expect(new WidgetStorage('https://other.test/api/v2/').rating('q1')).toBeUndefined();
  });

  it('forgets the oldest past 200, and all of them with a new chat', () => {
    const storage = new WidgetStorage('u/');
    for (let i = 0; i <= 200; i++) storage.rate(`q${i}`, 'up');
    expect(storage.rating('q0')).toBeUndefined();
    expect(storage.rating('q1')).toBe('up');
    expect(storage.rating('q200')).toBe('up');
    storage.forgetRatings();
    expect(storage.rating('q200')).toBeUndefined();
    expect(local.items.size).toBe(0);
  });

  it('reads stored values that are not ratings as none', () => {
    const storage = new WidgetStorage('u/');
    local.setItem('docqa:u/:ratings', '{not json');
    expect(storage.rating('q1')).toBeUndefined();
    local.setItem('docqa:u/:ratings', JSON.stringify([['q1', 'maybe'], ['q2', 'up'], 'q3']));
    expect(storage.rating('q1')).toBeUndefined();
    expect(storage.rating('q2')).toBe('up');
  });

  it('does not remember, and does not fail, when the browser refuses storage', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      get: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      configurable: true,
    });
    const storage = new WidgetStorage('u/');
    expect(() => storage.rate('q1', 'up')).not.toThrow();
    expect(storage.rating('q1')).toBeUndefined();
  });
});
