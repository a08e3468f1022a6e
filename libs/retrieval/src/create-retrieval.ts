import { join } from 'node:path';
import type { Config } from '@docqa/config';
import { EmbeddedStore } from './embedded-store';
import type { Embedder } from './embedder';
import { LocalEmbedder } from './local-embedder';
import { OpenAIEmbedder } from './openai-embedder';
import { Retrieval } from './retrieval';
import type { VectorStore } from './vector-store';

/** The embedder of the configured provider. */
export function createEmbedder(config: Config): Embedder {
  if (config.embeddingsProvider === 'openai') {
    return new OpenAIEmbedder({
      model: config.embeddingsModel,
      apiKey: config.openaiApiKey,
      baseUrl: config.openaiBaseUrl,
      dimensions: config.embeddingsDimensions || undefined,
      timeoutMs: config.llmTimeoutMs,
    });
  }
  return new LocalEmbedder();
}

/** The vector store of the configured kind. */
export async function createVectorStore(config: Config): Promise<VectorStore> {
  if (config.vectorStore === 'qdrant') {
    throw new Error('VECTOR_STORE=qdrant is not available in this build yet; use VECTOR_STORE=embedded');
  }
  return EmbeddedStore.open(join(config.dataDir, 'lancedb'));
}

/** Retrieval over the configured store and embedder. */
export async function createRetrieval(config: Config): Promise<Retrieval> {
  return new Retrieval({ store: await createVectorStore(config), embedder: createEmbedder(config) });
}
