import { TokenStore } from '@docqa/auth';
import { SCOPES, type Scope } from '@docqa/contracts';
import { withRedis } from './redis-clients';

/** Runs `run` with the token store of REDIS_URL and the scopes that exist, then disconnects. */
export function withTokenStore<T>(
  run: (tokens: TokenStore, scopes: readonly Scope[]) => Promise<T>,
): Promise<T> {
  return withRedis((clients) => run(new TokenStore(clients), SCOPES));
}
