export {
  createEmbedder,
  createRetrieval,
  createVectorStore,
  type RetrievalSettings,
  type StoreLogger,
  type StoreUse,
} from './create-retrieval';
