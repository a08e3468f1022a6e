import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createApiServices, startApi, type ApiHandle, type ApiServices } from '@docqa/api-server';
import type { Config } from '@docqa/config';
import type { Metrics } from '@docqa/metrics';
import { DeliveryQueue, QuestionQueue } from '@docqa/queue';
import { bullConnection, closeRedis, coalesceWritesOf, connectRedis } from '@docqa/redis';
import { closeInOrder } from './close-in-order';
import { composeKnowledgeBase, type KnowledgeBase } from './knowledge-base';
import { openProcessClients } from './process-clients';

/** What an API process is given beside its settings. */
export interface ApiProcessOptions {
  logger: Logger;
  version: string;
  /** Folders of the built widget, Swagger UI, portal and docs to serve (none: not served). */
  widgetDir?: string;
  swaggerUiDir?: string;
  adminDir?: string;
  docsDir?: string;
  /** Widget token of the demo page (none: no demo page). */
  demoToken?: string;
  metrics?: Metrics;
  /** Record when each token was last used. @defaultValue true */
  recordTokenUse?: boolean;
  /**
   * Knowledge-base services in place of those of the configured stores and providers (tests and
   * benchmarks of questions and the widget). @defaultValue the configured knowledge base
   */
  services?: ApiServices;
  /** Clock of the question log and its reports (tests move it instead of waiting). @defaultValue Date.now */
  now?: () => number;
}

/**
 * The API process, composed: its Redis connections (one for commands, one for pub/sub, and the
 * `questions` and `deliveries` producers'), the key-layout migration, the knowledge base and the HTTP server.
 * `close` stops the server, then closes what was opened here, in reverse order.
 */
export async function composeApi(config: Config, opts: ApiProcessOptions): Promise<ApiHandle> {
  const { logger } = opts;
  // Concurrent requests' commands go to Redis together (see RedisSendOptions).
  const clients = await openProcessClients(config, 'docqa-api', logger, { coalesceWrites: true });
  const subscriber = await connectRedis(clients.target, 'blocking', 'docqa-api-sub');
  const queue = new QuestionQueue(
    {
      connection: bullConnection(clients.target, 'command', 'docqa-api-queue'),
      prefix: clients.keys.queuePrefix(),
      attempts: config.jobAttempts,
    },
    (err) => logger.warn({ err }, 'questions queue connection error'),
  );
  const deliveries = new DeliveryQueue(
    {
      connection: bullConnection(clients.target, 'command', 'docqa-api-deliveries'),
      prefix: clients.keys.queuePrefix(),
    },
    (err) => logger.warn({ err }, 'deliveries queue connection error'),
  );
  let knowledgeBase: KnowledgeBase | undefined;
  const closeAll = () =>
    closeInOrder(
      () => knowledgeBase?.close(),
      () => deliveries.close(),
      () => queue.close(),
      () => closeRedis(subscriber),
      () => clients.close(),
    );
  try {
    await Promise.all([queue.queue.waitUntilReady(), deliveries.queue.waitUntilReady()]);
    // Questions asked together are enqueued in one write, as the command connection writes.
    coalesceWritesOf((await queue.queue.getBackend().client) as unknown as Redis);
    let services = opts.services;
    if (!services) {
      knowledgeBase = await composeKnowledgeBase(config, clients, { logger });
      services = createApiServices(config, {
        ...knowledgeBase,
        sources: knowledgeBase.sources.service,
      });
    }
    if (opts.now) services = { ...services, now: opts.now };
    const api = await startApi(config, { ...clients, subscriber, queue, deliveries }, services, opts);
    return {
      ...api,
      close: () => closeInOrder(() => api.close(), closeAll),
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
