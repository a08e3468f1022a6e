import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { createAnswerer, type Answerer } from '@docqa/answering';
import type { Config } from '@docqa/config';
import { QUEUE_NAMES } from '@docqa/contracts';
import { DocumentStore, Ingestor } from '@docqa/ingest';
import { Keys, connectRedis, closeRedis } from '@docqa/records';
import { createRetrieval } from '@docqa/retrieval';
import { createIngestWorker } from './ingest-worker';
import type { ConsumerFactory } from './worker-runtime';

/** The worker's view of the knowledge base: how it answers and which extra queues it consumes. */
export interface WorkerKnowledgeBase {
  answerer: Answerer;
  consumers: ConsumerFactory[];
  close(): Promise<void>;
}

/** Builds retrieval, the answerer and the ingest consumer for the configured providers. */
export async function createKnowledgeBase(config: Config, logger: Logger): Promise<WorkerKnowledgeBase> {
  const retrieval = await createRetrieval(config);
  const keys = new Keys(config.redisPrefix);
  const redis = await connectRedis(config.redisUrl, 'command', 'docqa-worker-docs');
  const ingestQueue = new Queue(QUEUE_NAMES.ingest, { connection: redis, prefix: keys.queuePrefix() });
  ingestQueue.on('error', (err) => logger.warn({ err }, 'ingest queue connection error'));
  const ingestor = new Ingestor({
    store: retrieval.deps.store,
    embedder: retrieval.deps.embedder,
    documents: new DocumentStore({ redis, keys }),
    chunking: { size: config.chunkSize, overlap: config.chunkOverlap },
    logger,
    waitingJobs: () => ingestQueue.getWaitingCount(),
  });
  const ingest: ConsumerFactory = ({ metrics }) =>
    createIngestWorker({
      metrics,
      connection: { url: config.redisUrl, maxRetriesPerRequest: null },
      prefix: keys.queuePrefix(),
      ingestor,
      logger,
      lockMs: config.jobLockMs,
    });
  return {
    answerer: createAnswerer(config, { retriever: retrieval }),
    consumers: [ingest],
    async close() {
      await retrieval.deps.store.close();
      await ingestQueue.close();
      await closeRedis(redis);
    },
  };
}
