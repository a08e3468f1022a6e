import { FilterSchema, FiltersSchema } from './filter';
import { z } from './zod';
import { ROLES, SCOPES, TENANT_PATTERN } from './constants';

/** Name of the portal's session cookie (`HttpOnly; SameSite=Strict; Path=/`). */
export const SESSION_COOKIE = 'docqa_session';
/** Header a session request names the tenant it administers with. */
export const TENANT_HEADER = 'X-Docqa-Tenant';
/** Header a state-changing session request repeats its session's `csrf_token` in. */
export const CSRF_HEADER = 'X-CSRF-Token';
/** The one message of every failed sign-in (no oracle for which emails exist). */
export const SIGN_IN_FAILED = 'wrong email or password';

/** Tenant names: 1-63 lowercase letters, digits, `_` or `-`, starting with a letter or digit. */
export const TenantSchema = z
  .string()
  .regex(new RegExp(`^(?:${TENANT_PATTERN})$`), 'use 1-63 lowercase letters, digits, _ or -')
  .openapi('Tenant', { example: 'acme' });

/** What a token may do: `admin` implies every other scope of its tenant. */
export const ScopeSchema = z.enum(SCOPES).openapi('Scope');
export type Scope = z.infer<typeof ScopeSchema>;

/** What an admin may do in a tenant (see {@link ROLES}). */
export const RoleSchema = z.enum(ROLES).openapi('Role');
export type Role = z.infer<typeof RoleSchema>;

/** A browser origin, `scheme://host[:port]` (http or https, no path, query or credentials). */
export const OriginSchema = z
  .string()
  .max(300)
  .refine(isOrigin, 'must be an origin such as https://docs.example.com (no path)')
  .openapi('Origin', { example: 'https://docs.example.com' });

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    const bare = !url.username && !url.password && url.pathname === '/' && !/[?#]/.test(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && bare;
  } catch {
    return false;
  }
}

/** What is stored for a token (never the clear token itself). */
export const TokenRecordSchema = z
  .object({
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
  })
  .openapi('TokenRecord');
export type TokenRecord = z.infer<typeof TokenRecordSchema>;

/** A token as listed: its record and when it was last used. */
export const ListedTokenSchema = TokenRecordSchema.extend({
  /**
   * When a request last authenticated with the token, to the minute (each API process records a
   * token's use at most once a minute); null: never used since it was created (or since this was
   * recorded).
   */
  last_used_at: z.string().nullable(),
}).openapi('ListedToken');
export type ListedToken = z.infer<typeof ListedTokenSchema>;

/** `GET /admin/tokens/`: the tenant's live tokens, oldest first, never a clear value or hash. */
export const TokenListSchema = z.object({ tokens: z.array(ListedTokenSchema) }).openapi('TokenList');

/** `POST /admin/tokens/`: a token of the caller's tenant. */
export const CreateTokenRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    /** @defaultValue `["ask"]` */
    scopes: z.array(ScopeSchema).min(1).max(SCOPES.length).default(['ask']),
    /** A widget token: ask only, at least one origin, per-visitor rate limits. */
    widget: z.boolean().default(false),
    origins: z.array(OriginSchema).max(50).default([]),
    filters: FiltersSchema.default([]),
    /** Questions per minute; absent or null: the configured default. */
    rate_limit: z.number().int().min(1).max(1_000_000).nullable().optional(),
    /**
     * Lifetime in days. Absent: TOKEN_EXPIRES_DAYS (90 by default) for an API token, none for a
     * widget token; null: never expires.
     */
    expires_in_days: z.number().int().min(1).max(3650).nullable().optional().openapi({
      description:
        "Lifetime in days. Absent: the server's TOKEN_EXPIRES_DAYS (90 by default) for an API token, no expiry for a widget token; `null`: never expires.",
    }),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.widget) return;
    if (!value.origins.length)
      ctx.addIssue({
        code: 'custom',
        path: ['origins'],
        message: 'a widget token needs at least one origin',
      });
    if (value.scopes.some((s) => s !== 'ask'))
      ctx.addIssue({
        code: 'custom',
        path: ['scopes'],
        message: 'a widget token carries the ask scope only',
      });
  })
  .openapi('CreateTokenRequest', {
    example: { name: 'docs site', widget: true, origins: ['https://docs.example.com'] },
  });
export type CreateTokenRequest = z.infer<typeof CreateTokenRequestSchema>;

/** `201` of `POST /admin/tokens/`: the clear token, shown this once, and its record. */
export const CreatedTokenSchema = z
  .object({ token: z.string(), record: TokenRecordSchema })
  .openapi('CreatedToken');

