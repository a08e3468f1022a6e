import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

const chunk = passage;

/** A middleware's page as MkDocs sites write it: an introduction, examples, an option table. */
const INTRO = chunk(
  'AddPrefix',
  'AddPrefix',
  'The `addPrefix` middleware updates the path of a request before forwarding it.',
);
const EXAMPLES = chunk(
  'AddPrefix',
  'AddPrefix › Configuration Examples',
  '```yaml\n# Prefixing with /foo\nhttp:\n  middlewares:\n    add-foo:\n      addPrefix:\n        prefix: "/foo"\n```',
);
const OPTIONS = chunk(
  'AddPrefix',
  'AddPrefix › Configuration Options',
  '| Field | Description | Default |\n|---|---|---|\n| `prefix` | String to add **before** the current path in the requested URL. | "" |',
);
const TLS = chunk(
  'AddPrefix',
  'AddPrefix › Serving it over TLS',
  'Routers that use the middleware may be served over TLS:\n\n```yaml\ntls:\n  certResolver: le\n```',
);
const RULES = chunk(
  'Rules',
  'Rules › PathPrefix',
  'A router matches a request whose path starts with a prefix with the `PathPrefix` rule:\n\n```yaml\nrule: PathPrefix(`/api`)\n```',
);

/** A page whose example is in an admonition (a quote) and whose overview draws a diagram. */
const LAYERS = [
  chunk(
    'Multi-Layer Routing',
    'Multi-Layer Routing › Overview',
    'Parent routers can process requests through middleware, performing authentication, before child routers pick the service.',
  ),
  chunk(
    'Multi-Layer Routing',
    'Multi-Layer Routing › How It Works',
    '```\nRequest → Parent Router → Middleware → Child Router → Service\n```\n\n1. **Parent router matches** its rule.',
  ),
  chunk(
    'Multi-Layer Routing',
    'Multi-Layer Routing › Configuration Example',
    '> **Authentication-Based Routing:**\n>\n> ```yaml\n> routers:\n>   api-admin:\n>     parentRefs:\n>       - api-parent\n> ```',
  ),
];

async function ask(question: string, retriever: ReturnType<typeof pageSearcher>) {
  return (await askExtractive(question, retriever)).text;
}

describe('the command of a how-do-I', () => {
  it('is quoted from the page’s example section when the best section is its option table', async () => {
    const retriever = pageSearcher([OPTIONS, INTRO, RULES, EXAMPLES], []);
    const text = await ask('How do I add a prefix to the request path?', retriever);
    expect(text).toContain('String to add **before**');
    expect(text).toContain('prefix: "/foo"');
    expect(text).not.toContain('certResolver');
  });

  it('is an admonition’s example, not a text diagram', async () => {
    const retriever = pageSearcher(LAYERS, []);
    const text = await ask(
      'How do I authenticate requests in a parent router before child routers?',
      retriever,
    );
    expect(text).toContain('parentRefs');
    expect(text).not.toContain('Request → Parent Router');
  });

  it('is searched for within the best section’s page when the first search did not reach it', async () => {
    const retriever = pageSearcher([OPTIONS, INTRO, RULES], [INTRO, OPTIONS, EXAMPLES, TLS]);
    const text = await ask('How do I add a prefix to the request path?', retriever);
    expect(retriever.queries[1]!.filters).toEqual([
      { type: 'eq', property: 'document_id', value: 'AddPrefix' },
    ]);
    expect(text).toContain('prefix: "/foo"');
    // The page's code about something else is not the command asked for.
    expect(text).not.toContain('certResolver');
  });

  it('is sought for a can-it question too, and not for a question that asks for no task', async () => {
    const can = pageSearcher([OPTIONS, INTRO, RULES], [EXAMPLES]);
    expect(await ask('Can I add a prefix to the request path?', can)).toContain('prefix: "/foo"');
    const why = pageSearcher([OPTIONS, INTRO, RULES], [EXAMPLES]);
    await ask('Why does the prefix option not apply to my routes?', why);
    expect(why.queries).toHaveLength(1);
  });

  it('is not searched for in docs whose retrieved passages hold no code block at all', async () => {
    const plain = { ...RULES, text: 'A router matches a request whose path starts with a prefix.' };
    const retriever = pageSearcher([OPTIONS, INTRO, plain], [EXAMPLES]);
    await ask('How do I add a prefix to the request path?', retriever);
    expect(retriever.queries).toHaveLength(1);
  });

  it('is not searched for when the best section gives one already', async () => {
    const retriever = pageSearcher([EXAMPLES, OPTIONS, INTRO], [TLS]);
    expect(await ask('How do I add a prefix with addPrefix?', retriever)).toContain('prefix: "/foo"');
    expect(retriever.queries).toHaveLength(1);
  });
});

describe('the opening of a section named by the question', () => {
  const OPENING = chunk(
    'Answers',
    'Answers › The offline answerer (default)',
    '`LLM_PROVIDER=extractive` needs no model and no network: it is what runs unless you set a model.',
  );
  const LATER = chunk(
    'Answers',
    'Answers › The offline answerer (default)',
    '- It quotes that section as Markdown, lists and code blocks as written.\n- It adds at most one more section.',
  );
  const MODEL = chunk(
    'Answers',
    'Answers › A model',
    'A model is optional: the offline answerer works without.',
  );

  it('is searched for by the section’s heading within its page, and a what-is answer starts there', async () => {
    const retriever = pageSearcher([LATER, MODEL], [LATER, OPENING]);
    const text = await ask('What is the offline answerer?', retriever);
    expect(retriever.queries[1]).toMatchObject({
      query: 'The offline answerer (default)',
      filters: [{ type: 'eq', property: 'document_id', value: 'Answers' }],
    });
    expect(text.startsWith('`LLM_PROVIDER=extractive` needs no model')).toBe(true);
  });

  it('is not searched for when the section’s headings do not name what is asked', async () => {
    const retriever = pageSearcher([MODEL, LATER], [OPENING]);
    await ask('What is an optional model?', retriever);
    expect(retriever.queries).toHaveLength(1);
  });
});
