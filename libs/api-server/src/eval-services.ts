import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createChatModel, type AnswererSettings } from '@docqa/answering';
import { EvalRunner, EvalService, EvalStore, ModelJudge, describeRuns } from '@docqa/evals';
import type { QuestionService } from '@docqa/questions';
import type { SettingsStore } from '@docqa/records';
import type { Keys } from '@docqa/redis';

/** The settings a run records and its judge uses (named as in `@docqa/config`). */
export type EvalSettings = Pick<
  AnswererSettings,
  'llmProvider' | 'llmModel' | 'llmTimeoutMs' | 'openaiApiKey' | 'openaiBaseUrl'
> & {
  embeddingsProvider: string;
  embeddingsModel: string;
};

/** Builds the API's evaluation sets and runs (DESIGN §16) over its Redis and question service. */
export function createEvalService(
  config: EvalSettings,
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
