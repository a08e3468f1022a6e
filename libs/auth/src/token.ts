import type { TokenRecord } from '@docqa/contracts';

/**
 * The authenticated caller of a request: a token, or an admin's portal session acting as an admin
 * token of the tenant it picked (then `session` names the admin).
 */
export type Principal = TokenRecord & { session?: { email: string } };

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
  /** Lifetime in milliseconds; none: never expires. */
  ttlMs?: number;
}
