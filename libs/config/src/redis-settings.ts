import { z } from 'zod';
import { hostPortList, optionalString } from './setting-schemas';

/**
 * The settings that say where docqa's Redis is (one server, Sentinel or Cluster), with which
 * passwords and under which key prefix, in the order of the README's table; part of
 * {@link SETTINGS}.
 */
export const REDIS_SETTINGS = {
  redisUrl: {
    env: 'REDIS_URL',
    schema: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL'),
    default: 'redis://127.0.0.1:6379',
    doc: 'Redis holding records, queues, event streams and rate limits (one server; see REDIS_SENTINELS and REDIS_CLUSTER_NODES).',
  },
  redisSentinels: {
    env: 'REDIS_SENTINELS',
    schema: hostPortList.optional(),
    default: undefined,
    doc: 'Sentinels to ask for the current master, `host:port,...`; when set, REDIS_URL is not used and failovers are followed.',
  },
  redisSentinelName: {
    env: 'REDIS_SENTINEL_NAME',
    schema: z.string().min(1),
    default: 'docqa',
    doc: 'Name of the master the sentinels watch (with REDIS_SENTINELS).',
  },
  redisSentinelPassword: {
    env: 'REDIS_SENTINEL_PASSWORD',
    schema: optionalString,
    default: undefined,
    doc: 'Password of the sentinels themselves, if they need one.',
  },
  redisClusterNodes: {
    env: 'REDIS_CLUSTER_NODES',
    schema: hostPortList.optional(),
    default: undefined,
    doc: 'Some nodes of a Redis Cluster, `host:port,...` (the rest are discovered); when set, REDIS_URL is not used.',
  },
  redisPassword: {
    env: 'REDIS_PASSWORD',
    schema: optionalString,
    default: undefined,
    doc: 'Password of the Redis data nodes with REDIS_SENTINELS or REDIS_CLUSTER_NODES (with REDIS_URL, put it in the URL).',
  },
  redisPrefix: {
    env: 'REDIS_PREFIX',
    schema: z.string().regex(/^[\w:-]+$/),
    default: 'docqa',
    doc: 'Prefix of every Redis key and BullMQ queue (several installations can share one Redis).',
  },
} as const;
