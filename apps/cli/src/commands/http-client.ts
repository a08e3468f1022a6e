import { TokenStore, type Scope } from '@docqa/auth';
import { DocqaClient } from '@docqa/client';
import { loadConfig } from '@docqa/config';
import { Keys, closeRedis, connectRedis, redisTarget } from '@docqa/records';

/**
 * A client of the API. Without a token, and with Redis reachable at REDIS_URL, mints a token
 * for `--tenant` valid for one hour (a local convenience).
 */
export async function clientFor(
  opts: { url?: string; token?: string; tenant: string },
  scopes: Scope[],
): Promise<DocqaClient> {
  return new DocqaClient(await connectionFor(opts, scopes));
}

/** Base URL and token of the API as {@link clientFor} resolves them (minting a token if need be). */
export async function connectionFor(
  opts: { url?: string; token?: string; tenant: string },
  scopes: Scope[],
): Promise<{ baseUrl: string; token: string }> {
  const config = loadConfig();
  const baseUrl = opts.url ?? config.docqaUrl;
  let token = opts.token ?? config.docqaToken;
  if (!token) {
    const redis = await connectRedis(redisTarget(config), 'command', 'docqa-cli').catch(() => null);
    if (!redis)
      throw new Error(
        'no token: pass --token or set DOCQA_TOKEN (or run where REDIS_URL reaches docqa’s Redis)',
      );
    try {
      const store = new TokenStore({ redis, keys: new Keys(config.redisPrefix) });
      token = (
        await store.create({ tenant: opts.tenant, scopes, name: 'cli (short-lived)', ttlMs: 3600_000 })
      ).token;
    } finally {
      await closeRedis(redis);
    }
  }
  return { baseUrl, token };
}
