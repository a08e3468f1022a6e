/** Sources kept in sync: their records, the API's service and the worker's syncer. */
export { SourceService } from './source-service';
export { SourceSyncer } from './source-syncer';
export { SourceStore, newSyncRecord, type PageState, type StoredSource } from './source-store';
export { openSources, type OpenSources } from './open-sources';
export { SecretBox } from './secret-box';
