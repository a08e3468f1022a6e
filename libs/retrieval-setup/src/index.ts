export {
  createEmbedder,
  createRetrieval,
  createVectorStore,
  type RetrievalSettings,
  type StoreLogger,
} from './create-retrieval';
