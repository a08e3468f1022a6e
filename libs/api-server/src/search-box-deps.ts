import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Keys } from '@docqa/redis';
import { SearchBox, SearchBoxIndexes, type Searcher, type VectorStore } from '@docqa/retrieval';
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
  /**
   * Seconds after which a search looks whether the store changed since its tenant's search-box
   * index (words and postings) was built, and builds it again if so.
   */
  searchWordsRefreshSeconds: number;
}

/**
 * Builds the search box over `retrieval`, with each tenant's index built from `store` when it lists
 * a tenant's chunks (without, prefixes and typos match nothing more than themselves, and every
 * search runs the full keyword search).
 */
export function createSearchBoxDeps(
  config: SearchBoxSettings,
  deps: { redis: Redis; keys: Keys; retrieval: Searcher; store?: VectorStore; logger: Logger },
): SearchBoxDeps {
  const { store } = deps;
  const indexes = store?.tenantChunks
    ? new SearchBoxIndexes({
        chunks: (tenant) => store.tenantChunks!(tenant),
        changeMark: store.changeMark && ((tenant) => store.changeMark!(tenant)),
        refreshMs: config.searchWordsRefreshSeconds * 1000,
        onError: (err, tenant) =>
          deps.logger.warn({ err, tenant }, 'the search box could not index its passages'),
      })
    : undefined;
  return {
    searchBox: new SearchBox({ searcher: deps.retrieval, indexes }),
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
