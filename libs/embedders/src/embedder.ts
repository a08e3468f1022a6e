/**
 * Turns text into vectors; implementations: local (offline) and OpenAI-compatible. `V` is a
 * document's vector: an array, or, from the embedder ingestion uses (`ingestionEmbedder`), a view
 * of the batch's one typed array.
 */
export interface Embedder<V extends ArrayLike<number> = number[]> {
  readonly dimensions: number;
  embedDocuments(texts: string[]): Promise<V[]>;
  embedQuery(text: string): Promise<number[]>;
}
