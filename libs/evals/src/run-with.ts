import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { EvalRunWith } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';
import type { SettingsStore } from '@docqa/records';

/** The installation's answering set-up, as the composition root reads it from the config. */
export interface AnsweringSetup {
  /** `LLM_PROVIDER`: `extractive` or `openai`. */
  answerer: string;
  /** `LLM_MODEL` with a model answerer; null for the extractive one. */
  model: string | null;
  /** `EMBEDDINGS_PROVIDER` (and model for `openai`). */
  embedder: string;
}

/**
 * What a tenant's run runs with: the answering set-up, a digest of the tenant's settings and its
 * document count at the start, so a change between two runs can be told from the docs' changes.
 */
export function describeRuns(
  deps: { redis: Redis; keys: Keys; settings: SettingsStore },
  setup: AnsweringSetup,
): (tenant: string) => Promise<EvalRunWith> {
  return async (tenant) => {
    const [settings, documents] = await Promise.all([
      deps.settings.get(tenant),
      deps.redis.zcard(deps.keys.documentIndex(tenant)),
    ]);
    const digest = createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 16);
    return { ...setup, settings_digest: digest, documents };
  };
}
