/** The HTTP API: routes, their schemas and problem responses, sessions and tokens, health, the widget, portal and docs it serves. */
export { startApi, type ApiClients, type ApiHandle, type ApiServices, type ApiSettings } from './server';
export { createApiServices, type ApiKnowledgeBase, type KnowledgeBaseSettings } from './knowledge-base';
export { staticAssets } from './http/static-assets';
export { DEMO_EXAMPLES } from './demo-page';
export { DEMO_DOCS_EXCLUDE, DEMO_DOCS_PATH } from './demo-docs';
