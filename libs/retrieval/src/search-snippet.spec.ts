import { plainText, searchSnippet } from './search-snippet';

const words =
  (...list: string[]) =>
  (word: string) =>
    list.includes(word);
const marked = ({ snippet, highlights }: { snippet: string; highlights: number[][] }) =>
  highlights.map(([s, e]) => snippet.slice(s, e));

describe('searchSnippet', () => {
  it('highlights every matching word of a short passage, as it reads without Markdown', () => {
    const found = searchSnippet(
      'Run **`tokens revoke`** with the [token](https://x.test) id.',
      words('token', 'tokens'),
    );
    expect(found.snippet).toBe('Run tokens revoke with the token id.');
    expect(marked(found)).toEqual(['tokens', 'token']);
  });

  it('matches words with their accents folded and case lowered, and offsets them in the original', () => {
    const found = searchSnippet('Le Résumé du projet.', words('resume'));
    expect(marked(found)).toEqual(['Résumé']);
  });

  it('cuts a long passage around its first match, with ellipses, never longer than 182 characters', () => {
    const filler = 'word '.repeat(100);
    const found = searchSnippet(`${filler} the migration runs. ${filler}`, words('migration'));
    expect(found.snippet.length).toBeLessThanOrEqual(182);
    expect(found.snippet.startsWith('…')).toBe(true);
    expect(found.snippet.endsWith('…')).toBe(true);
    expect(marked(found)).toEqual(['migration']);
  });

  it('gives the passage’s start when no word matches', () => {
    const found = searchSnippet('# Title\n\nFirst sentence.', words('nothing'));
    expect(found).toEqual({ snippet: 'Title First sentence.', highlights: [] });
  });

  it('keeps HTML from the documents out of the snippet', () => {
    expect(plainText('a <script>alert(1)</script> b')).toBe('a alert(1) b');
  });

  it('drops a table’s separator row and keeps its cells as text', () => {
    const table = '| Option | Default |\n| --- | :---: |\n| `limit` | 8 |\n|-----|-----|\n';
    expect(plainText(table)).toBe('Option Default limit 8');
    expect(plainText('a | b\n--- | ---\nc | d')).toBe('a b c d');
  });

  it('drops rules, heading underlines, task boxes, footnote marks and reference links', () => {
    const text =
      'Title\n=====\n\n-----\n\n- [x] Done[^1]\n* * *\nSee [the guide][guide] &amp; more&nbsp;here.';
    expect(plainText(text)).toBe('Title Done See the guide & more here.');
  });

  it('never leaves a run of dashes or pipes in a snippet of a table', () => {
    const found = searchSnippet('| Key | Value |\n|-----|-------|\n| port | 8080 |', words('port'));
    expect(found.snippet).toBe('Key Value port 8080');
    expect(marked(found)).toEqual(['port']);
  });
});
