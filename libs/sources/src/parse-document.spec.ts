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
});
