import { FNV_OFFSET, FNV_PRIME } from '@docqa/tokenize';

/**
 * The local embedder's features hashed straight from a text's characters (see
 * {@link HashedFeatures}).
 */

/** Words left out of the features: they say nothing of what a text is about. */
const STOP_WORDS =
  'a an and are as at be by can do does for from how i if in into is it its of on or so that the their then there these this to was what when where which who why will with you your';

/** The longest stop word's length: longer words are never looked up. */
const STOP_MAX = 5;

/** A word of at most {@link STOP_MAX} letters a to z as a number, 5 bits a letter (a = 1). */
function packed(word: string): number {
  let key = 0;
  for (let i = 0; i < word.length; i++) key = key * 32 + (word.charCodeAt(i) - 96);
  return key;
}

const STOP_KEYS = new Set(STOP_WORDS.split(' ').map(packed));

/** FNV-1a's state after `prefix` (as int32), which a feature's own characters continue. */
function fnvState(prefix: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < prefix.length; i++) hash = Math.imul(hash ^ prefix.charCodeAt(i), FNV_PRIME);
  return hash;
}

/** States after the kinds of feature: `w:` a word, `b:` two words, `c:` three characters. */
const WORD = fnvState('w:');
const PAIR = fnvState('b:');
const TRIGRAM = fnvState('c:');
const UNDERSCORE = 95;

/** Which ASCII code units are letters or digits. */
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = /[\p{L}\p{N}]/u.test(String.fromCharCode(c)) ? 1 : 0;

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** Whether each BMP code unit is a letter or digit, looked up once: 0 not yet, 1 yes, 2 no. */
const BMP_WORD = new Uint8Array(65536);

/**
 * The code units taken by the code point at `i` when it is a letter or digit (1, or 2 for a
 * surrogate pair), else 0; `c` is the code unit at `i`.
 */
function wordWidth(s: string, i: number, c: number): number {
  if (c < 128) return ASCII_WORD[c]!;
  if (c < 0xd800 || c > 0xdfff) {
    let known = BMP_WORD[c]!;
    if (!known) BMP_WORD[c] = known = LETTER_OR_DIGIT.test(String.fromCharCode(c)) ? 1 : 2;
    return known === 1 ? 1 : 0;
  }
  const low = s.charCodeAt(i + 1);
  if (c > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) return 0; // a lone surrogate
  return LETTER_OR_DIGIT.test(s.slice(i, i + 2)) ? 2 : 0;
}

/** Whether `s` ends at `end` with the ASCII `suffix`. */
function endsWith(s: string, end: number, suffix: string): boolean {
  const start = end - suffix.length;
  for (let i = 0; i < suffix.length; i++) if (s.charCodeAt(start + i) !== suffix.charCodeAt(i)) return false;
  return true;
}

/**
 * Where the stem of the word `s[start, end)` ends: `stem` of `@docqa/tokenize` on code units, the
 * longest of its suffixes cut (its pattern matches at the leftmost place it can), the word kept
 * when it is no more than 4 units long or when nothing would be left.
 */
function stemEnd(s: string, start: number, end: number): number {
  const length = end - start;
  if (length <= 4) return end;
  let cut = 0;
  switch (s.charCodeAt(end - 1)) {
    case 115: // s
      if (endsWith(s, end, 'ations')) cut = 6;
      else if (endsWith(s, end, 'ings')) cut = 4;
      else if (endsWith(s, end, 'ers') || endsWith(s, end, 'ies')) cut = 3;
      else if (endsWith(s, end, 'es')) cut = 2;
      else cut = 1;
      break;
    case 110: // n
      if (endsWith(s, end, 'ation')) cut = 5;
      break;
    case 103: // g
      if (endsWith(s, end, 'ing')) cut = 3;
      break;
    case 114: // r
      if (endsWith(s, end, 'er')) cut = 2;
      break;
    case 100: // d
      if (endsWith(s, end, 'ed')) cut = 2;
      break;
    case 121: // y
      if (endsWith(s, end, 'ly')) cut = 2;
      break;
  }
  return cut === length ? end : end - cut;
}

/** Whether the word `s[start, end)` is a stop word. */
function isStopWord(s: string, start: number, end: number): boolean {
  if (end - start > STOP_MAX) return false;
  let key = 0;
  for (let i = start; i < end; i++) {
    const letter = s.charCodeAt(i) - 96;
    if (letter < 1 || letter > 26) return false;
    key = key * 32 + letter;
  }
  return STOP_KEYS.has(key);
}

/**
 * `Math.log1p` of the first multiples of 0.25, the values a feature's sum takes (its weights are
 * 1, 0.5 and 0.25, so a sum is such a multiple, exactly): a lookup instead of a logarithm for
 * nearly every index of every vector, with the very same values.
 */
const LOG1P_QUARTERS = Float64Array.from({ length: 4096 }, (_, k) => Math.log1p(k / 4));

/** `Math.log1p(sum)` for a feature's sum (≥ 0), looked up when it can be. */
function log1pOfSum(sum: number): number {
  const quarters = sum * 4;
  return quarters < LOG1P_QUARTERS.length && quarters === Math.floor(quarters)
    ? LOG1P_QUARTERS[quarters]!
    : Math.log1p(sum);
}

