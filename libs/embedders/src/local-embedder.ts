import type { Embedder } from './embedder';
import { HashedFeatures } from './hashed-features';
import { phrasalSpellings, readerWords } from '@docqa/tokenize';

/** Default size of local embeddings. */
export const LOCAL_DIMENSIONS = 512;

/**
 * Offline embeddings with no model to download: feature hashing of stemmed words, word pairs and
 * character trigrams into a fixed-size vector, sublinear term weights, L2-normalised (see
 * {@link HashedFeatures}). Captures lexical overlap and morphology (not synonyms); its quality is
 * measured in docs/benchmarks.md, and hybrid search fuses it with keyword search so it can only
 * add recall.
 */
export class LocalEmbedder implements Embedder {
  private readonly features: HashedFeatures;

  constructor(readonly dimensions = LOCAL_DIMENSIONS) {
    this.features = new HashedFeatures(dimensions);
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map((t) => this.embedDocument(t));
  }

  /**
   * A document's text is embedded with the words a reader writes for its names added
   * (`basicAuth`: "basic auth", `'~'`: "tilde", see `readerWords`), so a question in words finds
   * the option or page named in one; a query is embedded as written (but for its phrasal verbs,
   * see {@link embedQuery}), so a name such as "OpenAI" does not turn into common words.
   */
  embedDocument(text: string): number[] {
    const vector = new Array<number>(this.dimensions).fill(0);
    this.embedDocumentInto(text, vector, 0);
    return vector;
  }

  /**
   * {@link embedDocument} written into `out` from `offset` (`dimensions` values, which must be 0
   * there), as the embedder's thread fills one array with a batch's vectors.
   */
  embedDocumentInto(text: string, out: { [index: number]: number }, offset: number): void {
    const parts = readerWords(text);
    this.features.embedInto(parts ? `${text}\n${parts}` : text, out, offset);
  }

  /**
   * A query is embedded with the other spelling of its phrasal verbs added (`set up`: "setup", see
   * `phrasalSpellings`), so "How do I set up a remote?" finds the page that says "setup".
   */
  async embedQuery(text: string): Promise<number[]> {
    const other = phrasalSpellings(text);
    return this.embed(other ? `${text}\n${other}` : text);
  }

  embed(text: string): number[] {
    const vector = new Array<number>(this.dimensions).fill(0);
    this.features.embedInto(text, vector, 0);
    return vector;
  }
}
