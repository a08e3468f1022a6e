import type { Command } from 'commander';
import type { TokenStore } from '@docqa/auth';
import type { ListedToken, Scope } from '@docqa/contracts';
import type { Filter } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import { integerOption } from './option-parsers';
import type { TokenAccess } from './token-store-access';

/**
 * Longest `--expires`, in days, as the portal's token form takes it (`CreateTokenRequestSchema`,
 * which a test compares this with).
 */
export const MAX_EXPIRES_DAYS = 3650;

/** Highest `--rate-limit`, as the portal's token form takes it (compared like {@link MAX_EXPIRES_DAYS}). */
export const MAX_RATE_LIMIT = 1_000_000;

/**
 * Parses a lifetime such as `30d`, `12h`, `90m` into milliseconds: above 0 (a token of lifetime 0
 * would never expire) and at most {@link MAX_EXPIRES_DAYS} days; `never` is null (no expiry).
 */
export function parseDuration(value: string): number | null {
  if (value.trim() === 'never') return null;
  const match = /^(\d+)\s*(d|h|m|s)$/.exec(value.trim());
  const unit = match && { d: 86400_000, h: 3600_000, m: 60_000, s: 1000 }[match[2] as 'd' | 'h' | 'm' | 's'];
  const ms = match && unit ? Number(match[1]) * unit : 0;
  if (!ms || ms > MAX_EXPIRES_DAYS * 86400_000)
    throw new ValidationError(
      `--expires must be a lifetime above 0 and at most ${MAX_EXPIRES_DAYS}d, in d, h, m or s (e.g. 30d), or never, not "${value}"`,
    );
  return ms;
}

/**
 * The scopes `--scopes` names, for the help text. The help must not load `@docqa/auth` (see
 * `SCOPES`, which a test compares this with).
 */
export const SCOPE_NAMES = 'ask, search, ingest, admin';

/** Parses `--scopes ask,search`, given the scopes that exist (`SCOPES` of `@docqa/auth`). */
export function parseScopes(value: string, known: readonly Scope[]): Scope[] {
  const scopes = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scopes.filter((s) => !(known as readonly string[]).includes(s));
  if (unknown.length)
    throw new ValidationError(`unknown scope(s) ${unknown.join(', ')}; use ${known.join(', ')}`);
  return scopes as Scope[];
}

/** Parses `--filter property=value` (an `eq` filter; `property~=value` for `contains`). */
export function parseFilter(value: string): Filter {
  const match = /^([^=~]+)(~?=)(.+)$/.exec(value);
  if (!match) throw new ValidationError(`--filter "${value}": use property=value or property~=value`);
  return { type: match[2] === '~=' ? 'contains' : 'eq', property: match[1]!.trim(), value: match[3]!.trim() };
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Runs `run` with the token store of REDIS_URL (loaded only when a tokens command runs). */
async function withTokens<T>(run: (tokens: TokenStore, access: TokenAccess) => Promise<T>): Promise<T> {
  const { withTokenStore } = await import('./token-store-access');
  return withTokenStore(run);
}

/** A filter as `--filter` takes it: `property=value`, `property~=value` for `contains`. */
export function formatFilter(filter: Filter): string {
  const value = Array.isArray(filter.value) ? filter.value.join('|') : filter.value;
  return `${filter.property}${filter.type === 'contains' ? '~=' : '='}${value}`;
}

/** Expiry as `tokens list` shows it: a token that never expires is flagged. */
const NEVER_EXPIRES = 'NEVER (!)';

/** One line of `tokens list`, tab-separated, in the order of {@link TOKEN_LIST_HEADER}. */
export function describeToken(t: ListedToken): string {
  const parts = [t.id, t.tenant, t.scopes.join(','), t.name ?? '-', t.widget ? 'widget' : 'server'];
  parts.push(t.origins.join(',') || '-', t.filters.map(formatFilter).join(' ') || '-');
  parts.push(t.expires_at ?? NEVER_EXPIRES, t.created_at, t.last_used_at ?? 'never');
  return parts.join('\t');
}

/** Header line of `tokens list`. */
export const TOKEN_LIST_HEADER =
  'ID\tTENANT\tSCOPES\tNAME\tKIND\tORIGINS\tFILTERS\tEXPIRES\tCREATED\tLAST USED';

/** `tokens create|list|revoke`: administers tokens in Redis directly (REDIS_URL). */
export function tokensCommand(program: Command): void {
  const tokens = program
    .command('tokens')
    .description('Create, list and revoke API tokens (talks to Redis directly)');

  tokens
    .command('create')
    .description('Create a token and print it (only the token, on stdout; it is not shown again)')
    .requiredOption('--tenant <tenant>', 'tenant (knowledge base) the token belongs to')
    .option('--scopes <scopes>', `comma-separated scopes: ${SCOPE_NAMES}`, 'ask')
    .option('--origin <url>', 'browser origin allowed to use the token (repeatable)', collect)
    .option('--name <name>', 'a name to recognise the token by')
    .option(
      '--expires <duration>',
      'lifetime, e.g. 30d, 12h, or never (default: TOKEN_EXPIRES_DAYS, 90d, for an API token; never for a widget token)',
      parseDuration,
    )
    .option('--widget', 'a widget token: ask only, bound to --origin, per-visitor rate limits')
    .option(
      '--filter <property=value>',
      'filter ANDed into every question of this token (repeatable)',
      collect,
    )
    .option('--search-tenant <tenant>', 'another tenant this token may search (repeatable)', collect)
    .option(
      '--rate-limit <n>',
      `questions per minute, 1 to ${MAX_RATE_LIMIT} (default: the configured limit)`,
      integerOption('--rate-limit', { min: 1, max: MAX_RATE_LIMIT }),
    )
    .action(async (opts) => {
      const widget = Boolean(opts.widget);
      const { token } = await withTokens((store, { scopes, lifetimeMs }) =>
        store.create({
          tenant: opts.tenant,
          scopes: widget && opts.scopes === 'ask' ? ['ask'] : parseScopes(opts.scopes, scopes),
          origins: opts.origin ?? [],
          name: opts.name,
          widget,
          filters: (opts.filter ?? []).map(parseFilter),
          tenants: opts.searchTenant ?? [],
          rateLimit: opts.rateLimit,
          ttlMs: lifetimeMs({ ms: opts.expires, widget }),
        }),
      );
      process.stdout.write(`${token}\n`);
    });

  tokens
    .command('list')
    .description('List live tokens with when each was last used (to the minute; never their secrets)')
    .option('--tenant <tenant>', 'only this tenant')
    .option('--json', 'one JSON object per line')
    .action(async (opts) => {
      const records = await withTokens((store) => store.list(opts.tenant));
      if (opts.json) {
        for (const r of records) process.stdout.write(`${JSON.stringify(r)}\n`);
        return;
      }
      process.stdout.write(`${TOKEN_LIST_HEADER}\n`);
      for (const r of records) process.stdout.write(`${describeToken(r)}\n`);
      const forever = records.filter((r) => !r.expires_at).length;
      if (forever)
        process.stderr.write(
          `${forever} token(s) never expire: revoke those not needed (new API tokens expire unless given --expires never).\n`,
        );
    });

  tokens
    .command('revoke <id>')
    .description('Revoke a token by id (takes effect at once on every API replica)')
    .action(async (id: string) => {
      const revoked = await withTokens((store) => store.revoke(id));
      if (!revoked) throw new ValidationError(`no token ${id}`);
      process.stderr.write(`revoked ${id}\n`);
    });
}
