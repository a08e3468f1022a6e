import { askedList } from './question-kind';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

describe('askedList', () => {
  it('names the plural a which-question asks a list of, right after "which" or one word later', () => {
    expect(askedList('Which options does the widget take?')).toBe('option');
    expect(askedList('Which CSS variables style the widget?')).toBe(askedList('Which variables are there?'));
    expect(askedList('What are the rate limits?')).toBe('limit');
  });

  it('names none for a question that asks for one thing', () => {
    expect(askedList('Which version of it is needed?')).toBeNull();
    expect(askedList('Which command-line flag enables the dashboard?')).toBeNull();
    expect(askedList('How do I list the options?')).toBeNull();
  });
});

describe('a which-question answered by the section headed by the list it asks for', () => {
  const versions = passage(
    'widget.md',
    'The chat widget › Versions',
    [
      'When the knowledge base has versions, the widget sends the version of the page it is on with every',
      'question. It takes the first of:',
      '',
      "1. the `version` option (`window.ASSISTANT_WIDGET = { version: '1.x' }`);",
      '2. the page’s `<meta name="docsearch:version">` tag.',
    ].join('\n'),
    'The chat widget',
  );
  const options = passage(
    'widget.md',
    'The chat widget › Options',
    [
      '| Option | Meaning |',
      '|---|---|',
      '| `api_url` | Where the API answers. |',
      '| `api_token` | A token with the `ask` scope. |',
      '| `theme` | `light` or `dark`. |',
    ].join('\n'),
    'The chat widget',
  );
  const others = ['install', 'tokens', 'search', 'metrics'].map((doc) =>
    passage(`${doc}.md`, `${doc} › Overview`, `How ${doc} works, in a few plain words of its own.`),
  );

  it('quotes the "Options" table, not a section that names an option in passing', async () => {
    const { text } = await askExtractive(
      'Which options does the widget take?',
      pageSearcher([versions, ...others, options]),
    );
    expect(text).toContain('api_url');
    expect(text.indexOf('api_url')).toBeLessThan(text.indexOf('docsearch:version') >>> 0);
  });
});
