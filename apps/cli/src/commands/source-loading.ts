/** The loaders the `ingest` command runs, behind one module it imports when it runs. */
export { loadSources } from '@docqa/sources';
