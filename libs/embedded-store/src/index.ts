export { EmbeddedStore, type EmbeddedStoreOptions } from './embedded-store';
export type { MirrorEvents } from './mirror-rows';
export type { MirrorBytes } from './mirror-parts';
export { chunkColumns } from './chunk-columns';
