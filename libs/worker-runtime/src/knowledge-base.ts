import type { Logger } from 'pino';
import { type Answerer, createAnswerer } from '@docqa/answering';
import type { Config } from '@docqa/config';
import { openDocumentService } from '@docqa/ingest';
import { Keys, bullConnection, closeRedis, connectRedis, migrateKeyLayout, redisTarget } from '@docqa/redis';
import { createRetrieval } from '@docqa/retrieval-setup';
import { ingestionEmbedder } from '@docqa/embedders';
import { parseLimitsOf } from '@docqa/sources';
import { openSources } from '@docqa/sync';
import { createIngestWorker } from './ingest-worker';
import { createSourceWorker } from './source-worker';
import { bindRecordsToStore } from './store-binding';
import type { ConsumerFactory } from './worker-runtime';

/** The worker's view of the knowledge base: how it answers and which extra queues it consumes. */
export interface WorkerKnowledgeBase {
  answerer: Answerer;
  consumers: ConsumerFactory[];
  close(): Promise<void>;
}

/** Builds retrieval, the answerer and the ingest and source-sync consumers for the configured providers. */
export async function createKnowledgeBase(config: Config, logger: Logger): Promise<WorkerKnowledgeBase> {
  const retrieval = await createRetrieval(config, logger);
  const keys = new Keys(config.redisPrefix);
  // Documents are embedded on a thread of their own (the local embedder), questions here.
  const embedder = ingestionEmbedder(retrieval.deps.embedder);
  const documents = await openDocumentService(config, { ...retrieval.deps, embedder, logger });
  const sources = await openSources(config, { documents: documents.service, logger });
  const redis = await connectRedis(redisTarget(config), 'command', 'docqa-store-binding');
  try {
    // Before any job: records of documents the store does not hold would be skipped as unchanged.
    // The records are read in the current key layout (startWorker's migration then finds it done).
    await migrateKeyLayout(redis, keys, logger);
    await bindRecordsToStore({
      redis,
      keys,
      store: retrieval.deps.store,
      documents: documents.service.records,
      sources: sources.service,
      logger,
    });
  } finally {
    await closeRedis(redis);
  }
  const ingest: ConsumerFactory = ({ metrics }) =>
    createIngestWorker({
      metrics,
      connection: bullConnection(redisTarget(config), 'blocking', 'docqa-ingest-worker'),
      prefix: keys.queuePrefix(),
      ingestor: documents.service,
      uploads: documents.uploads.store,
      logger,
      lockMs: config.jobLockMs,
      parseLimits: parseLimitsOf(config),
    });
  const sync: ConsumerFactory = () =>
    createSourceWorker({
      connection: bullConnection(redisTarget(config), 'blocking', 'docqa-sources-worker'),
      prefix: keys.queuePrefix(),
      syncer: sources.syncer,
      logger,
      lockMs: config.jobLockMs,
    });
  return {
    answerer: createAnswerer(config, { retriever: retrieval }),
    consumers: [ingest, sync],
    async close() {
      await sources.close();
      await documents.close();
      await embedder.close?.();
      await retrieval.deps.store.close();
    },
  };
}
