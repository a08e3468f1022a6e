import type { SearchResult } from '@docqa/contracts';
import { CitationRenumbering, citedNumbers, contextDocuments, numberedSources } from './citations';
import { standaloneQuery } from './follow-up';
import { questionKind } from './question-kind';
import { alternativeTerms, nameTerms } from './text';

const passage = (id: string, text: string, extra: Partial<SearchResult> = {}): SearchResult => ({
  document_id: id,
  chunk_id: `${id}#0`,
  title: id,
  url: null,
  text,
  score: 1,
  metadata: {},
  ...extra,
});

describe('standaloneQuery', () => {
  const history = [{ question: 'How do I install docqa on Linux?', answer: '…' }];
  it('borrows the previous question’s words for a follow-up that points back', () => {
    expect(standaloneQuery('What about Windows?', history)).toBe('What about Windows? install docqa Linux');
  });
  it('borrows the words as written, for a search that stems them its own way', () => {
    const before = [{ question: 'How do I turn on Game Mode?', answer: '…' }];
    expect(standaloneQuery('And how do I turn it off again?', before)).toBe(
      'And how do I turn it off again? Game Mode',
    );
  });
  it('borrows what the previous question is about, not how or why it was asked', () => {
    const before = [
      { question: 'How do I turn on the dashboard without securing it, for a quick test?', answer: '…' },
    ];
    expect(standaloneQuery('Can I serve it under a different base path?', before)).toBe(
      'Can I serve it under a different base path? turn dashboard',
    );
  });
  it('keeps a question that stands on its own', () => {
    const q = 'Which environment variables configure the Redis connection string prefix?';
    expect(standaloneQuery(q, history)).toBe(q);
  });
  it.each([
    ['And how do I revoke it?', 'How do I create a token?'],
    ['Which version of it is needed?', 'How do I use Qdrant instead of the embedded store?'],
    ['And how do I change its colors?', 'How do I embed the widget?'],
    ['How do I fix that?', 'Why does the widget answer 403?'],
    ['Linux too?', 'How do I install docqa on macOS?'],
    ['Can I get that list as JSON?', 'How do I list my tokens?'],
    ['How do I also see what type each one is?', 'How do I list my sources?'],
    ['Can I keep the users in a separate file instead?', 'How do I set up basic auth?'],
  ])('takes %p after %p for a follow-up', (question, before) => {
    expect(standaloneQuery(question, [{ question: before, answer: '…' }])).not.toBe(question);
  });
  it.each([
    'Which settings does docqa read?',
    'How do I style the widget in dark mode?',
    'How do I resume a batch that was interrupted?',
    'Is there a way to use a local Ollama model?',
  ])('keeps %p, a new short question in a chat, as it is', (question) => {
    const before = [{ question: 'How do I connect Claude Code to the MCP server?', answer: '…' }];
    expect(standaloneQuery(question, before)).toBe(question);
  });
  it('borrows the command the previous answer gave first, which its question did not name', () => {
    const before = [
      {
        question: 'How do I see the size of a folder?',
        answer: 'Run:\n\n```console\ndocqa du remote:path\n```',
      },
    ];
    expect(standaloneQuery('Can I get that as JSON?', before)).toBe(
      'Can I get that as JSON? see size folder docqa du',
    );
  });
  it('borrows no option or setting of the previous answer as its command', () => {
    const before = [
      { question: 'How do I see the size of a folder?', answer: 'Use `--json-log` or `a: b`.' },
    ];
    expect(standaloneQuery('Can I get that as JSON?', before)).toBe(
      'Can I get that as JSON? see size folder',
    );
  });
  it('keeps the first question of a chat', () => {
    expect(standaloneQuery('What about Windows?', [])).toBe('What about Windows?');
  });
});

describe('alternativeTerms', () => {
  it('finds the names written after "instead of" or "rather than", to the end of their clause', () => {
    expect(alternativeTerms('How do I generate DocBook instead of HTML?')).toEqual(new Set(['html']));
    expect(alternativeTerms('Can I use Qdrant rather than the embedded LanceDB, on Linux?')).toEqual(
      new Set(['lancedb']),
    );
    expect(alternativeTerms('How do I use Qdrant instead of the embedded store?')).toEqual(new Set());
  });
});

