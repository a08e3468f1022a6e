import type { Answerer } from './answer-types';
import { ExtractiveAnswerer } from './extractive-answerer';
import { OpenAIAnswerer, createChatModel } from './openai-answerer';
import type { Searcher } from '@docqa/retrieval';

/** The settings an answerer is built from (named as in `@docqa/config`). */
export interface AnswererSettings {
  /** `extractive` (offline) or `openai` (any OpenAI-compatible chat model). */
  llmProvider: 'extractive' | 'openai';
  llmModel: string;
  llmTemperature: number;
  llmMaxTokens: number;
  /** Time-out of one model request, ms. */
  llmTimeoutMs: number;
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  /** Passages given to the model (or quoted by the extractive answerer). */
  retrievalTopK: number;
}

/** The answerer of the configured provider (`LLM_PROVIDER`). */
export function createAnswerer(config: AnswererSettings, deps: { retriever: Searcher }): Answerer {
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
