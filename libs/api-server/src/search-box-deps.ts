import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Keys } from '@docqa/redis';
import { SearchBox, Vocabularies, type Searcher, type VectorStore } from '@docqa/retrieval';
import { QuestionRateLimiter } from './http/rate-limit';

/** What `POST /search/` runs on: the search box and its own rate limits. */
export interface SearchBoxDeps {
  searchBox: SearchBox;
  /** Searches per minute per token and per widget visitor, counted apart from questions. */
  rateLimiter: QuestionRateLimiter;
}

/** The settings of the search box (named as in `@docqa/config`). */
export interface SearchBoxSettings {
  searchRateLimitPerMinute: number;
  visitorSearchesPerMinute: number;
  /** Seconds before a search recounts its tenant's words. */
  searchWordsRefreshSeconds: number;
}

/**
 * Builds the search box over `retrieval`, with each tenant's words counted from `store` when it
 * lists its chunks' search texts (without, prefixes and typos match nothing more than themselves).
 */
export function createSearchBoxDeps(
  config: SearchBoxSettings,
  deps: { redis: Redis; keys: Keys; retrieval: Searcher; store?: VectorStore; logger: Logger },
): SearchBoxDeps {
  const { store } = deps;
  const vocabularies = store?.searchTexts
    ? new Vocabularies({
        texts: (tenant) => store.searchTexts!(tenant),
        refreshMs: config.searchWordsRefreshSeconds * 1000,
        onError: (err, tenant) =>
          deps.logger.warn({ err, tenant }, 'the search box could not count its words'),
      })
    : undefined;
  return {
    searchBox: new SearchBox({ searcher: deps.retrieval, vocabularies }),
    rateLimiter: new QuestionRateLimiter({
      redis: deps.redis,
      keys: deps.keys,
      counts: 'search',
      limits: {
        perToken: config.searchRateLimitPerMinute,
        perWidgetToken: config.searchRateLimitPerMinute,
        perVisitor: config.visitorSearchesPerMinute,
      },
    }),
  };
}
