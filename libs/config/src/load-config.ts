import { SETTINGS, type Config } from './settings';

/** Raised when a setting has a bad value; its message names the variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses every setting from `env` (default: `process.env`, the only place docqa reads it).
 * Empty values count as unset. Throws {@link ConfigError} listing every bad variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, setting] of Object.entries(SETTINGS)) {
    const raw = env[setting.env] === '' ? undefined : env[setting.env];
    const result = setting.schema.safeParse(raw ?? setting.default);
    if (result.success) out[key] = result.data;
    else
      problems.push(
        `${setting.env}=${JSON.stringify(raw)}: ${result.error.issues.map((i) => i.message).join('; ')}`,
      );
  }
  const config = out as Config;
  if (config.vectorStore === 'qdrant' && !config.qdrantUrl)
    problems.push('QDRANT_URL: required when VECTOR_STORE=qdrant');
  if (config.redisSentinels && config.redisClusterNodes)
    problems.push('REDIS_SENTINELS: not together with REDIS_CLUSTER_NODES (choose one)');
  if (config.chunkOverlap >= config.chunkSize)
    problems.push('CHUNK_OVERLAP: must be smaller than CHUNK_SIZE');
  const issuer = config.oidcIssuerUrl ? new URL(config.oidcIssuerUrl) : undefined;
  if (issuer?.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname))
    problems.push('OIDC_ISSUER_URL: must be https (http only on localhost)');
  if (config.oidcIssuerUrl && !config.oidcClientId)
    problems.push('OIDC_CLIENT_ID: required when OIDC_ISSUER_URL is set');
  if (!config.passwordSignIn && !config.oidcIssuerUrl)
    problems.push('PASSWORD_SIGNIN: false needs OIDC_ISSUER_URL (else nobody can sign in)');
  if (problems.length) throw new ConfigError(problems);
  return config;
}
