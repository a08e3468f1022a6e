import type { SearchResult } from '@docqa/contracts';
import { asksForKinds } from './subsection-list';
import { askExtractive, passage, readingSearcher } from './testing/page-searcher';

/** A passage of a services reference page under `section`, linked at `anchor`. */
const part = (section: string, text: string, anchor: string): SearchResult => ({
  ...passage('service.md', section, text, 'Services'),
  url: `https://docs.example/service/#${anchor}`,
});

const STRATEGIES = 'Service Load Balancer › Load Balancing Strategies';
const INTRO = part(
  STRATEGIES,
  'The `strategy` option on the load balancer determines how traffic is distributed among the backend servers.',
  'load-balancing-strategies',
);
const WRR = part(
  `${STRATEGIES} › Weighted Round Robin (wrr)`,
  'The default strategy. Distributes requests evenly across all servers in rotation, respecting server weights.',
  'weighted-round-robin-wrr',
);
const P2C = part(
  `${STRATEGIES} › Power of Two Choices (p2c)`,
  'Selects two servers at random and routes the request to the one with the fewest active connections.',
  'power-of-two-choices-p2c',
);
const HRW = part(
  `${STRATEGIES} › Highest Random Weight (hrw)`,
  'Uses consistent hashing of the client IP so that requests of one client reach the same server.',
  'highest-random-weight-hrw',
);
const HEALTH = part(
  'Service Load Balancer › Health Check',
  'Configure health check to remove unhealthy servers from the load balancing rotation.',
  'health-check',
);
const ENTRYPOINTS = passage(
  'entrypoints.md',
  'ProxyProtocol and Load Balancers',
  'If your load balancer sits in front of the proxy, enable the proxy protocol on the entry point.',
  'EntryPoints',
);
const PAGE = [INTRO, WRR, P2C, HRW, HEALTH];

describe('a section that gives each of the kinds asked a subsection of its own', () => {
  it('lists its subsections, linked, after the quote', async () => {
    // Retrieval found the introduction and one strategy's prose; the page lists the rest only as
    // headings one level below the introduction.
    const searcher = readingSearcher([INTRO, ENTRYPOINTS, HRW], PAGE);
    const { text, cited } = await askExtractive('load balancing strategy options?', searcher);
    expect(cited[0]).toBe('service.md');
    expect(text).toContain('The `strategy` option on the load balancer');
    expect(text).toContain(
      '- [Weighted Round Robin (wrr)](https://docs.example/service/#weighted-round-robin-wrr)\n' +
        '- [Power of Two Choices (p2c)](https://docs.example/service/#power-of-two-choices-p2c)\n' +
        '- [Highest Random Weight (hrw)](https://docs.example/service/#highest-random-weight-hrw)',
    );
    // A sibling section of the introduction is not one of the kinds.
    expect(text).not.toContain('[Health Check]');
  });

  it('lists nothing when the section lists the kinds itself', async () => {
    const listed = part(
      STRATEGIES,
      'The `strategy` option on the load balancer picks one of:\n\n- `wrr`, the default\n- `p2c`\n- `hrw`',
      'load-balancing-strategies',
    );
    const searcher = readingSearcher([listed, ENTRYPOINTS, HRW], [listed, WRR, P2C, HRW, HEALTH]);
    const { text } = await askExtractive('load balancing strategy options?', searcher);
    expect(text).toContain('- `p2c`');
    expect(text).not.toContain('](https://docs.example/service/#power-of-two-choices-p2c)');
    expect(searcher.reads).toEqual([]);
  });

  it('reads which things of a kind a question asks for as it opens', () => {
    expect(asksForKinds('load balancing algorithm options?')).toBe(true);
    expect(asksForKinds('What kinds of load balancing are there?')).toBe(true);
    expect(asksForKinds('Which options does the load balancer have?')).toBe(true);
    // One setting asked, whose clause names a kind.
    expect(asksForKinds('Which setting tells the client what kind of server it talks to?')).toBe(false);
    expect(asksForKinds('How do I set the load balancing options?')).toBe(false);
  });
});
