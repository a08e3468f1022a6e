export { QdrantStore, type QdrantStoreOptions } from './qdrant-store';
