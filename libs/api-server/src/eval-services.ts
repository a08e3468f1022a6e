import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createChatModel, type AnswererSettings } from '@docqa/answering';
import { EvalRunner, EvalService, EvalStore, ModelGapWriter, ModelJudge, describeRuns } from '@docqa/evals';
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

/** Longest first draft of a gap section, tokens. */
const GAP_DRAFT_TOKENS = 2000;

/**
 * Builds the API's evaluation sets and runs (DESIGN §16) over its Redis and question service; with
 * a model configured, its judge and the writer of gap drafts ask it at temperature 0.
 */
export function createEvalService(
  config: EvalSettings,
  deps: { redis: Redis; keys: Keys; questions: QuestionService; settings: SettingsStore; logger: Logger },
): EvalService {
  const store = new EvalStore({ redis: deps.redis, keys: deps.keys });
  const model =
    config.llmProvider === 'openai'
      ? (maxTokens: number) =>
          createChatModel({
            model: config.llmModel,
            apiKey: config.openaiApiKey,
            baseUrl: config.openaiBaseUrl,
            temperature: 0,
            maxTokens,
            timeoutMs: config.llmTimeoutMs,
          })
      : undefined;
  const runner = new EvalRunner({
    store,
    questions: deps.questions,
    logger: deps.logger,
    // Items without expectations are graded by the configured model; the extractive answerer has none.
    judge: model && new ModelJudge(model(200), config.llmTimeoutMs),
    describe: describeRuns(deps, {
      answerer: config.llmProvider,
      model: config.llmProvider === 'extractive' ? null : config.llmModel,
      embedder:
        config.embeddingsProvider === 'local'
          ? 'local'
          : `${config.embeddingsProvider}:${config.embeddingsModel}`,
    }),
  });
  const gapWriter =
    model && new ModelGapWriter(model(GAP_DRAFT_TOKENS), config.llmModel, config.llmTimeoutMs);
  return new EvalService(store, runner, gapWriter);
}
