import { Keys, closeRedis, connectRedis, describeRedisTarget, redisTarget } from '@docqa/redis';
import type { Redis } from 'ioredis';
import { cliConfig } from './cli-config';

/** Runs `run` with a connection to the configured Redis (URL, Sentinel or Cluster) and key prefix, then closes it. */
export async function withRedis<T>(run: (clients: { redis: Redis; keys: Keys }) => Promise<T>): Promise<T> {
  const config = cliConfig();
  const target = redisTarget(config);
  const redis = await connectRedis(target, 'command', 'docqa-cli').catch((err: Error) => {
    throw new Error(`cannot reach Redis at ${describeRedisTarget(target)}: ${err.message}`);
  });
  try {
    return await run({ redis, keys: new Keys(config.redisPrefix) });
  } finally {
    await closeRedis(redis);
  }
}
