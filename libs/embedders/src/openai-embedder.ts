import { OpenAIEmbeddings } from '@langchain/openai';
import type { Embedder } from './embedder';

/** Options of {@link OpenAIEmbedder}. */
export interface OpenAIEmbedderOptions {
  model: string;
  apiKey?: string;
  baseUrl?: string;
  /** Requested size; 0 or undefined: the model's own. */
  dimensions?: number;
  /** Texts per request. @defaultValue 256 */
  batchSize?: number;
  /** Retries on 429/5xx with back-off. @defaultValue 3 */
  maxRetries?: number;
  timeoutMs?: number;
}

/** Embeddings from any OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Azure, vLLM, Ollama…). */
export class OpenAIEmbedder implements Embedder {
  private readonly client: OpenAIEmbeddings;
  private size: number;

  constructor(options: OpenAIEmbedderOptions) {
    this.client = new OpenAIEmbeddings({
      model: options.model,
      apiKey: options.apiKey ?? 'not-needed',
      dimensions: options.dimensions || undefined,
      batchSize: options.batchSize ?? 256,
      maxRetries: options.maxRetries ?? 3,
      timeout: options.timeoutMs,
      configuration: options.baseUrl ? { baseURL: options.baseUrl } : undefined,
    });
    this.size = options.dimensions ?? 0;
  }

  /** Known after the first call when the model's own size is used. */
  get dimensions(): number {
    return this.size;
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    const vectors = await this.client.embedDocuments(texts);
    if (vectors[0]) this.size = vectors[0].length;
    return vectors;
  }

  async embedQuery(text: string): Promise<number[]> {
    const vector = await this.client.embedQuery(text);
    this.size = vector.length;
    return vector;
  }
}
