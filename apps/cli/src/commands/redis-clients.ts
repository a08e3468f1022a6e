import { loadConfig } from '@docqa/config';
import { Keys, closeRedis, connectRedis } from '@docqa/records';
import type { Redis } from 'ioredis';

/** Runs `run` with a Redis connection of the configured REDIS_URL and key prefix, then closes it. */
export async function withRedis<T>(run: (clients: { redis: Redis; keys: Keys }) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const redis = await connectRedis(config.redisUrl, 'command', 'docqa-cli').catch((err: Error) => {
    throw new Error(`cannot reach Redis at ${config.redisUrl} (REDIS_URL): ${err.message}`);
  });
  try {
    return await run({ redis, keys: new Keys(config.redisPrefix) });
  } finally {
    await closeRedis(redis);
  }
}
