import type { Redis } from 'ioredis';
import { AdminAccountSchema, TenantSchema, z, type AdminAccount } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import type { Keys } from '@docqa/redis';
import { generatePassword, hashPassword, verifyPassword } from './password';

/** Shortest password an admin may choose. */
export const MIN_PASSWORD_LENGTH = 12;

const StoredAccountSchema = AdminAccountSchema.extend({ password_hash: z.string() });
type StoredAccount = z.infer<typeof StoredAccountSchema>;

/** Options of {@link AdminAccountStore.create}. */
export interface CreateAdminOptions {
  email: string;
  password: string;
  /** Tenants the admin administers. */
  tenants?: string[];
  /** Administers every tenant. */
  allTenants?: boolean;
  /** Replace an account of the same email (its password and tenants) instead of refusing. */
  replace?: boolean;
}

/** An email as accounts are keyed: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The portal's admin accounts in Redis: email, scrypt password hash, and the tenants the admin
 * may act for (or all of them).
 */
export class AdminAccountStore {
  private dummyHash?: Promise<string>;

  constructor(private readonly deps: { redis: Redis; keys: Keys }) {}

  /** Creates an account; refuses an email that exists unless `replace`. */
  async create(options: CreateAdminOptions): Promise<AdminAccount> {
    const email = normaliseEmail(options.email);
    const tenants = [...new Set(options.tenants ?? [])].sort();
    const problems = accountProblems(email, options.password, tenants, options.allTenants ?? false);
    if (problems.length) {
      const detail = problems.map((p) => `${p.path}: ${p.message}`).join('; ');
      throw new ValidationError(`the admin account is invalid (${detail})`, { errors: problems });
    }
    const account: StoredAccount = {
      email,
      tenants,
      all_tenants: options.allTenants ?? false,
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
  return account;
}
