import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { parse, serialize } from 'cookie';
import {
  roleIn,
  type AdminAccountStore,
  type AdminSessionStore,
  type Principal,
  type SessionRecord,
  type TokenStore,
} from '@docqa/auth';
import {
  CSRF_HEADER,
  SESSION_COOKIE,
  TENANT_HEADER,
  TenantSchema,
  type AdminAccount,
  type AdminSession,
} from '@docqa/contracts';
import { ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '@docqa/errors';
import type { OwnOrigin } from './own-origin';

/** A live portal session with its (current) account. */
export interface CurrentSession {
  id: string;
  record: SessionRecord;
  account: AdminAccount;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Where a cookie is set: an Express response, or anything else that appends headers. */
export interface HeaderAppender {
  append(field: string, value: string): unknown;
}

/**
 * The portal's session cookie: reads and writes it, and turns a cookie request into a principal
 * acting as an admin token of the tenant the request picks with `X-Docqa-Tenant`.
 */
export class SessionAuth {
  constructor(
    private readonly deps: {
      sessions: AdminSessionStore;
      accounts: AdminAccountStore;
      tokens: TokenStore;
      /** Mark the cookie `Secure` (PUBLIC_URL is https). */
      secure: boolean;
      /** The installation's own origins, the only ones a session is used from. */
      isOwnOrigin: OwnOrigin;
    },
  ) {}

  /**
   * The request's live session, or null (no cookie, ended, idle too long, or its account removed
   * or replaced since it was opened: a new password ends the sessions of the old one).
   */
  async current(req: Request): Promise<CurrentSession | null> {
    const id = parse(req.get('cookie') ?? '')[SESSION_COOKIE];
    if (!id) return null;
    const record = await this.deps.sessions.touch(id);
    const account = record && (await this.deps.accounts.get(record.email));
    if (!record || !account || record.account_created_at !== account.created_at) return null;
    return { id, record, account };
  }

  /**
   * The principal of a cookie request, or null without a live session. Throws 403 for a
   * state-changing call without the session's CSRF token or from another origin, 400 when the
   * tenant is ambiguous and 404 when the admin may not act for the tenant asked for.
   */
  async principal(req: Request): Promise<Principal | null> {
    const current = await this.current(req);
    if (!current) return null;
    this.checkRequest(req, current);
    const { account, record } = current;
    const tenant = pickTenant(req.get(TENANT_HEADER)?.trim(), account);
    return {
      id: `session:${createHash('sha256').update(current.id).digest('hex').slice(0, 16)}`,
      tenant,
      scopes: ['admin'],
      name: account.email,
      origins: [],
      widget: false,
      filters: [],
      tenants: [],
      rate_limit: null,
      created_at: record.created_at,
      expires_at: null,
      // Read from the account at each request: a role changed by an owner counts at once.
      session: { email: account.email, role: roleIn(account, tenant) ?? 'viewer' },
    };
  }

  /**
   * The session of an all-tenants admin, for the endpoints that manage admin accounts: 401 without
   * a session, 403 for any other admin (or without the CSRF token on a change).
   */
  async requireAllTenantsAdmin(req: Request): Promise<CurrentSession> {
    const current = await this.current(req);
    if (!current) throw new UnauthenticatedError('sign in to the portal first');
    this.checkRequest(req, current);
    if (!current.account.all_tenants) throw new ForbiddenError('only an all-tenants admin manages admins');
    return current;
  }

  /** The session as the portal sees it; an all-tenants admin lists every tenant known to docqa. */
  async view(current: CurrentSession): Promise<AdminSession> {
    const { account } = current;
    const tenants = account.all_tenants ? await this.knownTenants(account) : account.tenants;
    return {
      email: account.email,
      tenants,
      all_tenants: account.all_tenants,
      roles: Object.fromEntries(tenants.map((t) => [t, roleIn(account, t) ?? 'viewer'])),
      csrf_token: current.record.csrf_token,
    };
  }

  setCookie(res: HeaderAppender, id: string): void {
    res.append('Set-Cookie', serialize(SESSION_COOKIE, id, this.cookieOptions()));
  }

  clearCookie(res: HeaderAppender): void {
    res.append('Set-Cookie', serialize(SESSION_COOKIE, '', { ...this.cookieOptions(), maxAge: 0 }));
  }

  private cookieOptions() {
    return { httpOnly: true, sameSite: 'strict', path: '/', secure: this.deps.secure } as const;
  }

  /** Throws 403 for a session request from another origin, or a change without the CSRF token. */
  private checkRequest(req: Request, current: CurrentSession): void {
    const origin = req.get('origin');
    if (origin && !this.deps.isOwnOrigin(req, origin))
      throw new ForbiddenError(`a portal session may not be used from ${origin}`);
    if (STATE_CHANGING.has(req.method)) requireCsrf(req, current.record.csrf_token);
  }

  private async knownTenants(account: AdminAccount): Promise<string[]> {
    const [tokens, accounts] = await Promise.all([this.deps.tokens.list(), this.deps.accounts.list()]);
    const all = [...account.tenants, ...tokens.map((t) => t.tenant), ...accounts.flatMap((a) => a.tenants)];
    return [...new Set(all)].sort();
  }
}

/** Throws 403 unless the request's `X-CSRF-Token` equals the session's. */
export function requireCsrf(req: Request, expected: string): void {
  const sent = Buffer.from(req.get(CSRF_HEADER) ?? '');
  const wanted = Buffer.from(expected);
  if (sent.length !== wanted.length || !timingSafeEqual(sent, wanted))
    throw new ForbiddenError(`missing or wrong ${CSRF_HEADER} header: send the csrf_token of the session`);
}

function pickTenant(asked: string | undefined, account: AdminAccount): string {
  if (!asked) {
    if (!account.all_tenants && account.tenants.length === 1) return account.tenants[0]!;
    throw new ValidationError(`name the tenant to administer with the ${TENANT_HEADER} header`);
  }
  const allowed = account.all_tenants
    ? TenantSchema.safeParse(asked).success
    : account.tenants.includes(asked);
  if (!allowed) throw new NotFoundError(`no tenant ${asked} for this admin`);
  return asked;
}
