import type { Config } from '@docqa/config';
import type { Answerer } from './answer-types';
import { ExtractiveAnswerer } from './extractive-answerer';
import { OpenAIAnswerer, createChatModel } from './openai-answerer';
import type { Searcher } from '@docqa/retrieval';

/** The answerer of the configured provider (`LLM_PROVIDER`). */
export function createAnswerer(config: Config, deps: { retriever: Searcher }): Answerer {
  if (config.llmProvider === 'openai') {
    const model = createChatModel({
      model: config.llmModel,
      apiKey: config.openaiApiKey,
      baseUrl: config.openaiBaseUrl,
      temperature: config.llmTemperature,
      maxTokens: config.llmMaxTokens,
      timeoutMs: config.llmTimeoutMs,
    });
    return new OpenAIAnswerer({
      retriever: deps.retriever,
      model,
      topK: config.retrievalTopK,
      timeoutMs: config.llmTimeoutMs,
    });
  }
  return new ExtractiveAnswerer(deps.retriever, { topK: config.retrievalTopK });
}
