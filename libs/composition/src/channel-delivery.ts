import type { Worker } from 'bullmq';
import type { Logger } from 'pino';
import { ChannelDelivery } from '@docqa/channels';
import type { Config } from '@docqa/config';
import { QuestionEvents } from '@docqa/questions';
import { QuestionStore } from '@docqa/records';
import { ChangeFeed, bullConnection, connectRedis } from '@docqa/redis';
import { SecretBox } from '@docqa/sync';
import { createDeliveryWorker } from '@docqa/worker-runtime';
import type { ProcessClients } from './process-clients';

/** The worker's channel deliveries: the `deliveries` consumer and what it opened. */
export interface ChannelDeliveryConsumer {
  consumer: Worker;
  /** Closes what the deliveries opened (after the consumer is closed). */
  close(): Promise<void>;
}

/**
 * Composes the posting of Slack and Discord answers in the worker: the answers' events followed
 * through a change feed of its own (a pub/sub connection), the integrations' secrets opened with
 * `SECRETS_KEY`, and the `deliveries` consumer.
 */
export async function composeChannelDelivery(
  config: Config,
  clients: ProcessClients,
  logger: Logger,
): Promise<ChannelDeliveryConsumer> {
  const { target, keys, redis } = clients;
  const feed = new ChangeFeed({
    subscriber: await connectRedis(target, 'blocking', 'docqa-worker-sub'),
    keys,
  });
  const ttlSeconds = config.recordTtlDays * 86400;
  const store = new QuestionStore({ redis, keys, ttlSeconds });
  const events = new QuestionEvents({ store, feed });
  const delivery = new ChannelDelivery({
    redis,
    keys,
    secrets: new SecretBox(config.secretsKey),
    logger: logger.child({ component: 'channels' }),
    slackApiUrl: config.slackApiUrl,
    discordApiUrl: config.discordApiUrl,
    ttlSeconds,
    feed: {
      events: (tenant, questionId) => events.follow(tenant, questionId),
      question: async (tenant, questionId) => (await store.get(tenant, questionId)).record,
    },
  });
  const consumer = createDeliveryWorker({
    connection: bullConnection(target, 'blocking', 'docqa-deliveries-worker'),
    prefix: keys.queuePrefix(),
    deliverer: delivery,
    logger,
    lockMs: config.jobLockMs,
  });
  return {
    consumer,
    async close() {
      delivery.close();
      await feed.close();
    },
  };
}
