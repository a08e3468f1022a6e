/** Turns text into vectors; implementations: local (offline) and OpenAI-compatible. */
export interface Embedder {
  readonly dimensions: number;
  embedDocuments(texts: string[]): Promise<number[][]>;
  embedQuery(text: string): Promise<number[]>;
}
