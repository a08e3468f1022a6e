import type { Role, TokenRecord } from '@docqa/contracts';

/**
 * The authenticated caller of a request: a token, or an admin's portal session acting as an admin
 * token of the tenant it picked (then `session` names the admin and their role in that tenant).
 */
export type Principal = TokenRecord & { session?: { email: string; role: Role } };

/** Options of {@link TokenStore.create}. */
export interface CreateTokenOptions {
  tenant: string;
  scopes: TokenRecord['scopes'];
  name?: string;
  origins?: string[];
  widget?: boolean;
  filters?: TokenRecord['filters'];
  tenants?: string[];
  rateLimit?: number;
  /** Lifetime in milliseconds; none: never expires (see {@link tokenLifetimeMs} for the default). */
  ttlMs?: number;
  /**
   * Left out of {@link TokenStore.list} (so out of the tenant's tokens and its revocations) and of
   * the allowed origins: a short-lived token the server issues for itself, e.g. the portal's
   * widget preview. Give it a short `ttlMs`: it cannot be revoked by id.
   */
  unlisted?: boolean;
}

const DAY_MS = 86_400_000;

/**
 * The lifetime of a new token, in milliseconds, or undefined for none: the one asked for (`null`:
 * never expires, asked for explicitly); without one, an API token lives `apiTokenDays`
 * (TOKEN_EXPIRES_DAYS) and a widget token, origin-bound and ask-only, never expires.
 */
export function tokenLifetimeMs(
  asked: { ms: number | null | undefined; widget: boolean },
  apiTokenDays: number,
): number | undefined {
  if (asked.ms === null) return undefined;
  if (asked.ms !== undefined) return asked.ms;
  return asked.widget ? undefined : apiTokenDays * DAY_MS;
}
