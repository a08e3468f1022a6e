import { z } from 'zod';
import { bool, int, optionalString } from './setting-schemas';

/** A comma-separated list, trimmed, lower case, empty items left out; unset: empty. */
const lowerList = z
  .string()
  .optional()
  .transform((list = '') =>
    list
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

/**
 * The settings of the portal for teams: single sign-on with an OpenID Connect provider, password
 * sign-in, and how long the audit log is kept; part of {@link SETTINGS}, in the README's order.
 */
export const PORTAL_SETTINGS = {
  oidcIssuerUrl: {
    env: 'OIDC_ISSUER_URL',
    schema: z.url().optional(),
    default: undefined,
    doc: 'OpenID Connect issuer of the portal’s single sign-on (its discovery document is read from it); unset: no SSO.',
  },
  oidcClientId: {
    env: 'OIDC_CLIENT_ID',
    schema: optionalString,
    default: undefined,
    doc: 'Client id of docqa at the identity provider (with OIDC_ISSUER_URL).',
  },
  oidcClientSecret: {
    env: 'OIDC_CLIENT_SECRET',
    schema: optionalString,
    default: undefined,
    doc: 'Client secret of docqa at the identity provider (with OIDC_ISSUER_URL).',
  },
  oidcProviderName: {
    env: 'OIDC_PROVIDER_NAME',
    schema: z.string().min(1).max(60),
    default: 'single sign-on',
    doc: 'Name on the portal’s button: “Sign in with NAME”.',
  },
  oidcAllowedDomains: {
    env: 'OIDC_ALLOWED_DOMAINS',
    schema: lowerList,
    default: undefined,
    doc: 'Email domains that may sign in with SSO, comma-separated (`acme.com,acme.de`); empty: any verified email.',
  },
  oidcNewUserRole: {
    env: 'OIDC_NEW_USER_ROLE',
    schema: z.enum(['owner', 'editor', 'viewer']),
    default: 'viewer',
    doc: 'Role of an account made at its first SSO sign-in, in each tenant of OIDC_NEW_USER_TENANTS.',
  },
  oidcNewUserTenants: {
    env: 'OIDC_NEW_USER_TENANTS',
    schema: lowerList,
    default: undefined,
    doc: 'Tenants of an account made at its first SSO sign-in, comma-separated; empty: only existing accounts may sign in.',
  },
  passwordSignIn: {
    env: 'PASSWORD_SIGNIN',
    schema: bool,
    default: 'true',
    doc: 'Whether admins may sign in with email and password (`false`: SSO only).',
  },
  auditRetentionDays: {
    env: 'AUDIT_RETENTION_DAYS',
    schema: int(1, 36500),
    default: '365',
    doc: 'Days the audit log (admin actions, sign-ins and sign-outs) is kept.',
  },
} as const;
