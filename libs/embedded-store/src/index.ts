export { EmbeddedStore, type EmbeddedStoreOptions } from './embedded-store';
export type { MirrorEvents } from './mirror-rows';
export { chunkColumns } from './chunk-columns';
