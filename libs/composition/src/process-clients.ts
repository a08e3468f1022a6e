import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '@docqa/config';
import {
  Keys,
  closeRedis,
  connectRedis,
  migrateKeyLayout,
  redisTarget,
  type RedisSendOptions,
  type RedisTarget,
} from '@docqa/redis';

/** The Redis of one process: where it is, its key names, and its one command connection. */
export interface ProcessClients {
  target: RedisTarget;
  keys: Keys;
  /** The command connection every store of the process shares (fails fast when Redis is down). */
  redis: Redis;
  close(): Promise<void>;
}

/**
 * Opens the process's command connection and brings the key layout up to date, once, before any
 * store reads a record. `send`: how the connection sends its commands (the API's coalesces the writes
 * of concurrent requests).
 */
export async function openProcessClients(
  config: Config,
  name: string,
  logger: Logger,
  send: RedisSendOptions = {},
): Promise<ProcessClients> {
  const target = redisTarget(config);
  const keys = new Keys(config.redisPrefix);
  const redis = await connectRedis(target, 'command', name, send);
  try {
    await migrateKeyLayout(redis, keys, logger);
  } catch (err) {
    await closeRedis(redis);
    throw err;
  }
  return { target, keys, redis, close: () => closeRedis(redis) };
}
