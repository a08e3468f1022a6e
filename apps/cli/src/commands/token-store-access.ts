import { TokenStore, tokenLifetimeMs } from '@docqa/auth';
import { SCOPES, type Scope } from '@docqa/contracts';
import { cliConfig } from './cli-config';
import { withRedis } from './redis-clients';

/** What the tokens commands know beside the store: the scopes that exist and a new token's lifetime. */
export interface TokenAccess {
  scopes: readonly Scope[];
  /** A new token's lifetime, ms: `--expires` (null: never), else TOKEN_EXPIRES_DAYS's (`tokenLifetimeMs`). */
  lifetimeMs(asked: { ms: number | null | undefined; widget: boolean }): number | undefined;
}

/** Runs `run` with the token store of REDIS_URL, the scopes and the default lifetime, then disconnects. */
export function withTokenStore<T>(run: (tokens: TokenStore, access: TokenAccess) => Promise<T>): Promise<T> {
  const { tokenExpiresDays } = cliConfig();
  const lifetimeMs: TokenAccess['lifetimeMs'] = (asked) => tokenLifetimeMs(asked, tokenExpiresDays);
  return withRedis((clients) => run(new TokenStore(clients), { scopes: SCOPES, lifetimeMs }));
}
