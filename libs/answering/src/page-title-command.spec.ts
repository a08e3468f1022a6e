import type { SearchResult } from '@docqa/contracts';
import { askExtractive, passage, type SearchQuery } from './testing/page-searcher';

/** A middleware's page as traefik's MkDocs site writes it: its title names the middleware. */
const TITLE = 'Traefik HTTP Middlewares IPAllowList';
const INTRO = passage(
  'ipallowlist',
  '',
  '`ipAllowList` accepts / refuses requests based on the client IP.',
  TITLE,
);
const EXAMPLE = passage(
  'ipallowlist',
  'Configuration Example',
  '```yaml\nhttp:\n  middlewares:\n    test-ipallowlist:\n      ipAllowList:\n        sourceRange:\n          - "127.0.0.1/32"\n```',
  TITLE,
);
const STRATEGY = passage(
  'ipallowlist',
  'Configuration Options › ipStrategy',
  'The `ipStrategy` option defines how Traefik determines the client IP address that the allow list checks. ' +
    'Only addresses of the client, not of a proxy in front of it, are checked when the strategy is set.',
  TITLE,
);
const SERVICE = passage(
  'service',
  'Servers',
  'A service forwards requests to its servers:\n\n```yaml\nservices:\n  app:\n    loadBalancer: {}\n```',
);

/**
 * Finds `first` for any question; within the IPAllowList page, its usage example only for a
 * query naming the page (its title), its other sections for any other query.
 */
function titleSearcher() {
  const queries: SearchQuery[] = [];
  return {
    queries,
    search: async (query: SearchQuery) => {
      queries.push(query);
      const within = query.filters.some((f) => f.property === 'document_id');
      const results: SearchResult[] = !within
        ? [STRATEGY, SERVICE]
        : query.query === TITLE
          ? [EXAMPLE, INTRO]
          : [INTRO, STRATEGY];
      return { results, took_ms: 0 };
    },
  };
}

describe('the command of a how-do-I on the page of the section chosen', () => {
  it('is searched for by the page’s title too, and its usage example quoted', async () => {
    const retriever = titleSearcher();
    const { text } = await askExtractive(
      'How do I allow only some IP addresses to reach a service?',
      retriever,
    );
    expect(retriever.queries.map((q) => q.query)).toContain(TITLE);
    expect(text).toContain('The `ipStrategy` option defines');
    expect(text).toContain('sourceRange:');
  });
});
