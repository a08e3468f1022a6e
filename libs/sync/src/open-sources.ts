import type { Logger } from 'pino';
import type { Config } from '@docqa/config';
import type { DocumentService } from '@docqa/ingest';
import { SourceQueue } from '@docqa/queue';
import { parseLimitsOf } from '@docqa/sources';
import { Keys, Lease, bullConnection, closeRedis, connectRedis, redisTarget } from '@docqa/redis';
import { SecretBox } from './secret-box';
import { SourceService } from './source-service';
import { SourceStore } from './source-store';
import { SourceSyncer } from './source-syncer';

/** The sources of the configured Redis: the API's service, the worker's syncer. */
export interface OpenSources {
  service: SourceService;
  syncer: SourceSyncer;
  close(): Promise<void>;
}

/** Builds the source service and syncer over their own Redis connection and `sources` producer. */
export async function openSources(
  config: Config,
  deps: { documents: DocumentService; logger: Logger },
): Promise<OpenSources> {
  const keys = new Keys(config.redisPrefix);
  const target = redisTarget(config);
  const redis = await connectRedis(target, 'command', 'docqa-sources');
  const queue = new SourceQueue(
    {
      connection: bullConnection(target, 'command', 'docqa-sources-queue'),
      prefix: keys.queuePrefix(),
    },
    (err) => deps.logger.warn({ err }, 'sources queue connection error'),
  );
  const store = new SourceStore({ redis, keys });
  const secrets = new SecretBox(config.secretsKey);
  const lease = new Lease(redis);
  return {
    service: new SourceService({
      store,
      queue,
      documents: deps.documents,
      secrets,
      lease,
      keys,
      leaseMs: config.jobLockMs,
    }),
    syncer: new SourceSyncer({
      store,
      lease,
      keys,
      documents: deps.documents,
      logger: deps.logger,
      leaseMs: config.jobLockMs,
      concurrency: config.sourcesConcurrency,
      allowPrivateNetworks: config.sourcesAllowPrivateNetworks,
      githubApiUrl: config.githubApiUrl,
      parseLimits: parseLimitsOf(config),
      secrets,
    }),
    async close() {
      await queue.close();
      await closeRedis(redis);
    },
  };
}
