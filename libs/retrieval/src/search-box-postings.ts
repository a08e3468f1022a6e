import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { words } from '@docqa/tokenize';
import { searchText, type Chunk } from './chunk';
import { grown } from './grown';
import { HEADING_MARK, indexWords, keywordTermIds } from './keyword-terms';
import { BM25_B, BM25_K1 } from './sparse-vector';
import { idf } from './term-stats';

/**
 * Chunks read between two turns of the event loop while an index is built, and postings turned
 * into impacts between two turns: a few milliseconds each on a quiet machine, so that searches
 * meanwhile wait little.
 */
const SLICE_CHUNKS = 128;
const SLICE_POSTINGS = 100_000;
/** Longest word kept in the vocabulary: longer "words" are hashes, ids and base64, never typed. */
const MAX_WORD_LENGTH = 30;

/**
 * A term's postings in a tenant's index: the rows (by number, ascending) holding it and the BM25
 * impact of the term in each without its IDF: (k1 + 1) × tf / (tf + k1 × (1 − b + b × length / average)).
 */
export interface TermPostings {
  rows: Int32Array;
  impacts: Float32Array;
  /** Rows holding the term (its document frequency). */
  size: number;
  /** The term's IDF in the tenant (as its term statistics weigh it). */
  idf: number;
}

/** What an index is built of: its chunks, their terms' postings, and their words with how many chunks hold each. */
export interface BuiltPostings {
  chunks: Chunk[];
  postings: Map<number, TermPostings>;
  counts: Map<string, number>;
}

/** What one word of a search text stands for, worked out once per build (stemming is the costly part). */
interface WordEntry {
  /** The number of its keyword term in the build (see {@link Numbered}), −1 for none (a stop word). */
  term: number;
  /** The numbers of its vocabulary words (lower-cased, accents folded: "Token" and "token" have one). */
  words: number[];
}

/**
 * The postings of `chunks` (one tenant's): every term of each chunk's search text as the full
 * keyword search counts it ({@link keywordTermIds} of {@link searchText}), with its impact, and
 * the chunks' words for the vocabulary. Each distinct word is stemmed once; terms and words are
 * numbered, so that a chunk's are counted in typed arrays; the work yields to the event loop every
 * {@link SLICE_CHUNKS} chunks and {@link SLICE_POSTINGS} postings.
 */
export async function buildPostings(chunks: AsyncIterable<Chunk> | Iterable<Chunk>): Promise<BuiltPostings> {
  const held: Chunk[] = [];
  const entries = new Map<string, WordEntry>();
  const terms = new Numbered<number>();
  const vocabulary = new Numbered<string>();
  const lists: TermPostings[] = [];
  let wordChunks = new Uint32Array(1024);
  let lengths = new Uint32Array(1024);
  let rowTerms = new Int32Array(1024);
  let rowWords = new Int32Array(1024);
  let totalLength = 0;
  for await (const chunk of chunks) {
    const row = held.push(chunk) - 1;
    let count = 0;
    let spelled = 0;
    for (const word of indexWords(searchText(chunk))) {
      let entry = entries.get(word);
      if (!entry) entries.set(word, (entry = entryOf(word, terms, vocabulary)));
      if (spelled + entry.words.length > rowWords.length) rowWords = grown(rowWords, rowWords.length * 2);
      for (const n of entry.words) rowWords[spelled++] = n;
      if (entry.term < 0) continue;
      if (count === rowTerms.length) rowTerms = grown(rowTerms, count * 2);
      rowTerms[count++] = entry.term;
    }
    if (row === lengths.length) lengths = grown(lengths, row * 2);
    lengths[row] = count;
    totalLength += count;
    // Each distinct term once, with its count: the runs of the sorted terms.
    const sorted = rowTerms.subarray(0, count).sort();
    for (let start = 0, end = 1; start < count; start = end++) {
      while (end < count && sorted[end] === sorted[start]) end++;
      post((lists[sorted[start]!] ??= emptyPostings()), row, end - start);
    }
    // Each vocabulary word counted once per chunk, however it is spelled there.
    if (vocabulary.size > wordChunks.length) wordChunks = grown(wordChunks, vocabulary.size * 2);
    const spellings = rowWords.subarray(0, spelled).sort();
    for (let i = 0; i < spelled; i++)
      if (i === 0 || spellings[i] !== spellings[i - 1]) {
        const n = spellings[i]!;
        wordChunks[n] = wordChunks[n]! + 1;
      }
    if (row % SLICE_CHUNKS === SLICE_CHUNKS - 1) await yieldToEvents();
  }
  await toImpacts(lists, lengths, Math.max(1, totalLength / Math.max(1, held.length)), held.length);
  const postings = new Map<number, TermPostings>();
  lists.forEach((list, n) => postings.set(terms.values[n]!, list));
  const counts = new Map<string, number>();
  vocabulary.values.forEach((word, n) => counts.set(word, wordChunks[n]!));
  return { chunks: held, postings, counts };
}

function entryOf(word: string, terms: Numbered<number>, vocabulary: Numbered<string>): WordEntry {
  const numbers: number[] = [];
  for (const typed of words(word))
    // Heading words (see `headingWords`) are index terms, never typed.
    if (typed.length <= MAX_WORD_LENGTH && !typed.startsWith(HEADING_MARK))
      numbers.push(vocabulary.numberOf(typed));
  const id = keywordTermIds(word)[0];
  return { term: id === undefined ? -1 : terms.numberOf(id), words: numbers };
}

/** Values numbered from 0 in the order first seen. */
class Numbered<T> {
  readonly values: T[] = [];
  private readonly numbers = new Map<T, number>();

  get size(): number {
    return this.values.length;
  }

  numberOf(value: T): number {
    let n = this.numbers.get(value);
    if (n === undefined) this.numbers.set(value, (n = this.values.push(value) - 1));
    return n;
  }
}

const emptyPostings = (): TermPostings => ({
  rows: new Int32Array(4),
  impacts: new Float32Array(4),
  size: 0,
  idf: 0,
});

/** Adds that `row` holds the term `tf` times (the impacts' array holds the counts until {@link toImpacts}). */
function post(list: TermPostings, row: number, tf: number): void {
  if (list.size === list.rows.length) {
    list.rows = grown(list.rows, list.size * 2);
    list.impacts = grown(list.impacts, list.size * 2);
  }
  list.rows[list.size] = row;
  list.impacts[list.size++] = tf;
}

/** Turns each list's counts into impacts, trims it, and weighs its term by IDF over `rows` rows. */
async function toImpacts(
  postings: TermPostings[],
  lengths: Uint32Array,
  average: number,
  rows: number,
): Promise<void> {
  const norms = new Float32Array(rows);
  for (let row = 0; row < rows; row++)
    norms[row] = BM25_K1 * (1 - BM25_B + (BM25_B * lengths[row]!) / average);
  let done = 0;
  for (const list of postings) {
    const { rows: listRows, impacts, size } = list;
    for (let p = 0; p < size; p++) {
      const tf = impacts[p]!;
      impacts[p] = ((BM25_K1 + 1) * tf) / (tf + norms[listRows[p]!]!);
    }
    if (size < listRows.length) {
      list.rows = listRows.slice(0, size);
      list.impacts = impacts.slice(0, size);
    }
    list.idf = idf(size, rows);
    done += size;
    if (done >= SLICE_POSTINGS) {
      done = 0;
      await yieldToEvents();
    }
  }
}
