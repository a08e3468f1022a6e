import type { SearchResult } from '@docqa/contracts';
import { ExtractiveAnswerer } from './extractive-answerer';
import { askExtractive, pageSearcher, passage, readingSearcher, stored } from './testing/page-searcher';

/** A middleware's page as MkDocs sites write it: its opening, examples, options, an option's section. */
const INTRO = passage(
  'RedirectRegex',
  '',
  'The `RedirectRegex` redirects a request using regex matching and replacement.',
  'Traefik RedirectRegex Documentation',
);
const EXAMPLES = passage(
  'RedirectRegex',
  'Configuration Examples',
  '```yaml\n# Redirect with domain replacement\nhttp:\n  middlewares:\n    test-redirectregex:\n' +
    '      redirectRegex:\n        regex: "^http://localhost/(.*)"\n        replacement: "http://mydomain/${1}"\n```',
  'Traefik RedirectRegex Documentation',
);
const OPTIONS = passage(
  'RedirectRegex',
  'Configuration Options',
  '| Field | Description | Default |\n|---|---|---|\n| `permanent` | Enable a permanent redirection. | false |',
  'Traefik RedirectRegex Documentation',
);
const REGEX = passage(
  'RedirectRegex',
  'Configuration Options › `regex`',
  'The `regex` option is the regular expression to match and capture elements from the request URL.\n\n' +
    'When defining a regular expression within YAML, any escaped character needs to be escaped twice: ' +
    '`example\\.com` needs to be written as `example\\\\.com`.',
  'Traefik RedirectRegex Documentation',
);
const PAGE = [INTRO, EXAMPLES, OPTIONS, REGEX];

const QUESTION = 'How do I redirect one domain to another using a regular expression?';

describe("a page's leading example, read by its place", () => {
  it('is quoted for a how-do-I when nothing retrieved holds a code block', async () => {
    const retriever = readingSearcher([REGEX], PAGE);
    const { text, cited } = await askExtractive(QUESTION, retriever);
    expect(text).toContain('The `regex` option is the regular expression');
    expect(text).toContain('redirectRegex:');
    expect(text).toContain('replacement: "http://mydomain/${1}"');
    expect(cited).toEqual(['RedirectRegex']);
    // Read, not searched: the question's one search (beside the one-result keyword search that
    // checks the docs write the thing asked to act on, see asked-object.ts), and the best
    // section's page read once.
    expect(retriever.queries.map((q) => [q.mode, q.limit])).toEqual([
      ['hybrid', 6],
      ['keyword', 1],
    ]);
    expect(retriever.reads).toEqual(['RedirectRegex']);
  });

  it('is not quoted by a searcher that cannot read a page', async () => {
    const retriever = pageSearcher([REGEX], PAGE);
    const { text } = await askExtractive(QUESTION, retriever);
    expect(text).toContain('The `regex` option is the regular expression');
    expect(text).not.toContain('redirectRegex:');
  });

  it('is not read for passages that write no code at all, as a TV manual', async () => {
    const manual = passage(
      'Picture',
      'Changing the picture mode',
      'Open Settings, then Picture, then Picture Mode, and select the mode you want to use.',
    );
    const retriever = readingSearcher([manual], [manual]);
    await askExtractive('How do I change the picture mode?', retriever);
    expect(retriever.reads).toEqual([]);
  });

  it('keeps to the question’s filters: an example of another product is not quoted', async () => {
    const other = { ...EXAMPLES, metadata: { product: 'mesh' } };
    const proxy = (r: SearchResult) => ({ ...r, metadata: { product: 'proxy' } });
    const retriever = readingSearcher([proxy(REGEX)], [proxy(INTRO), other, proxy(OPTIONS), proxy(REGEX)]);
    let text = '';
    for await (const c of new ExtractiveAnswerer(retriever).answer({
      tenant: 't',
      question: QUESTION,
      history: [],
      filters: [{ type: 'eq', property: 'product', value: 'proxy' }],
    }))
      if (c.type === 'delta') text += c.text;
    expect(retriever.reads).toEqual(['RedirectRegex']);
    expect(text).toContain('The `regex` option is the regular expression');
    expect(text).not.toContain('redirectRegex:');
  });
});