/**
 * The local embedder's features of a text, summed into a vector: each word (lower-cased letters
 * and digits, accents folded) that is no stop word is stemmed, and its stem (`w:`), the pair of it
 * and the stem before (`b:`, weight 0.5) and the character trigrams of `_stem_` (`c:`, 0.25 each)
 * are hashed with FNV-1a into a signed index; the sums are weighted sublinearly and L2-normalised.
 *
 * Hashed from the characters themselves: no string is made for a word, a stem or a feature (the
 * feature strings' hashes are continued from their prefix's), and the sums go into typed arrays
 * reused from text to text, so a text costs a pass or two over its characters. The vectors are,
 * to the last bit, those of the same features built as strings and summed in a Map (the spec
 * keeps that first version): each index's sum is made in the same order, and the norm is summed
 * over the indexes in the order they were first reached, as the Map iterated them.
 *
 * One instance embeds one text at a time (its arrays are scratch space).
 */
export class HashedFeatures {
  private readonly sums: Float64Array;
  private readonly reached: Uint8Array;
  /** The indexes reached, in the order they were first reached. */
  private readonly order: Int32Array;
  private count = 0;
  /** `dimensions - 1` when it is a power of two (an index is then the hash's low bits), else -1. */
  private readonly mask: number;

  constructor(readonly dimensions: number) {
    this.sums = new Float64Array(dimensions);
    this.reached = new Uint8Array(dimensions);
    this.order = new Int32Array(dimensions);
    this.mask = (dimensions & (dimensions - 1)) === 0 ? dimensions - 1 : -1;
  }

  /**
   * Writes the normalised vector of `text` into `out` from `offset` (`dimensions` values, which
   * must be 0 there: only the indexes reached are written).
   */
  embedInto(text: string, out: { [index: number]: number }, offset: number): void {
    // The text `words` of @docqa/tokenize reads words from; NFKD leaves ASCII as it is, and there
    // is no accent to fold in it.
    const s = /[^\x00-\x7f]/.test(text)
      ? text
          .normalize('NFKD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase()
      : text.toLowerCase();
    this.addWords(s);
    this.finish(out, offset);
  }

  /** Adds the features of the words of the lower-cased `s`. */
  private addWords(s: string): void {
    const length = s.length;
    let pair = 0;
    let terms = 0;
    let i = 0;
    while (i < length) {
      let width = wordWidth(s, i, s.charCodeAt(i));
      // A code point that is no letter or digit: the unit after a high surrogate is a low one,
      // never one either, so the scan can go on a unit at a time.
      if (!width) {
        i++;
        continue;
      }
      const start = i;
      i += width;
      while (i < length && (width = wordWidth(s, i, s.charCodeAt(i)))) i += width;
      if (isStopWord(s, start, i)) continue;
      pair = this.addTerm(s, start, stemEnd(s, start, i), terms++ > 0, pair);
    }
  }

  /**
   * Adds the features of the stem `s[start, end)`, paired with the stem before it when `paired`
   * (`before`: FNV-1a's state after `b:` and that stem), and returns its own such state.
   */
  private addTerm(s: string, start: number, end: number, paired: boolean, before: number): number {
    let word = WORD;
    let pair = Math.imul(before ^ UNDERSCORE, FNV_PRIME);
    let own = PAIR;
    for (let k = start; k < end; k++) {
      const c = s.charCodeAt(k);
      word = Math.imul(word ^ c, FNV_PRIME);
      pair = Math.imul(pair ^ c, FNV_PRIME);
      own = Math.imul(own ^ c, FNV_PRIME);
    }
    this.add(word, 1);
    if (paired) this.add(pair, 0.5);
    // The trigrams of `_stem_`.
    let a = UNDERSCORE;
    let b = s.charCodeAt(start);
    for (let k = start + 1; k <= end; k++) {
      const c = k < end ? s.charCodeAt(k) : UNDERSCORE;
      this.add(Math.imul(Math.imul(Math.imul(TRIGRAM ^ a, FNV_PRIME) ^ b, FNV_PRIME) ^ c, FNV_PRIME), 0.25);
      a = b;
      b = c;
    }
    return own;
  }

  /** Adds `weight` at the index of the int32 hash `hash`, negated when its top bit is set. */
  private add(hash: number, weight: number): void {
    const index = this.mask >= 0 ? hash & this.mask : (hash >>> 0) % this.dimensions;
    if (!this.reached[index]) {
      this.reached[index] = 1;
      this.order[this.count++] = index;
    }
    this.sums[index] = this.sums[index]! + (hash < 0 ? -weight : weight);
  }

  /** Weights and normalises the sums into `out`, and clears them for the next text. */
  private finish(out: { [index: number]: number }, offset: number): void {
    const { sums, order, count } = this;
    let norm = 0;
    for (let k = 0; k < count; k++) {
      const index = order[k]!;
      const value = sums[index]!;
      const weighted = Math.sign(value) * log1pOfSum(Math.abs(value));
      sums[index] = weighted;
      norm += weighted * weighted;
    }
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < count; k++) {
      const index = order[k]!;
      out[offset + index] = sums[index]! / norm;
      sums[index] = 0;
      this.reached[index] = 0;
    }
    this.count = 0;
  }
}
