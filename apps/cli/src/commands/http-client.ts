import type { Scope } from '@docqa/contracts';
import { DocqaClient, EvalsClient, type HttpTransportOptions } from '@docqa/client';
import type { Config } from '@docqa/config';
import { Keys, closeRedis, connectRedis, describeRedisTarget, redisTarget } from '@docqa/redis';
import { apiFetch, type MintedToken } from './api-fetch';
import { cliConfig } from './cli-config';
import { cliToken } from './cli-token';
import { CliTokenFile } from './cli-token-file';
import { DEFAULT_CLI_TENANT, type ConnectionOptions } from './connection-options';

/**
 * A client of the API. Without a token, and with Redis reachable at REDIS_URL, uses a short-lived
 * token for `--tenant` that the CLI minted for itself (a local convenience; see {@link cliToken}).
 */
export async function clientFor(opts: ConnectionOptions, scopes: Scope[]): Promise<DocqaClient> {
  return new DocqaClient(await connectionFor(opts, scopes));
}

/** A client of the API's evaluations (scope `admin`), connected as {@link clientFor} connects. */
export async function evalsClientFor(opts: ConnectionOptions): Promise<EvalsClient> {
  return new EvalsClient(await connectionFor(opts, ['admin']));
}

/**
 * Base URL, token and `fetch` of the API as {@link clientFor} resolves them (minting a token if
 * need be); the `fetch` explains unreachable APIs and refused tokens (see {@link apiFetch}).
 * `config`: the settings used, by default this run's ({@link cliConfig}).
 */
export async function connectionFor(
  opts: ConnectionOptions,
  scopes: Scope[],
  config: Config = cliConfig(),
): Promise<HttpTransportOptions> {
  const baseUrl = opts.url ?? config.docqaUrl;
  let token = opts.token ?? config.docqaToken;
  let minted: MintedToken | undefined;
  // A given token acts on the tenant it was made for: say so rather than let documents or
  // questions meant for `--tenant` land in another tenant unnoticed.
  if (token && opts.tenant !== undefined)
    process.stderr.write(
      `docqa: --tenant ${opts.tenant} is not used: the token given (${opts.token ? '--token' : 'DOCQA_TOKEN'}) acts on the tenant it was created for\n`,
    );
  if (!token) {
    const target = redisTarget(config);
    const redis = await connectRedis(target, 'command', 'docqa-cli').catch(() => null);
    if (!redis)
      throw new Error(
        'no token: pass --token or set DOCQA_TOKEN (or run where REDIS_URL reaches docqa’s Redis)',
      );
    try {
      token = await cliToken(
        { redis, keys: new Keys(config.redisPrefix) },
        new CliTokenFile(config.docqaConfigDir),
        opts.tenant ?? DEFAULT_CLI_TENANT,
        scopes,
      );
    } finally {
      await closeRedis(redis);
    }
    minted = { redis: describeRedisTarget(target), prefix: config.redisPrefix };
  }
  return { baseUrl, token, fetch: apiFetch({ baseUrl, minted }) };
}
