import type { Redis } from 'ioredis';
import { AdminAccountStore, AdminSessionStore, TokenStore } from '@docqa/auth';
import type { Keys } from '@docqa/redis';
import type { AdminDeps } from './api-deps';
import { ownOrigin } from './http/own-origin';
import { SessionAuth } from './http/session-auth';
import { SignInLimiter } from './http/sign-in-limiter';

/** The settings of the portal's sign-in and sessions (named as in `@docqa/config`). */
export interface AdminSettings {
  adminSessionIdleMinutes: number;
  adminSignInLimitPerEmail: number;
  adminSignInLimitPerIp: number;
  /** Days a new API token made in the portal lives unless told. */
  tokenExpiresDays: number;
  /** The API's public URL: session cookies are `Secure` under https, and its origin is the portal's. */
  publicUrl?: string;
}

/** Builds the portal's accounts, sessions, sign-in limits and token store from the settings. */
export function createAdminServices(config: AdminSettings, clients: { redis: Redis; keys: Keys }): AdminDeps {
  const accounts = new AdminAccountStore(clients);
  const sessions = new AdminSessionStore({ ...clients, idleMs: config.adminSessionIdleMinutes * 60_000 });
  const tokenStore = new TokenStore(clients);
  return {
    accounts,
    sessions,
    tokenStore,
    tokenExpiresDays: config.tokenExpiresDays,
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
