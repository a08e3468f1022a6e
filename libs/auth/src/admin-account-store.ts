import type { Redis } from 'ioredis';
import {
  AdminAccountSchema,
  RoleSchema,
  TenantSchema,
  z,
  type AdminAccount,
  type Role,
} from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import type { Keys } from '@docqa/redis';
import changeAdminTenantScript from './lua/change-admin-tenant.lua';
import { generatePassword, hashPassword, verifyPassword } from './password';

/** Shortest password an admin may choose. */
export const MIN_PASSWORD_LENGTH = 12;

// Accounts stored before roles existed have none: they are owners of their tenants.
const StoredAccountSchema = AdminAccountSchema.extend({
  password_hash: z.string(),
  roles: z.record(z.string(), RoleSchema).default({}),
});
type StoredAccount = z.infer<typeof StoredAccountSchema>;

/** Options of {@link AdminAccountStore.create}. */
export interface CreateAdminOptions {
  email: string;
  password: string;
  /** Tenants the admin administers. */
  tenants?: string[];
  /** Administers every tenant (as an owner of each). */
  allTenants?: boolean;
  /** The role in each of `tenants`. @defaultValue `owner` */
  role?: Role;
  /** Replace an account of the same email (its password and tenants) instead of refusing. */
  replace?: boolean;
}

/** An email as accounts are keyed: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What {@link AdminAccountStore.changeTenant} did. */
export type TenantChange = 'changed' | 'deleted' | 'missing' | 'last_owner';

/** The role of `account` in `tenant`, or null when it may not administer it. */
export function roleIn(account: AdminAccount, tenant: string): Role | null {
  if (account.all_tenants) return 'owner';
  return account.tenants.includes(tenant) ? (account.roles[tenant] ?? 'owner') : null;
}

/**
 * The portal's admin accounts in Redis: email, scrypt password hash, and the tenants the admin
 * may act for (or all of them).
 */
export class AdminAccountStore {
  private dummyHash?: Promise<string>;

  constructor(private readonly deps: { redis: Redis; keys: Keys }) {
    const redis = deps.redis as Redis & Partial<ChangeAdminTenant>;
    if (!redis.changeAdminTenant) redis.defineCommand('changeAdminTenant', { lua: changeAdminTenantScript });
  }

  /** Creates an account; refuses an email that exists unless `replace`. */
  async create(options: CreateAdminOptions): Promise<AdminAccount> {
    const email = normaliseEmail(options.email);
    const tenants = [...new Set(options.tenants ?? [])].sort();
    const role = options.role ?? 'owner';
    const problems = accountProblems(email, options.password, tenants, options.allTenants ?? false);
    if (options.allTenants && role !== 'owner')
      problems.push({ path: 'role', message: 'an all-tenants admin is an owner of every tenant' });
    if (problems.length) {
      const detail = problems.map((p) => `${p.path}: ${p.message}`).join('; ');
      throw new ValidationError(`the admin account is invalid (${detail})`, { errors: problems });
    }
    const account: StoredAccount = {
      email,
      tenants,
      all_tenants: options.allTenants ?? false,
      roles: options.allTenants ? {} : Object.fromEntries(tenants.map((t) => [t, role])),
      created_at: new Date().toISOString(),
      password_hash: await hashPassword(options.password),
    };
    const key = this.deps.keys.adminAccount(email);
    const value = JSON.stringify(account);
    const [[, written]] = (await this.deps.redis
      .multi()
      .set(key, value, ...((options.replace ? [] : ['NX']) as []))
      .sadd(this.deps.keys.adminAccounts(), email)
      .exec()) as [[Error | null, unknown]];
    if (written !== 'OK') throw new ValidationError(`an admin ${email} exists already`);
    return publicView(account);
  }

  /** The account of `email`, or null. */
  async get(email: string): Promise<AdminAccount | null> {
    const stored = await this.stored(email);
    return stored && publicView(stored);
  }

  /** Every account, by email. */
  async list(): Promise<AdminAccount[]> {
    const emails = (await this.deps.redis.smembers(this.deps.keys.adminAccounts())).sort();
    if (!emails.length) return [];
    const raws = await this.deps.redis.mget(emails.map((e) => this.deps.keys.adminAccount(e)));
    return raws.flatMap((raw) => (raw ? [publicView(StoredAccountSchema.parse(JSON.parse(raw)))] : []));
  }

  /** Removes an account; its sessions stop working at their next request. False when there was none. */
  async remove(email: string): Promise<boolean> {
    const normal = normaliseEmail(email);
    const [[, deleted]] = (await this.deps.redis
      .multi()
      .del(this.deps.keys.adminAccount(normal))
      .srem(this.deps.keys.adminAccounts(), normal)
      .exec()) as [[Error | null, number]];
    return deleted === 1;
  }

  /**
   * Sets the role of `email` in `tenant` (`role`), or takes the tenant from it (`null`; the account
   * goes when it was its last tenant), atomically refusing to leave the tenant without an owner.
   * All-tenants admins have no role per tenant: they answer `missing`.
   */
  async changeTenant(tenant: string, email: string, role: Role | null): Promise<TenantChange> {
    const normal = normaliseEmail(email);
    const { redis, keys } = this.deps;
    const everyone = (await redis.smembers(keys.adminAccounts())).map((e) => keys.adminAccount(e));
    const keyList = [keys.adminAccount(normal), keys.adminAccounts(), ...everyone];
    const script = redis as Redis & ChangeAdminTenant;
    return (await script.changeAdminTenant(
      keyList.length,
      ...keyList,
      normal,
      tenant,
      role ?? '',
    )) as TenantChange;
  }

  /**
   * The account when `password` is right, else null. An unknown email costs the same scrypt work
   * as a known one, so the time taken does not tell which emails exist.
   */
  async verify(email: string, password: string): Promise<AdminAccount | null> {
    const stored = await this.stored(email);
    this.dummyHash ??= hashPassword(generatePassword());
    const ok = await verifyPassword(password, stored?.password_hash ?? (await this.dummyHash));
    return stored && ok ? publicView(stored) : null;
  }

  private async stored(email: string): Promise<StoredAccount | null> {
    const raw = await this.deps.redis.get(this.deps.keys.adminAccount(normaliseEmail(email)));
    return raw ? StoredAccountSchema.parse(JSON.parse(raw)) : null;
  }
}

/** The script of {@link AdminAccountStore.changeTenant}, as ioredis defines it. */
interface ChangeAdminTenant {
  changeAdminTenant(numberOfKeys: number, ...args: string[]): Promise<string>;
}

function accountProblems(email: string, password: string, tenants: string[], allTenants: boolean) {
  const problems: { path: string; message: string }[] = [];
  if (!z.email().safeParse(email).success) problems.push({ path: 'email', message: 'not an email address' });
  if (password.length < MIN_PASSWORD_LENGTH)
    problems.push({ path: 'password', message: `use at least ${MIN_PASSWORD_LENGTH} characters` });
  for (const tenant of tenants)
    if (!TenantSchema.safeParse(tenant).success)
      problems.push({ path: 'tenants', message: `"${tenant}": use 1-63 lowercase letters, digits, _ or -` });
  if (!tenants.length && !allTenants)
    problems.push({ path: 'tenants', message: 'name at least one tenant, or all tenants' });
  return problems;
}

function publicView({ password_hash: _hash, ...account }: StoredAccount): AdminAccount {
  const roles = account.all_tenants
    ? {}
    : Object.fromEntries(account.tenants.map((t) => [t, account.roles[t] ?? 'owner']));
  return { ...account, roles };
}