describe('nameTerms', () => {
  it('takes capitalised words past a sentence’s first and words with several capitals as names', () => {
    expect(nameTerms('How do I deploy docqa on Kubernetes with Helm?')).toEqual(
      new Set(['kubernet', 'helm']),
    );
    expect(nameTerms('Does SAML work? Which iOS versions?')).toEqual(new Set(['saml', 'ios']));
    expect(nameTerms('How do I resume a batch that was interrupted?')).toEqual(new Set());
  });
});

describe('questionKind', () => {
  it.each([
    ['How do I create a token?', 'how'],
    ['How can I embed the widget on my site?', 'how'],
    ['What is a tenant?', 'what'],
    ['What does the health endpoint check?', 'what'],
    ['What is the best way to back up the data folder?', 'how'],
    ["What's a good way to rotate tokens?", 'how'],
    ['I want to remove duplicate files without being asked.', 'how'],
    ["I'd like to embed the widget on my site", 'how'],
    ['I want to know what a tenant is', 'other'],
    ['Is there a command that removes duplicate files?', 'how'],
    ['Is there any way to mount a remote as a folder?', 'how'],
    ['What happens if I delete the data folder?', 'other'],
    ['What if Redis restarts?', 'other'],
    ['docqa log to file?', 'how'],
    ['widget export to PDF?', 'how'],
    // A verb in "-s" states what its subject does: a symptom, not a task.
    ['Build crashes with out of memory?', 'other'],
    ['build crash with out of memory?', 'how'],
    ['What happens to a test when one of its fixtures raises an exception?', 'other'],
    ['Are answers in German?', 'other'],
    ['Which settings does docqa read?', 'which'],
    ['What are the rate limits?', 'which'],
    ['Why does the widget not appear?', 'trouble'],
    ['The API answers 401, what is wrong?', 'trouble'],
  ])('%s → %s', (question, kind) => {
    expect(questionKind(question)).toBe(kind);
  });
});

describe('sources and citations', () => {
  const results = [
    passage('cli', 'Create one.', {
      chunk_id: 'cli#3',
      url: 'https://d.example/cli#tokens',
      section: 'CLI › tokens',
      score: 0.9,
    }),
    passage('widget', 'Embed it.', { score: 0.8 }),
    passage('cli', 'Other part.', { chunk_id: 'cli#7', score: 0.7 }),
    passage('api', 'Ask.', { score: 0.6 }),
  ];

  it('reads single and grouped markers', () => {
    expect([...citedNumbers('a [1] b [2, 3] c [10]')]).toEqual([1, 2, 3, 10]);
  });

  it('lists one source per document, its best chunk, cited ones first by first citation', () => {
    const docs = contextDocuments(results);
    expect(docs.map((d) => [d.best.chunk_id, d.passages.length])).toEqual([
      ['cli#3', 2],
      ['widget#0', 1],
      ['api#0', 1],
    ]);
    const sources = numberedSources(docs, [2, 0]);
    expect(sources.map((s) => [s.document_id, s.cited])).toEqual([
      ['api', true],
      ['cli', true],
      ['widget', false],
    ]);
    expect(sources[1]).toMatchObject({ url: 'https://d.example/cli#tokens', section: 'CLI › tokens' });
    expect(sources[0]).not.toHaveProperty('section');
  });

  it("labels a source with its heading path as a reader sees it, not the heading's Markdown", () => {
    const options = passage('npmrc', 'Path to a CA file.', { section: 'Settings › &lt;URL&gt;&#58;cafile' });
    const [source] = numberedSources(contextDocuments([options]), [0]);
    expect(source!.section).toBe('Settings › <URL>:cafile');
  });

  it('renumbers streamed markers by first citation, drops unknown numbers, leaves code alone', () => {
    const numbering = new CitationRenumbering(3);
    const text = 'Use it [3]. Then [1, 3]\n```js\nx = a[1];\n```\nAlso `b[2]` and [9]. End [1].';
    let out = '';
    for (const piece of text.match(/.{1,4}/gs)!) out += numbering.push(piece);
    out += numbering.end();
    expect(out).toBe('Use it [1]. Then [2, 1]\n```js\nx = a[1];\n```\nAlso `b[2]` and. End [2].');
    expect(numbering.cited).toEqual([2, 0]);
  });
});
