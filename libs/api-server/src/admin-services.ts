import type { Redis } from 'ioredis';
import { AdminAccountStore, AdminSessionStore, AuditLog, OidcSignIn, TokenStore } from '@docqa/auth';
import type { Config } from '@docqa/config';
import type { Keys } from '@docqa/records';
import type { AdminDeps } from './api-deps';
import { ownOrigin } from './http/own-origin';
import { SessionAuth } from './http/session-auth';
import { SignInLimiter } from './http/sign-in-limiter';

/** Builds the portal's accounts, sessions, sign-in limits, audit log and token store from the settings. */
export function createAdminServices(config: Config, clients: { redis: Redis; keys: Keys }): AdminDeps {
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
