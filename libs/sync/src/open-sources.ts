import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DocumentService } from '@docqa/ingest';
import type { SourceQueue } from '@docqa/queue';
import type { ParseLimits } from '@docqa/sources';
import { Lease, type Keys } from '@docqa/redis';
import { SecretBox } from './secret-box';
import { SourceService } from './source-service';
import { SourceStore } from './source-store';
import { SourceSyncer } from './source-syncer';

/** The sources: the API's service, the worker's syncer. */
export interface Sources {
  service: SourceService;
  syncer: SourceSyncer;
}

/** The settings sources are built from (named as in `@docqa/config`). */
export interface SourceSettings {
  /** How long a sync holds a source's lease before another process may take it over, ms. */
  jobLockMs: number;
  /** Sources synced at once by one worker. */
  sourcesConcurrency: number;
  /** Whether sources may fetch from private and loopback addresses. */
  sourcesAllowPrivateNetworks: boolean;
  /** GitHub REST API that `github` sources read. */
  githubApiUrl: string;
  /** Key that encrypts stored secrets; none: sources cannot hold secrets. */
  secretsKey?: string;
}

/** Builds the source service and syncer over the process's Redis connection and `sources` producer. */
export function createSources(
  settings: SourceSettings,
  deps: {
    redis: Redis;
    keys: Keys;
    queue: SourceQueue;
    documents: DocumentService;
    parseLimits: ParseLimits;
    logger: Logger;
  },
): Sources {
  const { redis, keys, queue } = deps;
  const store = new SourceStore({ redis, keys });
  const secrets = new SecretBox(settings.secretsKey);
  const lease = new Lease(redis);
  return {
    service: new SourceService({
      store,
      queue,
      documents: deps.documents,
      secrets,
      lease,
      keys,
      leaseMs: settings.jobLockMs,
    }),
    syncer: new SourceSyncer({
      store,
      lease,
      keys,
      documents: deps.documents,
      logger: deps.logger,
      leaseMs: settings.jobLockMs,
      concurrency: settings.sourcesConcurrency,
      allowPrivateNetworks: settings.sourcesAllowPrivateNetworks,
      githubApiUrl: settings.githubApiUrl,
      parseLimits: deps.parseLimits,
      secrets,
    }),
  };
}
