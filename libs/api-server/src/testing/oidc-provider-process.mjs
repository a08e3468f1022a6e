// A real OpenID Connect provider (the `oidc-provider` package) for tests, in its own process
// (it is an ES module with ES module dependencies). Prints `{"port":N}` once listening on a free
// port of 127.0.0.1. Control, by JSON POSTs:
//  /__setup {"redirect_uri"}: registers the client `docqa` (secret `docqa-secret`) with it;
//  /__mode {"mode"}: how the token endpoint's ID token is altered, re-signed with the provider's
//  own key: "normal", "issuer" (another issuer), "audience" (another audience), "expired",
//  "nonce" (another nonce).
// Sign-in is the provider's development form: any login, which becomes the email; a login that
// starts with `unverified:` has an unverified email. Consent is implied.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import * as jose from 'jose';

const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
const jwk = { ...(await jose.exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
let handler;
let mode = 'normal';

const ALTER = {
  normal: () => ({}),
  issuer: () => ({ iss: 'https://other-issuer.example' }),
  audience: () => ({ aud: 'another-client' }),
  expired: (now) => ({ iat: now - 7200, exp: now - 3600 }),
  nonce: () => ({ nonce: 'not-the-nonce-docqa-sent' }),
};

async function alter(idToken) {
  const payload = jose.decodeJwt(idToken);
  const now = Math.floor(Date.now() / 1000);
  return new jose.SignJWT({ ...payload, ...ALTER[mode](now) })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .sign(privateKey);
}

function setUp(issuer, redirectUri) {
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'docqa',
        client_secret: 'docqa-secret',
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [jwk] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: sub.replace(/^unverified:/, ''),
        email_verified: !sub.startsWith('unverified:'),
      }),
    }),
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/token' && ctx.status === 200 && mode !== 'normal' && ctx.body?.id_token)
      ctx.body = { ...ctx.body, id_token: await alter(ctx.body.id_token) };
  });
  handler = provider.callback();
}

async function readJson(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return JSON.parse(text || '{}');
}

const server = createServer(async (req, res) => {
  if (req.method === 'POST' && req.url === '/__setup') {
    setUp(`http://127.0.0.1:${server.address().port}`, (await readJson(req)).redirect_uri);
    return res.writeHead(204).end();
  }
  if (req.method === 'POST' && req.url === '/__mode') {
    mode = (await readJson(req)).mode;
    return res.writeHead(204).end();
  }
  if (!handler) return res.writeHead(503).end('not set up');
  handler(req, res);
});
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
