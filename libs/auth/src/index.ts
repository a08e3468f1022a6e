/** Tokens, portal accounts and sessions, and their Redis stores. */
export { tokenLifetimeMs, type Principal } from './token';
export { TokenStore } from './token-store';
export { TokenCache } from './token-cache';
export { generatePassword } from './password';
export {
  AdminAccountStore,
  MIN_PASSWORD_LENGTH,
  normaliseEmail,
  roleIn,
  type TenantChange,
} from './admin-account-store';
export { AdminSessionStore, type SessionRecord } from './admin-session-store';
export { AuditLog, type AuditLogOptions, type AuditRecord, type AuditScope } from './audit-log';
export { OidcSignIn, SsoRefusedError, type OidcSignInOptions } from './oidc-sign-in';
