import type { Redis } from 'ioredis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';

const LONG_SECTION = Array.from(
  { length: 40 },
  (_, i) => `Paragraph ${i} of the upgrade notes says little of interest.`,
).join(' ');
const DOCS = [
  {
    id: 'tokens',
    title: 'Tokens',
    url: 'https://docs.acme.test/tokens',
    content:
      '# Tokens\n\nCreate a token with the **tokens create** command of the CLI. Tokens are stored as hashes.\n\n## Revoking\n\nRevoke a token with `tokens revoke` and its id. Revocation takes effect at once.',
    metadata: { product: 'cli' },
  },
  {
    id: 'install',
    title: 'Install on Windows',
    url: 'https://docs.acme.test/install',
    content: '# Install on Windows\n\nDownload the installer and run setup.exe as administrator.',
    metadata: { product: 'desktop' },
  },
  {
    id: 'upgrade',
    title: 'Upgrade',
    url: 'https://docs.acme.test/upgrade',
    content: `# Upgrade\n\n${LONG_SECTION} Finally the migration runs by itself. ${LONG_SECTION}`,
    metadata: { product: 'cli' },
  },
];
const ORIGIN = 'https://docs.acme.test';

interface Found {
  results: {
    document_id: string;
    title: string;
    url: string | null;
    heading_path: string[];
    snippet: string;
    highlights: [number, number][];
  }[];
  took_ms: number;
}

