/** Test entry of the API server: a test OpenID provider for the portal's single sign-on. */
export { startOidcProvider, type IdTokenMode, type TestOidcProvider } from './testing/oidc-provider';
