export { startApi } from './server';
export { createApiServices } from './knowledge-base';
export { staticAssets } from './http/static-assets';
export { DEMO_EXAMPLES } from './demo-page';
export { DEMO_DOCS_EXCLUDE, DEMO_DOCS_PATH } from './demo-docs';
