import { OpenAIEmbeddings } from '@langchain/openai';
import type { Embedder } from './embedder';

/** Options of {@link OpenAIEmbedder}. */
export interface OpenAIEmbedderOptions {
  /** The embedding model's name, as the endpoint knows it. */
  model: string;
  /**
   * Sent as the bearer token; local servers that need none accept any.
   * @defaultValue `'not-needed'`
   */
  apiKey?: string;
  /**
   * Base URL of the OpenAI-compatible API (`…/v1`).
   * @defaultValue OpenAI's own (`https://api.openai.com/v1`)
   */
  baseUrl?: string;
  /**
   * Requested size of the vectors; 0: the model's own.
   * @defaultValue the model's own size
   */
  dimensions?: number;
  /**
   * Texts per request.
   * @defaultValue 256
   */
  batchSize?: number;
  /**
   * Retries on 429/5xx with back-off.
   * @defaultValue 3
   */
  maxRetries?: number;
  /**
   * Time-out of one request, in milliseconds.
   * @defaultValue the OpenAI client's own
   */
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