describe("a page's example read by its place, beside a runner-up about as good", () => {
  it("takes the place of another page's runner-up when its code names more of the question", async () => {
    const scheme = passage(
      'RedirectScheme',
      '',
      'The `RedirectScheme` middleware redirects a request to another domain when its scheme differs.',
      'Traefik RedirectScheme Documentation',
    );
    const retriever = readingSearcher([REGEX, scheme], [...PAGE, scheme]);
    const { text, cited } = await askExtractive(QUESTION, retriever);
    expect(retriever.reads).toEqual(['RedirectRegex']);
    expect(text).toContain('redirectRegex:');
    expect(text).toContain('replacement: "http://mydomain/${1}"');
    // The other page is still quoted, briefly, after the example: it may be the one meant.
    expect(text.indexOf('redirectRegex:')).toBeLessThan(text.indexOf('The `RedirectScheme` middleware'));
    expect(cited).toEqual(['RedirectRegex', 'RedirectScheme']);
  });

  it("does not take the place of another page's runner-up when it names no more of the question", async () => {
    const scheme = passage(
      'RedirectScheme',
      '',
      'The `RedirectScheme` middleware redirects a request to another domain when its scheme differs.',
      'Traefik RedirectScheme Documentation',
    );
    // The page's leading example names no more of the question than the runner-up's page does.
    const tls = passage(
      'RedirectRegex',
      'Configuration Examples',
      '```yaml\n# Redirect\ntls:\n  options:\n    default:\n      minVersion: VersionTLS12\n```',
      'Traefik RedirectRegex Documentation',
    );
    const retriever = readingSearcher([REGEX, scheme], [INTRO, tls, OPTIONS, REGEX, scheme]);
    const { text, cited } = await askExtractive(QUESTION, retriever);
    expect(retriever.reads).toEqual(['RedirectRegex']);
    expect(cited).toEqual(['RedirectRegex', 'RedirectScheme']);
    expect(text).toContain('The `RedirectScheme` middleware');
    expect(text).not.toContain('minVersion');
  });

  it('takes the place of a runner-up that is a part of the best section', async () => {
    const title = 'Traefik CircuitBreaker Documentation';
    const examples = passage(
      'CircuitBreaker',
      'Configuration Examples',
      '```yaml\n# Latency Check\nhttp:\n  middlewares:\n    latency-check:\n      circuitBreaker:\n' +
        '        expression: "LatencyAtQuantileMS(50.0) > 100"\n```',
      title,
    );
    const state = passage(
      'CircuitBreaker',
      'State',
      'There are three possible states for your circuit breaker:\n\n' +
        '- `Closed` (your service operates normally).\n' +
        '- `Open` (the fallback mechanism takes over your service).\n' +
        '- `Recovering` (the circuit breaker tries to resume sending requests to your service).',
      title,
    );
    const recovering = passage(
      'CircuitBreaker',
      'State › Recovering',
      'While recovering, the circuit breaker sends linearly increasing amounts of requests to your ' +
        'service. If your service fails during recovery, the circuit breaker opens again.',
      title,
    );
    const retriever = readingSearcher([state, recovering], [examples, state, recovering]);
    const { text } = await askExtractive(
      'How do I stop sending requests to a slow service with a circuit breaker?',
      retriever,
    );
    expect(retriever.reads).toEqual(['CircuitBreaker']);
    expect(text).toContain('There are three possible states');
    expect(text).toContain('expression: "LatencyAtQuantileMS(50.0) > 100"');
  });
});

