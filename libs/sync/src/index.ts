/** Sources kept in sync: their records, the API's service and the worker's syncer. */
export { SourceService } from './source-service';
export { SourceSyncer } from './source-syncer';
export { SourceStore, newSyncRecord, type PageState, type StoredSource } from './source-store';
export { createSources, type SourceSettings, type Sources } from './open-sources';
export { GitHubPullRequests, type PullRequestInput } from './github-pull-request';
export { SecretBox } from './secret-box';
