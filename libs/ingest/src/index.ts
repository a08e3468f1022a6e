/** The indexing path: chunk, embed and store documents, and keep their records and jobs. */
export { DocumentStore, type DocumentListOptions, type DocumentPage } from './document-store';
export { Ingestor, type IngestorOptions } from './ingestor';
export {
  DocumentService,
  createDocumentService,
  type DocumentServices,
  type DocumentSettings,
} from './document-service';
export { toMarkdown } from './to-markdown';
export { CHUNKING_VERSION } from './chunking-version';
export { Reindexer, isOutdated, queueReindex } from './reindexer';
export { UploadStore, IncomingUpload, type UploadStoreOptions } from './upload-store';
export { UploadIntake, type UploadIntakeDeps, type UploadSubmission } from './upload-intake';
export { DocVersions, type ResolvedVersion } from './doc-versions';
