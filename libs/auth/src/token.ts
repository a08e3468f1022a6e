import { z } from 'zod';
import { FilterSchema } from '@docqa/contracts';

export const SCOPES = ['ask', 'search', 'ingest', 'admin'] as const;
export const ScopeSchema = z.enum(SCOPES);
export type Scope = z.infer<typeof ScopeSchema>;

/** What is stored for a token (never the clear token itself). */
export const TokenRecordSchema = z.object({
  id: z.string(),
  tenant: z.string(),
  scopes: z.array(ScopeSchema),
  name: z.string().nullable(),
  /** Browser origins allowed to use the token (CORS); empty: no browser origin. */
  origins: z.array(z.string()),
  /** A widget token: public in page source, ask-only, bound to origins, per-visitor limits. */
  widget: z.boolean(),
  /** Filters the server ANDs into every question and search the token makes. */
  filters: z.array(FilterSchema),
  /** Other tenants this token may search through `tenants` of /rag/search/. */
  tenants: z.array(z.string()),
  /** Questions per minute; null: the configured default. */
  rate_limit: z.number().int().positive().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type TokenRecord = z.infer<typeof TokenRecordSchema>;

/** The authenticated caller of a request. */
export type Principal = TokenRecord;

/** Options of {@link TokenStore.create}. */
export interface CreateTokenOptions {
  tenant: string;
  scopes: Scope[];
  name?: string;
  origins?: string[];
  widget?: boolean;
  filters?: TokenRecord['filters'];
  tenants?: string[];
  rateLimit?: number;
  /** Lifetime in milliseconds; none: never expires. */
  ttlMs?: number;
}
