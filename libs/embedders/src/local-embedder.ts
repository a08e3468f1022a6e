import type { Embedder } from './embedder';
import { fnv1a, readerWords, stem, words } from '@docqa/tokenize';

/** Default size of local embeddings. */
export const LOCAL_DIMENSIONS = 512;

const STOP = new Set(
  'a an and are as at be by can do does for from how i if in into is it its of on or so that the their then there these this to was what when where which who why will with you your'.split(
    ' ',
  ),
);

/**
 * Offline embeddings with no model to download: feature hashing of stemmed words, word pairs and
 * character trigrams into a fixed-size vector, sublinear term weights, L2-normalised. Captures
 * lexical overlap and morphology (not synonyms); its quality is measured in docs/benchmarks.md,
 * and hybrid search fuses it with keyword search so it can only add recall.
 */
export class LocalEmbedder implements Embedder {
  constructor(readonly dimensions = LOCAL_DIMENSIONS) {}

  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map((t) => this.embedDocument(t));
  }

  /**
   * A document's text is embedded with the words a reader writes for its names added
   * (`basicAuth`: "basic auth", `'~'`: "tilde", see `readerWords`), so a question in words finds
   * the option or page named in one; a query is embedded as written, so a name such as "OpenAI"
   * does not turn into common words.
   */
  embedDocument(text: string): number[] {
    const parts = readerWords(text);
    return this.embed(parts ? `${text}\n${parts}` : text);
  }

  async embedQuery(text: string): Promise<number[]> {
    return this.embed(text);
  }

  embed(text: string): number[] {
    const counts = new Map<number, number>();
    const add = (feature: string, weight: number) => {
      const h = fnv1a(feature);
      const index = h % this.dimensions;
      const sign = (h >>> 31) & 1 ? -1 : 1;
      counts.set(index, (counts.get(index) ?? 0) + sign * weight);
    };
    const terms = words(text)
      .filter((w) => !STOP.has(w))
      .map(stem);
    terms.forEach((term, i) => {
      add(`w:${term}`, 1);
      if (i > 0) add(`b:${terms[i - 1]}_${term}`, 0.5);
      const padded = `_${term}_`;
      for (let j = 0; j + 3 <= padded.length; j++) add(`c:${padded.slice(j, j + 3)}`, 0.25);
    });
    const vector = new Array<number>(this.dimensions).fill(0);
    let norm = 0;
    for (const [index, value] of counts) {
      const weighted = Math.sign(value) * Math.log1p(Math.abs(value));
      vector[index] = weighted;
      norm += weighted * weighted;
    }
    norm = Math.sqrt(norm) || 1;
    return vector.map((v) => v / norm);
  }
}