describe('POST /search/ (the widget search box, real store and worker)', () => {
  let stack: Stack;
  let redis: Redis;
  const prefix = testPrefix('sbox');
  const tokens: Record<string, string> = {};
  let visitor = 0;

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({
      prefix,
      env: { SEARCH_WORDS_REFRESH_SECONDS: '1', VISITOR_SEARCHES_PER_MINUTE: '5' },
    });
    const make = async (name: string, opts: Parameters<Stack['createToken']>[0]) => {
      tokens[name] = await stack.createToken(opts);
    };
    await Promise.all([
      make('acme', { tenant: 'acme', scopes: ['ask', 'ingest'] }),
      make('globex', { tenant: 'globex', scopes: ['ask', 'ingest'] }),
      make('searchScope', { tenant: 'acme', scopes: ['search'] }),
      make('widget', { tenant: 'acme', scopes: ['ask'], widget: true, origins: [ORIGIN] }),
      make('cliWidget', {
        tenant: 'acme',
        scopes: ['ask'],
        widget: true,
        origins: [ORIGIN],
        filters: [{ type: 'eq', property: 'product', value: 'cli' }],
      }),
    ]);
    await ingest(tokens.acme!, DOCS);
    await ingest(tokens.globex!, [
      { id: 'vault', title: 'Vault', content: 'The vault of globex revokes tokens.' },
    ]);
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const call = (path: string, token: string | null, init: RequestInit = {}) =>
    fetch(stack.apiUrl + path, {
      ...init,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'content-type': 'application/json',
        ...(init.headers as object),
      },
    });
  /** A search as a widget visitor of its own (the API trusts the loopback proxy's X-Forwarded-For). */
  const search = (body: object, token = tokens.acme!, headers: Record<string, string> = {}) =>
    call('search/', token, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: {
        // A widget token is used from its page; the others from a backend, which sends no origin.
        ...([tokens.widget, tokens.cliWidget].includes(token) ? { origin: ORIGIN } : {}),
        'x-forwarded-for': `10.0.0.${++visitor}`,
        ...headers,
      },
    });

  async function ingest(token: string, documents: object[]): Promise<void> {
    const res = await call('documents/', token, { method: 'POST', body: JSON.stringify({ documents }) });
    const { job_id } = (await res.json()) as { job_id: string };
    for (;;) {
      const job = (await (await call(`jobs/${job_id}?wait=1`, token)).json()) as { status: string };
      if (job.status === 'completed') return;
      if (job.status === 'failed') throw new Error(JSON.stringify(job));
    }
  }

  /**
   * Searches until `found` holds: the tenant's search-box index is built in the background after its
   * first search, so prefixes and typos match once that build is done.
   */
  async function searchUntil(body: object, found: (r: Found) => boolean, token?: string): Promise<Found> {
    for (;;) {
      const res = await search(body, token);
      expect(res.status).toBe(200);
      const result = (await res.json()) as Found;
      if (found(result)) return result;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const first = (r: Found) => r.results[0]?.document_id;
  const highlighted = (r: Found['results'][number]) => r.highlights.map(([s, e]) => r.snippet.slice(s, e));

  it('finds the page of an exact word first, with its heading path, anchor, snippet and highlights', async () => {
    const res = await search({ query: 'installer' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Found;
    expect(first(body)).toBe('install');
    const hit = body.results[0]!;
    expect(hit).toMatchObject({ title: 'Install on Windows', heading_path: ['Install on Windows'] });
    expect(hit.url).toMatch(/^https:\/\/docs\.acme\.test\/install/);
    expect(highlighted(hit)).toEqual(['installer']);
    expect(typeof body.took_ms).toBe('number');
  });

  it('groups sections under their page and gives snippets as text, without the Markdown', async () => {
    const body = (await (await search({ query: 'revoke token ' })).json()) as Found;
    expect(first(body)).toBe('tokens');
    const pages = body.results.map((r) => r.document_id);
    expect(pages.filter((p) => p !== 'tokens')).toEqual([]);
    const revoking = body.results.find((r) => r.heading_path.join('/') === 'Tokens/Revoking')!;
    expect(revoking.url).toBe('https://docs.acme.test/tokens#revoking');
    expect(revoking.snippet).not.toMatch(/[`*]/);
    expect(highlighted(revoking).map((w) => w.toLowerCase())).toEqual(
      expect.arrayContaining(['revoke', 'token', 'tokens']),
    );
  });

  it('reads the last word as a prefix, and as a word once a space follows it', async () => {
    const body = await searchUntil({ query: 'migra' }, (r) => first(r) === 'upgrade');
    expect(highlighted(body.results[0]!)).toEqual(['migration']);
    const done = (await (await search({ query: 'migra ' })).json()) as Found;
    expect(done.results).toEqual([]);
  });

  it('finds a word of five or more letters typed with one letter wrong, missing, extra or swapped', async () => {
    for (const query of ['instaler ', 'instalxer ', 'insatller ', 'installerr ']) {
      const body = await searchUntil({ query }, (r) => first(r) === 'install');
      expect(highlighted(body.results[0]!)).toEqual(['installer']);
    }
    // Four letters: too short to be taken as a typo.
    expect(((await (await search({ query: 'toke ' })).json()) as Found).results).toEqual([]);
  });

  it('returns a snippet around the match, never the whole passage', async () => {
    const body = await searchUntil({ query: 'migration' }, (r) => first(r) === 'upgrade');
    const hit = body.results[0]!;
    expect(hit.snippet.length).toBeLessThanOrEqual(182);
    expect(hit.snippet).toMatch(/^….*migration/);
    expect(highlighted(hit)).toEqual(['migration']);
  });

  it('applies the request’s filters and, for a widget token, the token’s own', async () => {
    const desktop = (await (
      await search({
        query: 'token installer',
        filters: [{ type: 'eq', property: 'product', value: 'desktop' }],
      })
    ).json()) as Found;
    expect(desktop.results.map((r) => r.document_id)).toEqual(['install']);
    const widget = (await (await search({ query: 'installer' }, tokens.cliWidget)).json()) as Found;
    expect(widget.results).toEqual([]);
    const overridden = (await (
      await search(
        { query: 'installer', filters: [{ type: 'eq', property: 'product', value: 'desktop' }] },
        tokens.cliWidget,
      )
    ).json()) as Found;
    expect(overridden.results).toEqual([]);
  });

  it('searches only the token’s tenant', async () => {
    const body = (await (await search({ query: 'vault' })).json()) as Found;
    expect(body.results).toEqual([]);
    const globex = (await (await search({ query: 'vault' }, tokens.globex)).json()) as Found;
    expect(first(globex)).toBe('vault');
  });

  it('needs the ask scope, a token, and for a widget token one of its origins', async () => {
    expect((await search({ query: 'token' }, tokens.widget)).status).toBe(200);
    expect((await search({ query: 'token' }, tokens.searchScope)).status).toBe(403);
    const anonymous = await call('search/', null, { method: 'POST', body: '{"query":"token"}' });
    expect(anonymous.status).toBe(401);
    const elsewhere = await search({ query: 'token' }, tokens.widget, { origin: 'https://evil.test' });
    expect(elsewhere.status).toBe(403);
    const preflight = await fetch(stack.apiUrl + 'search/', {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('limits each widget visitor’s searches apart from the questions, with 429 and Retry-After', async () => {
    const ip = { 'x-forwarded-for': '10.9.9.9' };
    for (let i = 0; i < 5; i++)
      expect((await search({ query: `token ${i}` }, tokens.widget, ip)).status).toBe(200);
    const refused = await search({ query: 'token' }, tokens.widget, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).detail).toMatch(/5 searches per minute/);
    expect((await search({ query: 'token' }, tokens.widget, { 'x-forwarded-for': '10.9.9.10' })).status).toBe(
      200,
    );
  });

  it.each([
    ['an empty query', { query: '' }],
    ['a query of spaces', { query: '   ' }],
    ['a 2,000-character query', { query: 'a'.repeat(2000) }],
    ['a query with a control character', { query: 'token\u0000' }],
    ['a query with a line break', { query: 'token\nrevoke' }],
    ['no query', {}],
    ['an unknown field', { query: 'token', mode: 'x' }],
    ['a limit of 0', { query: 'token', limit: 0 }],
  ])('answers %s with a 400 problem', async (_name, body) => {
    const res = await search(body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await res.json()) as { status: number; errors: { path: string }[] };
    expect(problem.status).toBe(400);
    expect(problem.errors.length).toBeGreaterThan(0);
  });
});
