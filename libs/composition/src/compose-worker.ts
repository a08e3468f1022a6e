import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Answerer } from '@docqa/answering';
import type { Config } from '@docqa/config';
import type { Metrics } from '@docqa/metrics';
import { bullConnection, closeRedis, connectRedis } from '@docqa/redis';
import {
  bindRecordsToStore,
  createIngestWorker,
  createSourceWorker,
  startWorker,
  type WorkerHandle,
} from '@docqa/worker-runtime';
import { composeChannelDelivery, type ChannelDeliveryConsumer } from './channel-delivery';
import { closeInOrder } from './close-in-order';
import { composeKnowledgeBase, type KnowledgeBase } from './knowledge-base';
import { openProcessClients, type ProcessClients } from './process-clients';

/** What a worker process is given beside its settings. */
export interface WorkerProcessOptions {
  logger: Logger;
  /** Filled with answer, ingest and queue metrics when given. */
  metrics?: Metrics;
  /**
   * How questions are answered in place of the configured knowledge base (tests); with it the
   * worker consumes the `questions` and `deliveries` queues only.
   * @defaultValue the configured knowledge base's answerer
   */
  answerer?: Answerer;
  /** How often a running answer is written to its record, ms. @defaultValue the processor's */
  flushIntervalMs?: number;
}

/**
 * The worker process, composed: its command connection, the key-layout migration, the knowledge
 * base bound to the vector store, the answer path's own connection, and the consumers of the
 * `questions`, `ingest`, `sources` and `deliveries` queues (the last posts Slack and Discord
 * answers, following their events through a pub/sub connection of its own). `close` lets the consumers finish (see
 * {@link WorkerHandle.close}), then closes what was opened here, in reverse order.
 */
export async function composeWorker(config: Config, opts: WorkerProcessOptions): Promise<WorkerHandle> {
  const { logger } = opts;
  const clients = await openProcessClients(config, 'docqa-worker-store', logger);
  let knowledgeBase: KnowledgeBase | undefined;
  let answerPath: Redis | undefined;
  let deliveries: ChannelDeliveryConsumer | undefined;
  const closeAll = () =>
    closeInOrder(
      () => deliveries?.close(),
      () => answerPath && closeRedis(answerPath),
      () => knowledgeBase?.close(),
      () => clients.close(),
    );
  try {
    let consumers: Worker[] = [];
    if (!opts.answerer) {
      knowledgeBase = await composeKnowledgeBase(config, clients, { logger, ingestion: true });
      consumers = await knowledgeBaseConsumers(config, clients, knowledgeBase, opts);
    }
    deliveries = await composeChannelDelivery(config, clients, logger);
    consumers.push(deliveries.consumer);
    // The answer path rides out an outage (a `blocking` connection) rather than lose an answer.
    answerPath = await connectRedis(clients.target, 'blocking', 'docqa-worker');
    const worker = await startWorker(
      config,
      { target: clients.target, keys: clients.keys, redis: answerPath },
      {
        answerer: opts.answerer ?? knowledgeBase!.answerer,
        logger,
        consumers,
        metrics: opts.metrics,
        flushIntervalMs: opts.flushIntervalMs,
      },
    );
    return {
      close: (graceMs) => closeInOrder(() => worker.close(graceMs), closeAll),
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}

/**
 * Binds the document records to the vector store (before any job: records of documents the store
 * does not hold would be skipped as unchanged), then makes the `ingest` and `sources` consumers.
 */
async function knowledgeBaseConsumers(
  config: Config,
  clients: ProcessClients,
  kb: KnowledgeBase,
  opts: WorkerProcessOptions,
): Promise<Worker[]> {
  const { target, keys, redis } = clients;
  await bindRecordsToStore({
    redis,
    keys,
    store: kb.retrieval.deps.store,
    documents: kb.documents.service.records,
    sources: kb.sources.service,
    logger: opts.logger,
  });
  return [
    createIngestWorker({
      metrics: opts.metrics,
      connection: bullConnection(target, 'blocking', 'docqa-ingest-worker'),
      prefix: keys.queuePrefix(),
      ingestor: kb.documents.service,
      uploads: kb.documents.uploads.store,
      logger: opts.logger,
      lockMs: config.jobLockMs,
      parseLimits: kb.parseLimits,
    }),
    createSourceWorker({
      connection: bullConnection(target, 'blocking', 'docqa-sources-worker'),
      prefix: keys.queuePrefix(),
      syncer: kb.sources.syncer,
      logger: opts.logger,
      lockMs: config.jobLockMs,
    }),
  ];
}
