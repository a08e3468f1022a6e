export type { Embedder } from './embedder';
export { LocalEmbedder } from './local-embedder';
export { OpenAIEmbedder, type OpenAIEmbedderOptions } from './openai-embedder';
export { ingestionEmbedder } from './threaded-embedder';
