/** Fixtures for tests of source syncs: a local docs site with validators. */
export { htmlPage, startDocsSite, type DocsPage, type DocsSite } from './testing/docs-site';
export { startGitHubStandIn, type GitHubStandIn, type StandInRepo } from './testing/github-stand-in';
export type { StandInPull } from './testing/github-stand-in-writes';
export { githubSource, syncedDocuments } from './testing/github-documents';
