/** Test entry of the API server: the whole stack (API, worker, private Redis prefix) in process. */
export { noKnowledgeBase, startStack, type Stack, type StackOptions } from './testing/start-stack';
export { startOidcProvider, type IdTokenMode, type TestOidcProvider } from './testing/oidc-provider';
