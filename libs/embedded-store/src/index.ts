export { EmbeddedStore, type EmbeddedStoreOptions } from './embedded-store';
export type { MirrorEvents } from './mirror-keeper';
export { chunkColumns } from './chunk-columns';
