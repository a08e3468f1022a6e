import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '@docqa/config';
import { createChatModel } from '@docqa/answering';
import { EvalRunner, EvalService, EvalStore, ModelJudge, describeRuns } from '@docqa/evals';
import type { QuestionService } from '@docqa/questions';
import type { Keys, SettingsStore } from '@docqa/records';

/** Builds the API's evaluation sets and runs (DESIGN §16) over its Redis and question service. */
export function createEvalService(
  config: Config,
  deps: { redis: Redis; keys: Keys; questions: QuestionService; settings: SettingsStore; logger: Logger },
): EvalService {
  const store = new EvalStore({ redis: deps.redis, keys: deps.keys });
  const runner = new EvalRunner({
    store,
    questions: deps.questions,
    logger: deps.logger,
    // Items without expectations are graded by the configured model; the extractive answerer has none.
    judge:
      config.llmProvider === 'openai'
        ? new ModelJudge(
            createChatModel({
              model: config.llmModel,
              apiKey: config.openaiApiKey,
              baseUrl: config.openaiBaseUrl,
              temperature: 0,
              maxTokens: 200,
              timeoutMs: config.llmTimeoutMs,
            }),
            config.llmTimeoutMs,
          )
        : undefined,
    describe: describeRuns(deps, {
      answerer: config.llmProvider,
      model: config.llmProvider === 'extractive' ? null : config.llmModel,
      embedder:
        config.embeddingsProvider === 'local'
          ? 'local'
          : `${config.embeddingsProvider}:${config.embeddingsModel}`,
    }),
  });
  return new EvalService(store, runner);
}
