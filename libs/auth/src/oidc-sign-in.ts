import * as client from 'openid-client';
import type { Redis } from 'ioredis';
import { z, type AdminAccount, type Role } from '@docqa/contracts';
import { DependencyUnavailableError, UnauthenticatedError } from '@docqa/errors';
import type { Keys } from '@docqa/redis';
import { normaliseEmail, type AdminAccountStore } from './admin-account-store';
import { generatePassword } from './password';

/** How long a started sign-in waits for the identity provider's answer. */
const FLOW_TTL_MS = 10 * 60_000;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Options of {@link OidcSignIn}. */
export interface OidcSignInOptions {
  redis: Redis;
  keys: Keys;
  accounts: AdminAccountStore;
  /** OIDC_ISSUER_URL: https, or http on a loopback address only. */
  issuerUrl: string;
  clientId: string;
  clientSecret?: string;
  /** Email domains that may sign in (lower case); empty: any. */
  allowedDomains: string[];
  /** Role of an account made at its first sign-in, in each of `newUserTenants`. */
  newUserRole: Role;
  /** Tenants of an account made at its first sign-in; empty: no account is made. */
  newUserTenants: string[];
}

/** A sign-in the identity provider or docqa refused: nobody is signed in. */
export class SsoRefusedError extends UnauthenticatedError {
  /** The email the identity provider named, when it got that far (for the audit log). */
  constructor(
    message: string,
    readonly email?: string,
  ) {
    super(message);
  }
}

const FlowSchema = z.object({ verifier: z.string(), nonce: z.string(), redirect_uri: z.string() });

/**
 * Sign-in with an OpenID Connect provider: authorization code with PKCE, `state` and `nonce`
 * kept in Redis for one use, the ID token checked by `openid-client` (signature, issuer, audience,
 * expiry, nonce); then the account of the verified email, made on first sign-in when tenants for
 * new users are set.
 */
export class OidcSignIn {
  private configuration?: Promise<client.Configuration>;

  constructor(private readonly options: OidcSignInOptions) {}

  /**
   * Starts a sign-in: the identity provider's URL to send the browser to, and the `state` that
   * must come back to `redirectUri` (keep it in a cookie of that browser).
   */
  async start(redirectUri: string): Promise<{ url: string; state: string }> {
    const config = await this.discover();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const flow = { verifier, nonce, redirect_uri: redirectUri };
    await this.options.redis.set(this.options.keys.oidcFlow(state), JSON.stringify(flow), 'PX', FLOW_TTL_MS);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state };
  }

  /**
   * Finishes a sign-in from the callback's query: the state must be one this installation started
   * in this browser (`browserState`) and not used before; then the code is exchanged and the ID
   * token checked. Throws {@link SsoRefusedError} (401) for anything refused, and
   * DependencyUnavailableError (503) when the identity provider does not answer.
   */
  async finish(query: URLSearchParams, browserState: string | undefined): Promise<AdminAccount> {
    const state = query.get('state') ?? '';
    const raw =
      state.length <= 100 ? await this.options.redis.getdel(this.options.keys.oidcFlow(state)) : null;
    if (!raw || state !== browserState)
      throw new SsoRefusedError('this sign-in is unknown, used already or expired (state): start again');
    const flow = FlowSchema.parse(JSON.parse(raw));
    const config = await this.discover();
    let claims: client.IDToken | undefined;
    try {
      const callback = new URL(flow.redirect_uri);
      callback.search = query.toString();
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: flow.verifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      // Providers that keep the ID token small (Entra ID, Okta's default) give the email at userinfo.
      if (claims && typeof claims.email !== 'string')
        claims = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
    } catch (err) {
      throw refusalOf(err);
    }
    return this.accountOf(claims!);
  }

  private async accountOf(claims: client.IDToken): Promise<AdminAccount> {
    const email = typeof claims.email === 'string' ? normaliseEmail(claims.email) : undefined;
    if (!email) throw new SsoRefusedError('the identity provider sent no email: allow the "email" scope');
    if (claims.email_verified !== true)
      throw new SsoRefusedError(`the email ${email} is not verified at the identity provider`, email);
    const domain = email.split('@')[1] ?? '';
    const { allowedDomains, accounts, newUserTenants, newUserRole } = this.options;
    if (allowedDomains.length && !allowedDomains.includes(domain))
      throw new SsoRefusedError(`emails of ${domain} may not sign in here`, email);
    const account = await accounts.get(email);
    if (account) return account;
    if (!newUserTenants.length)
      throw new SsoRefusedError(`there is no admin account for ${email}: ask an owner to invite you`, email);
    // The password is never shown: an account made by single sign-on signs in through it.
    return accounts.create({
      email,
      password: generatePassword(),
      tenants: newUserTenants,
      role: newUserRole,
    });
  }

  /** The provider's metadata, read once; a failed read is tried again at the next sign-in. */
  private discover(): Promise<client.Configuration> {
    const { issuerUrl, clientId, clientSecret } = this.options;
    const issuer = new URL(issuerUrl);
    this.configuration ??= client
      .discovery(issuer, clientId, clientSecret, undefined, {
        execute:
          issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname) ? [client.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        this.configuration = undefined;
        throw new DependencyUnavailableError(`the identity provider at ${issuerUrl} does not answer`, {
          cause: err,
        });
      });
    return this.configuration;
  }
}

/** What the user is told when the code exchange or the ID token check failed. */
function refusalOf(err: unknown): Error {
  if (err instanceof client.ResponseBodyError)
    return new SsoRefusedError(
      `the identity provider refused the sign-in (${err.error}: ${err.error_description ?? 'no reason given'})`,
    );
  if (err instanceof client.AuthorizationResponseError)
    return new SsoRefusedError(`the identity provider refused the sign-in (${err.error})`);
  if (err instanceof TypeError || (err as { code?: string }).code === 'OAUTH_RESPONSE_IS_NOT_CONFORM')
    return new DependencyUnavailableError('the identity provider does not answer', { cause: err });
  // openid-client wraps the check that failed ("unexpected ID Token "nonce" claim value").
  let inner = err as Error;
  while (inner.cause instanceof Error) inner = inner.cause;
  return new SsoRefusedError(`the identity provider's answer was refused: ${inner.message}`);
}
