export { createEmbedder, createRetrieval, createVectorStore, type StoreLogger } from './create-retrieval';
