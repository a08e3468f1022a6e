import { parseDocument } from './parse-document';

describe('parseDocument', () => {
  it('takes front matter as metadata and the title', () => {
    const doc = parseDocument({
      id: 'a.md',
      type: 'text/markdown',
      content: '---\ntitle: Install\nproduct: cli\n---\n# Heading\n\nText.',
    });
    expect(doc).toMatchObject({
      title: 'Install',
      metadata: { product: 'cli' },
      content: '# Heading\n\nText.',
    });
  });

  it('says front matter that is not YAML is the problem, where, without the parser’s excerpt', () => {
    const broken = { id: 'a.md', type: 'text/markdown' as const, content: '---\ntitle: [broken\n---\n# A\n' };
    expect(() => parseDocument(broken)).toThrow(
      /^the front matter \(between the --- lines\) is not valid YAML: .* at line \d+, column \d+$/,
    );
  });

  it('reads a page that opens with a thematic break, not front matter, as Markdown from its first line', () => {
    const content = '---\n\n!!! question "Using it in production?"\n\n    Ask us.\n\n---\n';
    const doc = parseDocument({ id: 'includes/cta.md', type: 'text/markdown', content });
    expect(doc.metadata).toEqual({});
    // Read as MkDocs Markdown from the first line: the rules kept, the admonition as a labelled quote.
    expect(doc.content).toBe('---\n\n> **Using it in production?** Ask us.\n\n---');
  });
});