/**
 * `201` of `POST /admin/widget/preview-token`: a short-lived widget token of the tenant for the
 * portal's live preview (ask only, bound to the portal's origin, not among the tenant's tokens).
 */
export const PreviewTokenSchema = z
  .object({ token: z.string(), expires_at: z.string() })
  .openapi('PreviewToken');
export type PreviewToken = z.infer<typeof PreviewTokenSchema>;

/** `POST /admin/session`: sign in. Any failure answers 401 {@link SIGN_IN_FAILED}. */
export const SignInRequestSchema = z
  .object({ email: z.string().min(1).max(320), password: z.string().min(1).max(1024) })
  .strict()
  .openapi('SignInRequest', { example: { email: 'admin@demo.local', password: '…' } });
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

/** The signed-in admin: who, which tenants, and the token state-changing calls repeat. */
export const AdminSessionSchema = z
  .object({
    email: z.string(),
    /** Tenants the admin may pick with `X-Docqa-Tenant` (for an all-tenants admin: the known ones). */
    tenants: z.array(z.string()),
    /** May administer every tenant, including ones not listed. */
    all_tenants: z.boolean(),
    /** The admin's role in each of `tenants` (the portal hides what a role may not do). */
    roles: z.record(z.string(), RoleSchema),
    /** Send as `X-CSRF-Token` with every POST, PUT, PATCH and DELETE made with the cookie. */
    csrf_token: z.string(),
  })
  .openapi('AdminSession');
export type AdminSession = z.infer<typeof AdminSessionSchema>;

/** An admin account as listed (never its password hash). */
export const AdminAccountSchema = z
  .object({
    email: z.string(),
    tenants: z.array(z.string()),
    all_tenants: z.boolean(),
    /** The role in each of `tenants`; an all-tenants admin is an owner of every tenant. */
    roles: z.record(z.string(), RoleSchema),
    created_at: z.string(),
  })
  .openapi('AdminAccount');
export type AdminAccount = z.infer<typeof AdminAccountSchema>;

/** `GET /admin/accounts/`: every admin account (all-tenants admins only). */
export const AdminAccountListSchema = z
  .object({ accounts: z.array(AdminAccountSchema) })
  .openapi('AdminAccountList');

/** `POST /admin/accounts/`: invite an admin; the answer carries a one-time password. */
export const CreateAdminRequestSchema = z
  .object({
    email: z.email().max(320),
    tenants: z.array(TenantSchema).max(100).default([]),
    all_tenants: z.boolean().default(false),
    /** The role in every tenant named (an all-tenants admin is an owner). @defaultValue `owner` */
    role: RoleSchema.default('owner'),
  })
  .strict()
  .refine((v) => v.all_tenants || v.tenants.length > 0, {
    path: ['tenants'],
    message: 'name at least one tenant, or all tenants',
  })
  .refine((v) => !v.all_tenants || v.role === 'owner', {
    path: ['role'],
    message: 'an all-tenants admin is an owner of every tenant',
  })
  .openapi('CreateAdminRequest', {
    example: { email: 'ann@acme.com', tenants: ['acme'], role: 'editor' },
  });
export type CreateAdminRequest = z.infer<typeof CreateAdminRequestSchema>;

/** `201` of `POST /admin/accounts/`: the account and its password, shown this once. */
export const CreatedAdminSchema = z
  .object({ account: AdminAccountSchema, password: z.string() })
  .openapi('CreatedAdmin');
export type CreatedAdmin = z.infer<typeof CreatedAdminSchema>;

/** `PATCH /admin/accounts/{email}`: the account's role in the tenant of the request. */
export const UpdateAdminRoleRequestSchema = z
  .object({ role: RoleSchema })
  .strict()
  .openapi('UpdateAdminRoleRequest', { example: { role: 'viewer' } });
export type UpdateAdminRoleRequest = z.infer<typeof UpdateAdminRoleRequestSchema>;

/** `GET /admin/sign-in-options`: how admins sign in here (the portal's sign-in page shows these). */
export const SignInOptionsSchema = z
  .object({
    /** Email and password (PASSWORD_SIGNIN). */
    password: z.boolean(),
    /** Single sign-on with an OpenID Connect provider: the name its button shows, or null. */
    sso: z.object({ name: z.string(), start_url: z.string() }).nullable(),
  })
  .openapi('SignInOptions');
export type SignInOptions = z.infer<typeof SignInOptionsSchema>;
