import { SCOPES, TokenStore, type Scope } from '@docqa/auth';
import { loadConfig } from '@docqa/config';
import { Keys, closeRedis, connectRedis } from '@docqa/records';

/** Runs `run` with the token store of REDIS_URL and the scopes that exist, then disconnects. */
export async function withTokenStore<T>(
  run: (tokens: TokenStore, scopes: readonly Scope[]) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const redis = await connectRedis(config.redisUrl, 'command', 'docqa-cli').catch((err: Error) => {
    throw new Error(`cannot reach Redis at ${config.redisUrl} (REDIS_URL): ${err.message}`);
  });
  try {
    return await run(new TokenStore({ redis, keys: new Keys(config.redisPrefix) }), SCOPES);
  } finally {
    await closeRedis(redis);
  }
}
