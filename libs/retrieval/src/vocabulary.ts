import { words } from '@docqa/tokenize';
import { HEADING_MARK } from './keyword-terms';

/** Longest word kept: longer "words" are hashes, ids and base64, never typed. */
const MAX_WORD_LENGTH = 30;

/**
 * The words of a tenant's chunks, each with how many chunks hold it, for as-you-type search: the
 * words a prefix completes to and the words one typo away from an unknown word. Words are
 * {@link words} (lower-cased, accents folded), so "Résumé" and "resume" are one.
 */
export class Vocabulary {
  /** Every word, sorted: a prefix's completions are one run of it. */
  private readonly sorted: string[];
  private readonly chunks: Map<string, number>;
  /** Words by length, for the typo search (a word one edit away is at most one letter longer or shorter). */
  private readonly byLength: string[][] = [];

  /** The vocabulary of `counts` (word → chunks holding it). */
  constructor(counts: Map<string, number>) {
    this.chunks = counts;
    this.sorted = [...counts.keys()].sort();
    for (const word of this.sorted) (this.byLength[word.length] ??= []).push(word);
  }

  /** The vocabulary of these search texts, one per chunk. */
  static async of(texts: AsyncIterable<string> | Iterable<string>): Promise<Vocabulary> {
    const counts = new Map<string, number>();
    for await (const text of texts) Vocabulary.count(counts, words(text));
    return new Vocabulary(counts);
  }

  /** Counts in `counts` (word → chunks holding it) the {@link words} of one more chunk. */
  static count(counts: Map<string, number>, chunkWords: string[]): void {
    for (const word of new Set(chunkWords)) {
      // Heading words (see `headingWords`) are index terms, never typed.
      if (word.length > MAX_WORD_LENGTH || word.startsWith(HEADING_MARK)) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }

  /** Words held. */
  get size(): number {
    return this.sorted.length;
  }

  /** Whether some chunk holds `word`. */
  has(word: string): boolean {
    return this.chunks.has(word);
  }

  /** The `limit` most common words starting with `prefix` (the prefix itself first when it is a word). */
  completions(prefix: string, limit: number): string[] {
    const found: string[] = [];
    for (let i = lowerBound(this.sorted, prefix); i < this.sorted.length; i++) {
      const word = this.sorted[i]!;
      if (!word.startsWith(prefix)) break;
      found.push(word);
    }
    return this.mostCommon(found, limit, prefix);
  }

  /** The `limit` most common words one edit (insertion, deletion, substitution, swap) away from `word`. */
  neighbours(word: string, limit: number): string[] {
    const found: string[] = [];
    for (let length = word.length - 1; length <= word.length + 1; length++) {
      for (const other of this.byLength[length] ?? []) {
        if (other !== word && oneEditApart(word, other)) found.push(other);
      }
    }
    return this.mostCommon(found, limit);
  }

  /** The `limit` of `found` held by most chunks (`first` before all), in one pass: a short prefix completes to thousands. */
  private mostCommon(found: string[], limit: number, first?: string): string[] {
    const count = (w: string) => (w === first ? Infinity : (this.chunks.get(w) ?? 0));
    const top: string[] = [];
    for (const word of found) {
      const n = count(word);
      if (top.length === limit && n <= count(top[limit - 1]!)) continue;
      let at = top.length;
      while (at > 0 && count(top[at - 1]!) < n) at--;
      top.splice(at, 0, word);
      if (top.length > limit) top.pop();
    }
    return top;
  }
}

/** Index of the first word ≥ `key` in the sorted `list`. */
function lowerBound(list: string[], key: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]! < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Whether `a` and `b` differ by exactly one edit: a letter inserted, deleted or replaced, or two
 * neighbouring letters swapped (the Damerau–Levenshtein distance 1 of typing slips).
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length > b.length) return sameFrom(a, i + 1, b, i);
  if (a.length < b.length) return sameFrom(a, i, b, i + 1);
  if (sameFrom(a, i + 1, b, i + 1)) return true;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && sameFrom(a, i + 2, b, i + 2);
}

/** Whether `a` from `i` and `b` from `j` are the same to their ends. */
function sameFrom(a: string, i: number, b: string, j: number): boolean {
  if (a.length - i !== b.length - j) return false;
  for (; i < a.length; i++, j++) if (a[i] !== b[j]) return false;
  return true;
}
