import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchResult } from '@docqa/contracts';
import { chunkMarkdown } from '@docqa/chunking';
import {
  EQUIVALENT_STRENGTH,
  equivalentStrength,
  selfStrength,
  SYNONYM_STRENGTH,
  synonymStrength,
  synonymTerms,
} from './equivalent-terms';
import { askExtractive, passage, rankedSection } from './testing/page-searcher';
import { terms } from './text';

describe('equivalentStrength', () => {
  it('counts a term by what its equivalent counts in the section, at a reduced strength', () => {
    const strength = (term: string) => ({ origin: 1, host: 1.75 })[term] ?? 0;
    expect(equivalentStrength('domain', strength)).toBeCloseTo(EQUIVALENT_STRENGTH * 1.75);
  });

  it('counts nothing for a term without equivalents, or whose equivalents the section lacks', () => {
    expect(equivalentStrength('widget', () => 1)).toBe(0);
    expect(equivalentStrength('domain', () => 0)).toBe(0);
  });

  it('counts no equivalent the question itself writes: that word counts once, as itself', () => {
    // "combine … into one merged view": a section writing only "combine" holds one word, not two.
    const [combine, merge] = [terms('combine')[0]!, terms('merged')[0]!];
    const strength = (term: string) => (term === combine ? 1 : 0);
    expect(equivalentStrength(merge, strength)).toBeCloseTo(EQUIVALENT_STRENGTH);
    expect(equivalentStrength(merge, strength, new Set(), [], new Set([combine, merge]))).toBe(0);
    expect(equivalentStrength(merge, strength, new Set(), [], new Set([merge]))).toBeCloseTo(
      EQUIVALENT_STRENGTH,
    );
  });
});

describe('selfStrength', () => {
  const strength = (term: string) => ({ selfupdat: 1.5, self: 1 })[term] ?? 0;

  it('counts a reflexive pronoun by a "self" compound of the headings, as an equivalent', () => {
    expect(selfStrength('itself', strength, ['tool', 'selfupdat'])).toBeCloseTo(EQUIVALENT_STRENGTH * 1.5);
    expect(selfStrength('themselv', strength, ['self', 'sign'])).toBeCloseTo(EQUIVALENT_STRENGTH);
    expect(equivalentStrength('itself', strength, new Set(), ['tool', 'selfupdat'])).toBeCloseTo(
      EQUIVALENT_STRENGTH * 1.5,
    );
  });

  it('counts nothing for another term, or for headings without a "self" word', () => {
    expect(selfStrength('updat', strength, ['tool', 'selfupdat'])).toBe(0);
    expect(selfStrength('itself', strength, ['tool', 'version'])).toBe(0);
    expect(equivalentStrength('itself', strength)).toBe(0);
  });

  it("quotes the self-update command's page, not a sibling command's that holds the other words", async () => {
    const results = [
      passage(
        'version.md',
        'tool version › Synopsis',
        'Show the version number. With the --check flag it compares your version with the latest release and the latest beta, to see whether to update.',
        'tool version',
      ),
      passage(
        'selfupdate.md',
        'tool selfupdate › Synopsis',
        'This command downloads the latest release of tool and replaces the running binary. Run it with the `--beta` flag to update to the latest beta: `tool selfupdate --beta`.',
        'tool selfupdate',
      ),
    ];
    const { cited } = await askExtractive('Is there a way to upgrade tool itself to the latest beta?', {
      search: async () => ({ results, took_ms: 0 }),
    });
    expect(cited[0]).toBe('selfupdate.md');
  });
});

describe('synonymStrength', () => {
  it("counts a verb by its WordNet synonym in the section, at a lower strength than an equivalent's", () => {
    // "adds" is the answerer's `add`; WordNet's second sense of "add" is "append".
    expect(synonymTerms('add')).toContain('append');
    const strength = (term: string) => ({ append: 1 })[term] ?? 0;
    expect(synonymStrength('add', strength)).toBeCloseTo(SYNONYM_STRENGTH);
    expect(SYNONYM_STRENGTH).toBeGreaterThan(0);
    expect(SYNONYM_STRENGTH).toBeLessThan(EQUIVALENT_STRENGTH);
  });

  it('counts a synonym only for a term no retrieved section holds', () => {
    const strength = (term: string) => ({ append: 1 })[term] ?? 0;
    expect(equivalentStrength('add', strength, new Set(['add']))).toBeCloseTo(SYNONYM_STRENGTH);
    expect(equivalentStrength('add', strength, new Set())).toBe(0);
    expect(equivalentStrength('add', strength)).toBe(0);
  });

  it('finds the verb of a stemmed term, and none for a name or a number', () => {
    // "change" and "create" as the stemmer leaves them ("chang", "creat").
    expect(synonymTerms('chang')).toEqual(expect.arrayContaining(['alter', 'modify']));
    expect(synonymTerms('creat')).toContain('mak');
    expect(synonymTerms('pnpm')).toEqual([]);
    expect(synonymTerms('v2')).toEqual([]);
  });
});

