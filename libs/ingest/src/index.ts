export * from './document-store';
export * from './ingestor';
export * from './to-markdown';
export * from './file-loader';
