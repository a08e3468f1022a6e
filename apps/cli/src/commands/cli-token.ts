import type { Redis } from 'ioredis';
import { TokenStore } from '@docqa/auth';
import { type Scope } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';
import type { CliTokenFile } from './cli-token-file';

/** Lifetime of a token the CLI mints for itself. */
export const CLI_TOKEN_TTL_MS = 3600_000;
/** A kept token is not handed out in its last minutes, so a long command does not outlive it. */
const REUSE_MARGIN_MS = 300_000;
/** Name of the tokens the CLI mints for itself, as `tokens list` shows them. */
export const CLI_TOKEN_NAME = 'cli (short-lived)';

/**
 * A short-lived token of `tenant` with `scopes` for the CLI's own calls: the one it minted before
 * while that is still valid (not revoked, not in its last minutes), else a new one. The clear token
 * is kept in the user's {@link CliTokenFile}, never in Redis: Redis holds only its hash, like every
 * other token's, so reading Redis gives nobody a token to call the API with.
 */
export async function cliToken(
  clients: { redis: Redis; keys: Keys },
  kept: CliTokenFile,
  tenant: string,
  scopes: readonly Scope[],
): Promise<string> {
  const store = new TokenStore(clients);
  const entry = `${clients.keys.prefix} ${tenant} ${[...scopes].sort().join(',')}`;
  const cached = await kept.get(entry);
  if (cached && (await store.verify(cached))) return cached;
  const { token } = await store.create({
    tenant,
    scopes: [...scopes],
    name: CLI_TOKEN_NAME,
    ttlMs: CLI_TOKEN_TTL_MS,
  });
  try {
    await kept.put(entry, token, Date.now() + CLI_TOKEN_TTL_MS - REUSE_MARGIN_MS);
  } catch (err) {
    // Keeping the token saves the next command a token; failing to keep it must not fail this one.
    process.stderr.write(
      `docqa: could not keep the CLI's token in ${kept.path} (${(err as Error).message}); ` +
        'the next command mints another (set DOCQA_CONFIG_DIR to a folder you can write)\n',
    );
  }
  return token;
}