/** A middleware's page whose option section retrieval found, and its example it did not. */
const ALLOW_TITLE = 'Traefik HTTP Middlewares IPAllowList';
const ALLOW_OPENING = passage(
  'IPAllowList',
  '',
  '`ipAllowList` accepts / refuses requests based on the client IP.',
  ALLOW_TITLE,
);
const ALLOW_EXAMPLE = passage(
  'IPAllowList',
  'Configuration Example',
  '```yaml\n# Accepts request from defined IP\nhttp:\n  middlewares:\n    test-ipallowlist:\n' +
    '      ipAllowList:\n        sourceRange:\n          - "127.0.0.1/32"\n          - "192.168.1.7"\n```',
  ALLOW_TITLE,
);
const ALLOW_SUBNET = passage(
  'IPAllowList',
  'Configuration Options › `ipStrategy.ipv6Subnet`',
  'This strategy applies to `Depth` and `RemoteAddr` strategy only. If `ipv6Subnet` is provided and ' +
    'the selected IP is IPv6, the IP is transformed into the first IP of the subnet it belongs to.\n\n' +
    'This is useful for grouping IPv6 addresses into subnets to prevent bypassing this middleware ' +
    'by obtaining a new IPv6.',
  ALLOW_TITLE,
);
/** Another page's section about as good, with code that names less of the question. */
const WEIGHTED = passage(
  'Service',
  'Advanced Service Types › Highest Random Weight',
  'The `highestRandomWeight` service type uses consistent hashing to load balance requests between ' +
    'multiple services. This ensures that requests from the same client IP are consistently routed ' +
    'to the same service. This is different from the `hrw` strategy on a load balancer: it operates ' +
    'on services, not server addresses.\n\n' +
    '> **Supported Providers:** This service type can be defined currently only with the File provider.\n\n' +
    '```yaml\nhttp:\n  services:\n    app:\n      highestRandomWeight:\n' +
    '        services:\n        - name: appv1\n          weight: 1\n```',
  'Traefik Services',
);
const WEIGHTED_CHECK = passage(
  'Service',
  'Advanced Service Types › Highest Random Weight › Health Check',
  'A health check can be set on the services.\n\n```yaml\nhttp:\n  services:\n    app:\n' +
    '      highestRandomWeight:\n        healthCheck: {}\n```',
  'Traefik Services',
);

describe("a page's leading example beside a runner-up from another page", () => {
  it('is read when the page search finds code only on the runner-up’s page, and quoted when it names more', async () => {
    const retriever = {
      ...pageSearcher([ALLOW_SUBNET, WEIGHTED], [WEIGHTED_CHECK]),
      documentChunks: async (_tenant: string, id: string) =>
        [ALLOW_OPENING, ALLOW_EXAMPLE, ALLOW_SUBNET].filter((r) => r.document_id === id).map(stored),
    };
    const { text } = await askExtractive(
      'How do I allow only some IP addresses to reach a service?',
      retriever,
    );
    expect(text).toContain('This strategy applies to `Depth` and `RemoteAddr` strategy only.');
    expect(text).toContain('ipAllowList:');
    expect(text).toContain('sourceRange:');
  });
});

describe("a page's leading example when the page search over it alone finds none of its code", () => {
  const title = 'Traefik JWT Documentation';
  const opening = passage(
    'JWT',
    '',
    'The JWT middleware verifies that a valid JWT token is provided in the `Authorization` header ' +
      'before the request reaches the backend.',
    title,
  );
  const example = passage(
    'JWT',
    'Configuration Examples',
    '```yaml\nhttp:\n  middlewares:\n    test-jwt:\n      jwt:\n        signingSecret: mySecret\n```',
    title,
  );
  const claims = passage(
    'JWT',
    'Configuration Options › claims',
    'The `claims` option defines the custom claims a valid JWT token must hold.',
    title,
  );
  /** Another page's section with code, far below the opening: no runner-up about as good. */
  const headers = passage(
    'EntryPoints',
    'Configuration Options › underscoreHeadersStrategy',
    'Defines how headers with underscores are handled.\n\n```yaml\nentryPoints:\n  web:\n' +
      '    underscoreHeadersStrategy: reject\n```',
    'Traefik EntryPoints Documentation',
  );

  it('is read by its place and quoted after the opening', async () => {
    // The page search (the best section's page alone: the other page is no runner-up about as
    // good) finds the option's section, which gives no code, not the example.
    const retriever = {
      ...pageSearcher([opening, headers], [claims]),
      documentChunks: async (_tenant: string, id: string) =>
        [opening, example, claims].filter((r) => r.document_id === id).map(stored),
    };
    const { text, cited } = await askExtractive(
      'How do I check that requests carry a valid JWT before they reach my backend?',
      retriever,
    );
    expect(text).toContain('The JWT middleware verifies');
    expect(text).toContain('signingSecret: mySecret');
    expect(text.indexOf('The JWT middleware verifies')).toBeLessThan(text.indexOf('signingSecret'));
    expect(cited[0]).toBe('JWT');
  });
});