/** The chunks of one section of one of docqa's own docs pages, as search results. */
async function docsSection(
  file: string,
  title: string,
  heading: string,
  rank: number,
): Promise<SearchResult[]> {
  const markdown = readFileSync(join(__dirname, '../../../docs', file), 'utf8').replace(
    /^---[\s\S]*?---\n/,
    '',
  );
  const pieces = (await chunkMarkdown(markdown, { size: 1200, overlap: 100 })).filter(
    (piece) => piece.heading?.split(' › ').at(-1) === heading,
  );
  if (!pieces.length) throw new Error(`${file} has no section "${heading}"`);
  return pieces.map((piece, i) => ({
    document_id: file,
    chunk_id: `${file}#${rank * 100 + i}`,
    title,
    url: null,
    section: piece.heading,
    text: piece.text,
    score: 1 - rank / 10,
    metadata: {},
  }));
}

describe('a question worded otherwise than the docs', () => {
  it('quotes the widget tokens section for a "domain" that the docs call an "origin"', async () => {
    // What hybrid search ranks for it over docqa's docs: the SSO section that restricts sign-in to
    // "your domain" and the Slack one that restricts what it answers first, Widget tokens third.
    const results = [
      ...(await docsSection('admin.md', 'Administration portal', 'Single sign-on (OpenID Connect)', 0)),
      ...(await docsSection('channels.md', 'Slack and Discord', '2. Connect it to the tenant', 1)),
      ...(await docsSection('tokens-and-security.md', 'Tokens, tenants and security', 'Widget tokens', 2)),
      ...(await docsSection('widget.md', 'The chat widget', 'Troubleshooting', 3)),
    ];
    const { text, cited } = await askExtractive('How can I restrict a widget token to my docs domain?', {
      search: async () => ({ results, took_ms: 0 }),
    });
    expect(text).toContain('--widget --origin');
    // The single sign-on section may follow as a near tie, never before it.
    const sso = text.indexOf('OIDC_ALLOWED_DOMAINS');
    expect(sso < 0 || text.indexOf('--origin') < sso).toBe(true);
    expect(cited[0]).toBe('tokens-and-security.md');
  });

  it('answers "only a fraction" of something from the option described as its proportion', async () => {
    // What hybrid search ranks for it over a reverse proxy's docs: options that name tracing
    // first, the option that answers last.
    const option = (doc: string, heading: string, text: string, rank: number): SearchResult => ({
      ...passage(doc, heading, text),
      score: 1 - rank / 10,
    });
    const results = [
      option(
        'Routing observability',
        'Configuration Options › traceVerbosity',
        '`traceVerbosity` defines the tracing verbosity level for routers attached to this entry point. ' +
          'Possible values: `minimal` (default), `detailed`.',
        0,
      ),
      option(
        'Entry points',
        'Configuration Options › traceVerbosity',
        '`traceVerbosity`: the tracing verbosity level of the requests of this entry point.',
        1,
      ),
      option(
        'Tracing',
        'Tracing',
        'Traefik uses OpenTelemetry to trace the requests it forwards. Tracing is enabled by default.',
        2,
      ),
      option(
        'Tracing',
        'Tracing › Configuration Options',
        '| Field | Description | Default |\n|:--|:--|:--|\n' +
          '| `tracing.sampleRate` | The proportion of requests to trace, specified between 0.0 and 1.0. | 1.0 |',
        3,
      ),
    ];
    const { text } = await askExtractive('How do I trace only a fraction of the requests?', {
      search: async () => ({ results, took_ms: 0 }),
    });
    // The option leads: the page's opening only says that the requests are traced.
    expect(text.indexOf('tracing.sampleRate')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('tracing.sampleRate')).toBeLessThan(text.indexOf('OpenTelemetry'));
  });

  it('answers "configure … with environment variables" from the section on its configuration', async () => {
    // A reverse proxy's docs: a log section that writes "configure" and an environment variable in
    // passing ranks first; the section on configuring by environment variables says "configuration".
    const option = (doc: string, heading: string, text: string, rank: number): SearchResult => ({
      ...passage(doc, heading, text),
      score: 1 - rank / 10,
    });
    const results = [
      option(
        'Logs',
        'AccessLogs › Time Zones',
        'It is possible to configure the proxy to timestamp in a specific timezone by ensuring the ' +
          'following in your environment: set the environment variable TZ to the desired timezone.',
        0,
      ),
      option(
        'Configuration Introduction',
        'The Install Configuration › Environment Variables',
        'Environment variables are one of the methods to set the install configuration.',
        2,
      ),
      option(
        'Docker',
        'Docker › Environment',
        'The container reads the environment variables of its service definition.',
        3,
      ),
      option(
        'Boot Environment',
        'Boot Environment › Environment Variables',
        'You can also set the install configuration using environment variables. Each option ' +
          'corresponds to an environment variable prefixed with `PROXY_`.\n\n' +
          '```sh\nPROXY_LOG_LEVEL="INFO" proxy\n```',
        1,
      ),
    ];
    const { cited } = await askExtractive('Can I configure the proxy with environment variables?', {
      search: async () => ({ results, took_ms: 0 }),
    });
    expect(cited[0]).toBe('Boot Environment');
  });

  it('answers, not declines, from the section that "appends" what the question "adds"', async () => {
    // An asciidoctor probe: the example that answers says "Appends", not "adds"; without it the
    // question held too little of any section and was declined.
    const results = [
      rankedSection(
        'Extensions',
        'Register an extension',
        'Register each extension you write in a registry block before you convert.\n\n' +
          '```ruby\nAsciidoctor::Extensions.register do\n  postprocessor MyPostprocessor\nend\n```',
        0,
      ),
      rankedSection(
        'Docinfo files',
        'Head and footer',
        'A docinfo file holds content for the head or the footer of the HTML output, such as a script tag.',
        1,
      ),
      rankedSection(
        'Docinfo Processor Extension Example',
        'Purpose',
        'Appends the Google Analytics tracking code to the bottom of an HTML document.\n\n' +
          '```ruby\nclass GoogleAnalyticsDocinfoProcessor < Asciidoctor::Extensions::DocinfoProcessor\n' +
          '  use_dsl\n  at_location :footer\nend\n```',
        2,
      ),
    ];
    const question = 'How do I write an extension that adds a script at the bottom of the HTML page?';
    const { text, cited } = await askExtractive(question, { search: async () => ({ results, took_ms: 0 }) });
    expect(text).toContain('at_location :footer');
    expect(cited).toContain('Docinfo Processor Extension Example');
  });

  it('answers what is "run" before what from the section on what is "executed" first', async () => {
    // A pytest probe: the how-to's sections on scopes and on fixtures that use fixtures hold "run"
    // and rank first; the reference, ranked third, says which scope is executed first.
    const results = [
      rankedSection(
        'How to use fixtures',
        'Modularity: using fixtures from a fixture function',
        'In addition to using fixtures in test functions, fixture functions can use other fixtures ' +
          'themselves. Each test function that requests it will run with its own fresh instance.',
        0,
      ),
      rankedSection(
        'How to use fixtures',
        'Scope: sharing fixtures across classes, modules, packages or session',
        'Add a `scope="module"` parameter to run the fixture once per test module (the default is ' +
          'once per test function). Possible values for `scope` are: `function`, `class`, `module`, ' +
          '`package` or `session`.',
        1,
      ),
      rankedSection(
        'Fixtures reference',
        'Fixture instantiation order › Higher-scoped fixtures are executed first',
        'Within a function request for fixtures, those of higher-scopes (such as `session`) are ' +
          'executed before lower-scoped fixtures (such as `function` or `class`).',
        2,
      ),
    ];
    const question = 'Does a session-scoped fixture run before a function-scoped one?';
    const { text, cited } = await askExtractive(question, {
      search: async () => ({ results, took_ms: 0 }),
    });
    // The reference counts "run" by "executed" and is quoted before the section that only holds "run".
    const executed = text.indexOf('executed before lower-scoped fixtures');
    const modularity = text.indexOf('fresh instance');
    expect(executed).toBeGreaterThanOrEqual(0);
    expect(modularity < 0 || executed < modularity).toBe(true);
    expect(cited).toContain('Fixtures reference');
  });
});
