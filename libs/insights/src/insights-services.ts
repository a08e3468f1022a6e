import type { Redis } from 'ioredis';
import type { QuestionStore } from '@docqa/records';
import type { Keys } from '@docqa/redis';
import type { Embedder } from '@docqa/embedders';
import type { VectorStore } from '@docqa/retrieval';
import { ConversationsReader } from './conversations-reader';
import { GapFinder, type GapLimits } from './gap-finder';
import { InsightsReader } from './insights-reader';
import { QuestionExport } from './question-export';
import { QuestionLog } from './question-log';
import { SearchLog } from './search-log';

/** Everything the admin API serves from the question log, built once by the composition root. */
export interface InsightsServices {
  log: QuestionLog;
  /** The search box's searches, counted once typing settles. */
  searches: SearchLog;
  insights: InsightsReader;
  conversations: ConversationsReader;
  /** Null without a knowledge base to embed and search with. */
  gaps: GapFinder | null;
  export: QuestionExport;
}

/** Builds the {@link InsightsServices} over one Redis connection. */
export function createInsightsServices(deps: {
  redis: Redis;
  keys: Keys;
  store: QuestionStore;
  retentionDays: number;
  /** The tenant's embedder and vector store, for coverage gaps. */
  knowledge?: { embedder: Embedder; store: VectorStore };
  gapLimits?: Partial<GapLimits>;
  /** The clock (tests move it instead of waiting). @defaultValue Date.now */
  now?: () => number;
}): InsightsServices {
  const base = { redis: deps.redis, keys: deps.keys, retentionDays: deps.retentionDays, now: deps.now };
  return {
    log: new QuestionLog(base),
    searches: new SearchLog(base),
    insights: new InsightsReader(base),
    conversations: new ConversationsReader({ ...base, store: deps.store }),
    gaps: deps.knowledge
      ? new GapFinder({
          ...base,
          embedder: deps.knowledge.embedder,
          store: deps.knowledge.store,
          limits: deps.gapLimits,
        })
      : null,
    export: new QuestionExport(base),
  };
}
