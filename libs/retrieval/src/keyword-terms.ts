import stemEnglish from 'wink-porter2-stemmer';
import { fnv1a, FNV_OFFSET, FNV_PRIME } from '@docqa/tokenize';

/**
 * The full-text index's English stop words (NLTK's list, less the forms with an apostrophe, which
 * no token has), compared with stemmed tokens as the index does: "having" (stem "have") is one,
 * "because" (stem "becaus") is not. Checked against LanceDB: each word indexed and searched alone.
 */
const STOP_WORDS = new Set(
  'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did doing a an the and but if or because as until while of at by for with about against between into through during before after above below to from up down in out on off over under again further then once here there when where why how all any both each few more most other some such no nor not only own same so than too very s t can will just don should now d ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn'.split(
    ' ',
  ),
);
/** Tokens of this many UTF-8 bytes or more are left out, as the index's `maxTokenLength` (40) does. */
export const MAX_TOKEN_BYTES = 40;
/**
 * Words whose term and term id are remembered (null: no term). Stemming and hashing are the costly
 * part of counting a write's terms and of re-scoring candidates, and a knowledge base's vocabulary
 * repeats; the memory is emptied when full.
 */
const MAX_REMEMBERED_WORDS = 100_000;
const remembered = new Map<string, { term: string; id: number } | null>();

/**
 * The keyword terms of a text, as the embedded store's full-text index (LanceDB's defaults) makes
 * them: split on what is not a letter or digit, tokens of 40 bytes or more dropped, lower-cased,
 * stemmed with Snowball English (Porter2), stop words dropped, then folded to ASCII. Keyword
 * scores, term statistics and Qdrant's sparse vectors all count these, so a re-scored candidate
 * weighs what the index matched it on. (The local embeddings keep `tokenize.ts`'s lighter stemmer.)
 */
export function keywordTokens(text: string): string[] {
  const terms: string[] = [];
  for (const word of indexWords(text)) {
    const known = rememberedTerm(word);
    if (known) terms.push(known.term);
  }
  return terms;
}

/**
 * What a heading term is prefixed with: a word no text holds, letters only, so the full-text index
 * keeps it as one token.
 */
export const HEADING_MARK = 'qqh';

/**
 * The keyword terms of a section's own heading as words of their own ("Rotate a token" →
 * `qqhrotat qqhtoken`), which a search text ends with and a query text adds for its own terms. A
 * query term then also matches the sections it heads, weighed by how few sections it heads: the
 * field boost of BM25F in one index, so "What is docqa?" finds the section headed "What is docqa?"
 * among hundreds that mention docqa. Both stores and the term statistics count these words as
 * they count any other.
 */
export function headingWords(text: string): string[] {
  return keywordTokens(text).map((term) => HEADING_MARK + term);
}

/** The {@link keywordTokens} of a text, each hashed to its uint32 term id (FNV-1a). */
export function keywordTermIds(text: string): number[] {
  const ids: number[] = [];
  eachKeywordTermId(text, (id) => ids.push(id));
  return ids;
}

/**
 * Calls `each` with the term id of each of a text's {@link keywordTokens}, in order: what
 * {@link keywordTermIds} returns, with no array. A text of ASCII is split by its characters, each
 * word looked up by them in {@link asciiWords}, so that no string is made per word (a write's
 * keyword counts made 90 a chunk, and a third of the bytes its JavaScript allocated); another
 * text goes through {@link indexWords}. The terms are the same: ASCII letters and digits are the
 * only ASCII characters of `[\p{L}\p{N}]`, and an ASCII word of 40 characters or more is no term.
 */
export function eachKeywordTermId(text: string, each: (id: number) => void): void {
  if (!/^[\x00-\x7f]*$/.test(text)) {
    for (const word of indexWords(text)) {
      const known = rememberedTerm(word);
      if (known) each(known.id);
    }
    return;
  }
  let hash = FNV_OFFSET;
  let start = -1;
  for (let p = 0; p <= text.length; p++) {
    const c = p < text.length ? text.charCodeAt(p) : 32;
    if (WORD_CHAR[c]) {
      if (start < 0) {
        start = p;
        hash = FNV_OFFSET;
      }
      hash = Math.imul(hash ^ c, FNV_PRIME);
    } else if (start >= 0) {
      const id = p - start >= MAX_TOKEN_BYTES ? -1 : asciiWords.id(text, start, p, hash);
      if (id >= 0) each(id);
      start = -1;
    }
  }
}

