import { Vocabulary } from './vocabulary';

/** Options of {@link Vocabularies}. */
export interface VocabulariesOptions {
  /** The search text of every chunk of a tenant (a store's `searchTexts`). */
  texts: (tenant: string) => AsyncIterable<string>;
  /**
   * How old a tenant's vocabulary may get before a search starts counting it again (in the
   * background: searches meanwhile use the one held).
   * @defaultValue 60_000
   */
  refreshMs?: number;
  /** Told of a count that failed (the next search tries again). */
  onError?: (error: unknown, tenant: string) => void;
  /** @defaultValue Date.now */
  now?: () => number;
}

interface Held {
  vocabulary: Vocabulary | null;
  countedAt: number;
  counting: Promise<Vocabulary> | null;
}

/**
 * Each tenant's {@link Vocabulary}, counted from the store on its first search and counted again
 * once older than `refreshMs`, in the background: a search never waits for a count, it uses the
 * vocabulary held (none, at first: exact words only).
 */
export class Vocabularies {
  private readonly held = new Map<string, Held>();
  private readonly refreshMs: number;
  private readonly now: () => number;

  constructor(private readonly options: VocabulariesOptions) {
    this.refreshMs = options.refreshMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The vocabulary of `tenant` held now, if any; starts a count when it is missing or old. */
  current(tenant: string): Vocabulary | null {
    const held = this.held.get(tenant);
    if (!held || (!held.counting && this.now() - held.countedAt >= this.refreshMs)) {
      this.count(tenant).catch(() => undefined);
    }
    return held?.vocabulary ?? null;
  }

  /** The vocabulary of `tenant` once a count started now has finished. */
  async counted(tenant: string): Promise<Vocabulary> {
    return this.count(tenant);
  }

  private count(tenant: string): Promise<Vocabulary> {
    const held = this.held.get(tenant) ?? { vocabulary: null, countedAt: 0, counting: null };
    this.held.set(tenant, held);
    if (held.counting) return held.counting;
    const started = this.now();
    held.counting = Vocabulary.of(this.options.texts(tenant)).then(
      (vocabulary) => {
        Object.assign(held, { vocabulary, countedAt: started, counting: null });
        return vocabulary;
      },
      (error: unknown) => {
        Object.assign(held, { countedAt: started, counting: null });
        this.options.onError?.(error, tenant);
        throw error;
      },
    );
    return held.counting;
  }
}
