import type { AdminSession, Role } from '@docqa/contracts';
import { api, type AdminApi } from './admin-api';
import { TENANT_RULE, isTenantName } from './tenant-name';

const TENANT_KEY = 'docqa-admin-tenant';

/**
 * Who is signed in, on which tenant. Loads the session once at start (`GET /admin/session`),
 * signs in and out, and switches tenants; fires `change` after each. When the API answers 401 to
 * any call the session is over: it becomes signed out with a message for the sign-in page.
 */
export class Session extends EventTarget {
  /** `unknown` until the first answer of the server. */
  status: 'unknown' | 'signed-out' | 'signed-in' = 'unknown';
  me?: AdminSession;
  /** Why the portal is back at sign-in, e.g. an expired session. */
  notice?: string;

  constructor(private readonly client: AdminApi) {
    super();
    client.addEventListener('expired', () => {
      if (this.status !== 'signed-in') return;
      this.end('Your session has expired. Sign in again to continue.');
    });
  }

  /** Tenants an all-tenants admin chose that the session does not list (yet). */
  private readonly chosen = new Set<string>();

  /** The tenant pages work on. */
  get tenant(): string | undefined {
    return this.client.tenant;
  }

  /**
   * The admin's role in the tenant worked on (an all-tenants admin is an owner of every tenant);
   * the server checks it at every call, the portal hides what the role may not do.
   */
  get role(): Role | undefined {
    const tenant = this.client.tenant;
    if (!this.me || !tenant) return undefined;
    return this.me.all_tenants ? 'owner' : this.me.roles[tenant];
  }

  /** The tenants to offer: the session's, and those chosen in this tab, sorted. */
  get tenants(): string[] {
    const current = this.client.tenant ? [this.client.tenant] : [];
    return [...new Set([...(this.me?.tenants ?? []), ...this.chosen, ...current])].sort();
  }

  /** Asks the server whether the browser already holds a session. */
  async load(): Promise<void> {
    try {
      this.start(await this.client.call<AdminSession>('admin/session', { allowUnauthenticated: true }));
    } catch {
      this.end();
    }
  }

  /** Signs in; throws the server's refusal (`ApiError`) for the form to show. */
  async signIn(email: string, password: string): Promise<void> {
    const me = await this.client.call<AdminSession>('admin/session', {
      method: 'POST',
      body: { email, password },
      allowUnauthenticated: true,
    });
    this.notice = undefined;
    this.start(me);
  }

  /** Ends the session on the server, then here. */
  async signOut(): Promise<void> {
    await this.client.call('admin/session', { method: 'DELETE', allowUnauthenticated: true });
    this.end('You are signed out.');
  }

  /**
   * Works on another of the account's tenants (any valid tenant name for an all-tenants admin) from
   * now on, remembered in this browser. Throws an error saying why when the admin cannot use it.
   */
  chooseTenant(tenant: string): void {
    const refusal = this.refusal(tenant);
    if (refusal) throw new Error(refusal);
    this.client.tenant = tenant;
    this.chosen.add(tenant);
    localStorage.setItem(TENANT_KEY, tenant);
    this.changed();
  }

  /** Why the signed-in admin cannot work on `tenant`; undefined when they can. */
  private refusal(tenant: string, me = this.me): string | undefined {
    if (!me) return 'Sign in first.';
    if (!isTenantName(tenant)) return `“${tenant}” is not a tenant name: use ${TENANT_RULE}.`;
    if (!me.all_tenants && !me.tenants.includes(tenant)) return `You do not administer the tenant ${tenant}.`;
    return undefined;
  }

  private start(me: AdminSession): void {
    this.me = me;
    this.client.csrfToken = me.csrf_token;
    // A tenant remembered by an earlier version, by hand or for another admin of this browser.
    const saved = localStorage.getItem(TENANT_KEY);
    const usable = saved !== null && !this.refusal(saved, me);
    if (saved !== null && !usable) localStorage.removeItem(TENANT_KEY);
    this.client.tenant = usable ? saved : me.tenants[0];
    this.status = 'signed-in';
    this.changed();
  }

  private end(notice?: string): void {
    this.me = undefined;
    this.chosen.clear();
    this.client.csrfToken = undefined;
    this.client.tenant = undefined;
    this.status = 'signed-out';
    this.notice = notice;
    this.changed();
  }

  private changed(): void {
    this.dispatchEvent(new Event('change'));
  }
}

/** The portal's session. */
export const session = new Session(api);