/**
 * Which ASCII characters (or UTF-8 bytes below 0x80) a word is made of: the index splits on what
 * is not a letter or a digit.
 */
export const WORD_CHAR = new Uint8Array(128).map((_, c) =>
  Number(/[A-Za-z0-9]/.test(String.fromCharCode(c))),
);

/**
 * The term ids of the ASCII words seen (-1: no term), looked up by a word's characters in a text:
 * open addressing on their FNV-1a hash, emptied after {@link MAX_REMEMBERED_WORDS} words. (The
 * search mirror keeps a table of its own by UTF-8 bytes, see `MirrorTerms`.)
 */
class AsciiWords {
  /** An entry's number + 1 per cell (0: empty): a power of two, over twice the most entries. */
  private readonly cells = new Int32Array(1 << 18);
  private readonly hashes = new Int32Array(MAX_REMEMBERED_WORDS);
  private readonly ids = new Float64Array(MAX_REMEMBERED_WORDS);
  private words: string[] = [];

  /** The term id of the word at `start` to `end` of `text` (-1: none), `hash` its FNV-1a. */
  id(text: string, start: number, end: number, hash: number): number {
    const mask = this.cells.length - 1;
    const length = end - start;
    let cell = hash & mask;
    for (; ; cell = (cell + 1) & mask) {
      const entry = this.cells[cell]! - 1;
      if (entry < 0) break;
      if (this.hashes[entry] !== hash) continue;
      const word = this.words[entry]!;
      if (word.length !== length) continue;
      let same = true;
      for (let i = 0; i < length && same; i++) same = word.charCodeAt(i) === text.charCodeAt(start + i);
      if (same) return this.ids[entry]!;
    }
    const word = text.slice(start, end);
    const term = wordTerm(word);
    const id = term === null ? -1 : fnv1a(term);
    if (this.words.length === MAX_REMEMBERED_WORDS) {
      this.cells.fill(0);
      this.words = [];
      return id;
    }
    const entry = this.words.length;
    this.words.push(word);
    this.hashes[entry] = hash;
    this.ids[entry] = id;
    this.cells[cell] = entry + 1;
    return id;
  }
}
const asciiWords = new AsciiWords();

/** A word's term and term id (null: no term), remembered. */
function rememberedTerm(word: string): { term: string; id: number } | null {
  let known = remembered.get(word);
  if (known === undefined) {
    const term = wordTerm(word);
    known = term === null ? null : { term, id: fnv1a(term) };
    if (remembered.size >= MAX_REMEMBERED_WORDS) remembered.clear();
    remembered.set(word, known);
  }
  return known;
}

/**
 * A text's words as the index splits them: runs of letters and digits, case and accents kept
 * (a text of ASCII the quicker way: its letters and digits are the ASCII part of `[\p{L}\p{N}]`).
 */
export function indexWords(text: string): string[] {
  return (/^[\x00-\x7f]*$/.test(text) ? text.match(/[A-Za-z0-9]+/g) : text.match(/[\p{L}\p{N}]+/gu)) ?? [];
}

function wordTerm(word: string): string | null {
  if (tooLong(word)) return null;
  const stemmed = stemEnglish(word.toLowerCase());
  return STOP_WORDS.has(stemmed) ? null : foldToAscii(stemmed);
}

/** Whether a word takes 40 UTF-8 bytes or more (at most 3 per UTF-16 unit, so short words are not measured). */
function tooLong(word: string): boolean {
  return word.length * 3 >= MAX_TOKEN_BYTES && Buffer.byteLength(word, 'utf8') >= MAX_TOKEN_BYTES;
}

/** Accents taken off (the index's ASCII folding); plain ASCII is returned as is. */
function foldToAscii(token: string): string {
  if (/^[\x00-\x7f]*$/.test(token)) return token;
  return token.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}
