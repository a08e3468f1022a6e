import type { Logger } from 'pino';
import { createAnswerer, type Answerer } from '@docqa/answering';
import type { Config } from '@docqa/config';
import { createDocumentService, type DocumentServices } from '@docqa/ingest';
import { IngestQueue, SourceQueue } from '@docqa/queue';
import { bullConnection } from '@docqa/redis';
import { createRetrieval } from '@docqa/retrieval-setup';
import { ingestionEmbedder } from '@docqa/embedders';
import { type Retrieval } from '@docqa/retrieval';
import type { ParseLimits } from '@docqa/sources';
import { createSources, type Sources } from '@docqa/sync';
import { parseLimitsOf } from './parse-limits';
import type { ProcessClients } from './process-clients';

/** Retrieval, the answerer, documents and sources of the configured providers and stores. */
export interface KnowledgeBase {
  retrieval: Retrieval;
  answerer: Answerer;
  documents: DocumentServices;
  sources: Sources;
  parseLimits: ParseLimits;
  /** Closes the queue producers, the embedding thread and the vector store it opened. */
  close(): Promise<void>;
}

/**
 * Builds the knowledge base over the process's connection. In the worker (`ingestion`),
 * documents are embedded on a thread of their own (the local embedder), questions on the main one.
 */
export async function composeKnowledgeBase(
  config: Config,
  clients: ProcessClients,
  opts: { logger: Logger; ingestion?: boolean },
): Promise<KnowledgeBase> {
  const { target, keys, redis } = clients;
  const { logger } = opts;
  // The API serves searches: its mirror follows the table (the worker's only after a question).
  const retrieval = await createRetrieval(config, { logger, servesSearches: !opts.ingestion });
  const ingestion = opts.ingestion ? ingestionEmbedder(retrieval.deps.embedder) : undefined;
  const embedder = ingestion ?? retrieval.deps.embedder;
  const ingestQueue = new IngestQueue(
    {
      connection: bullConnection(target, 'command', 'docqa-ingest-queue'),
      prefix: keys.queuePrefix(),
      attempts: config.jobAttempts,
    },
    (err) => logger.warn({ err }, 'ingest queue connection error'),
  );
  const sourceQueue = new SourceQueue(
    { connection: bullConnection(target, 'command', 'docqa-sources-queue'), prefix: keys.queuePrefix() },
    (err) => logger.warn({ err }, 'sources queue connection error'),
  );
  const parseLimits = parseLimitsOf(config);
  const documents = createDocumentService(config, {
    redis,
    keys,
    queue: ingestQueue,
    store: retrieval.deps.store,
    embedder,
    logger,
  });
  const sources = createSources(config, {
    redis,
    keys,
    queue: sourceQueue,
    documents: documents.service,
    parseLimits,
    logger,
  });
  return {
    retrieval,
    answerer: createAnswerer(config, { retriever: retrieval }),
    documents,
    sources,
    parseLimits,
    async close() {
      await sourceQueue.close();
      await ingestQueue.close();
      await ingestion?.close?.();
      await retrieval.deps.store.close();
    },
  };
}
