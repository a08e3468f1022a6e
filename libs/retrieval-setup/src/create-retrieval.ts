import { join } from 'node:path';
import { QdrantClient } from '@qdrant/js-client-rest';
import { EmbeddedStore, type MirrorEvents } from '@docqa/embedded-store';
import { type Embedder, LocalEmbedder, OpenAIEmbedder } from '@docqa/embedders';
import { QdrantStore } from '@docqa/qdrant-store';
import { Retrieval, type VectorStore } from '@docqa/retrieval';

/** Time-out of one Qdrant request (the client's own default is five minutes). */
const QDRANT_TIMEOUT_MS = 60_000;

/** The settings the embedder, the vector store and retrieval are built from (named as in `@docqa/config`). */
export interface RetrievalSettings {
  /** `local` (offline) or `openai` (any OpenAI-compatible server). */
  embeddingsProvider: 'local' | 'openai';
  embeddingsModel: string;
  /** Vector size asked of the OpenAI embedder; 0: the model's own. */
  embeddingsDimensions: number;
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  /** Time-out of one embeddings request, ms. */
  llmTimeoutMs: number;
  vectorStore: 'embedded' | 'qdrant';
  /** Qdrant REST URL; required when `vectorStore` is `qdrant`. */
  qdrantUrl?: string;
  qdrantApiKey?: string;
  qdrantCollection: string;
  /** The embedded store lives in `lancedb/` under it. */
  dataDir: string;
  /**
   * Most megabytes of LanceDB's index cache in the process that serves searches (the embedded
   * store); absent: LanceDB's default.
   */
  searchIndexCacheMb?: number;
}

/** The embedder of the configured provider. */
export function createEmbedder(config: RetrievalSettings): Embedder {
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

/** How the process uses the store it opens. */
export interface StoreUse {
  /** The store logs with it when given. */
  logger?: StoreLogger;
  /**
   * The process serves searches (the API): the embedded store's search mirror follows the table
   * from the start rather than from the first search (see `EmbeddedStoreOptions.followTable`).
   */
  servesSearches?: boolean;
}

/**
 * The vector store of the configured kind. `vectorSize` is the embedder's size when known up
 * front (a Qdrant collection is created with it); otherwise the first vectors written set it.
 */
export async function createVectorStore(
  config: RetrievalSettings,
  vectorSize?: number,
  { logger, servesSearches = false }: StoreUse = {},
): Promise<VectorStore> {
  if (config.vectorStore === 'qdrant') {
    if (!config.qdrantUrl) throw new Error('QDRANT_URL: required when VECTOR_STORE=qdrant');
    const client = new QdrantClient({
      url: config.qdrantUrl,
      apiKey: config.qdrantApiKey,
      timeout: QDRANT_TIMEOUT_MS,
      // The client's own check prints to the console, outside the JSON logs, and suggests a setting
      // operators cannot set; the store checks the server's version itself (`health`).
      checkCompatibility: false,
    });
    return new QdrantStore({ client, collection: config.qdrantCollection, vectorSize });
  }
  return EmbeddedStore.open(join(config.dataDir, 'lancedb'), {
    searchMirror: logger ? mirrorLog(logger) : true,
    followTable: servesSearches,
    indexCacheBytes:
      servesSearches && config.searchIndexCacheMb !== undefined
        ? config.searchIndexCacheMb * 2 ** 20
        : undefined,
  });
}

/** The part of a pino logger the store logs with. */
export interface StoreLogger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * The search mirror's catching up as log lines: a build at info, each catching up with a new
 * version at debug, each failure as a warning.
 */
function mirrorLog(logger: StoreLogger): MirrorEvents {
  return {
    caughtUp: (info) => {
      if (info.rebuilt) logger.info(info, 'search mirror built');
      else logger.debug(info, 'search mirror caught up');
    },
    failed: (error) =>
      logger.warn({ err: error }, 'search mirror could not catch up; searches use the indexes'),
  };
}

/** Retrieval over the configured store and embedder, opened for `use`. */
export async function createRetrieval(config: RetrievalSettings, use: StoreUse = {}): Promise<Retrieval> {
  const embedder = createEmbedder(config);
  return new Retrieval({ store: await createVectorStore(config, embedder.dimensions, use), embedder });
}
