import type { Redis } from 'ioredis';
import { AdminAccountStore, AdminSessionStore, AuditLog, OidcSignIn, TokenStore } from '@docqa/auth';
import type { Role } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';
import type { AdminDeps } from './api-deps';
import { ownOrigin } from './http/own-origin';
import { SessionAuth } from './http/session-auth';
import { SignInLimiter } from './http/sign-in-limiter';

/** The settings of the portal's sign-in, sessions, single sign-on and audit log (named as in `@docqa/config`). */
export interface AdminSettings {
  adminSessionIdleMinutes: number;
  adminSignInLimitPerEmail: number;
  adminSignInLimitPerIp: number;
  /** Days a new API token made in the portal lives unless told. */
  tokenExpiresDays: number;
  /** The API's public URL: session cookies are `Secure` under https, and its origin is the portal's. */
  publicUrl?: string;
  /** Days the audit log is kept. */
  auditRetentionDays: number;
  /** Whether admins may sign in with email and password. */
  passwordSignIn: boolean;
  /** The OpenID Connect issuer of single sign-on; unset: no SSO. */
  oidcIssuerUrl?: string;
  oidcClientId?: string;
  oidcClientSecret?: string;
  /** Name on the portal's "Sign in with …" button. */
  oidcProviderName: string;
  /** Email domains that may sign in with SSO (lower case); empty: any. */
  oidcAllowedDomains: string[];
  /** Role and tenants of an account made at its first SSO sign-in. */
  oidcNewUserRole: Role;
  oidcNewUserTenants: string[];
}

/** Builds the portal's accounts, sessions, sign-in limits, audit log and token store from the settings. */
export function createAdminServices(config: AdminSettings, clients: { redis: Redis; keys: Keys }): AdminDeps {
  const accounts = new AdminAccountStore(clients);
  const sessions = new AdminSessionStore({ ...clients, idleMs: config.adminSessionIdleMinutes * 60_000 });
  const tokenStore = new TokenStore(clients);
  return {
    accounts,
    audit: new AuditLog({ ...clients, retentionDays: config.auditRetentionDays }),
    sessions,
    tokenStore,
    tokenExpiresDays: config.tokenExpiresDays,
    passwordSignIn: config.passwordSignIn,
    sso: config.oidcIssuerUrl
      ? {
          name: config.oidcProviderName,
          signIn: new OidcSignIn({
            ...clients,
            accounts,
            issuerUrl: config.oidcIssuerUrl,
            clientId: config.oidcClientId!,
            clientSecret: config.oidcClientSecret,
            allowedDomains: config.oidcAllowedDomains,
            newUserRole: config.oidcNewUserRole,
            newUserTenants: config.oidcNewUserTenants,
          }),
        }
      : undefined,
    sessionAuth: new SessionAuth({
      sessions,
      accounts,
      tokens: tokenStore,
      secure: config.publicUrl?.startsWith('https:') ?? false,
      isOwnOrigin: ownOrigin(config.publicUrl),
    }),
    signInLimiter: new SignInLimiter({
      ...clients,
      limits: { perAccount: config.adminSignInLimitPerEmail, perIp: config.adminSignInLimitPerIp },
    }),
  };
}
