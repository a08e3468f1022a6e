import { asciidocHtml, asciidocShownTitle, asciidocTitle } from './asciidoc-html';

describe('asciidocHtml', () => {
  it('reads a page Asciidoctor warns about without writing its warnings to stderr', async () => {
    // Debezium's pages as they are: a level-3 title under the document's, an `endif` left
    // unmatched, an example block never closed.
    const source = [
      '= Storing state',
      '',
      '=== Offset Store',
      '',
      'Offsets are kept in `offset.storage.file.filename`.',
      '',
      'endif::community[]',
      '',
      '====',
      'Left open.',
    ].join('\n');
    const written = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const logged = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const html = await asciidocHtml(source);
      expect(html).toContain('<code>offset.storage.file.filename</code>');
      expect(html).toContain('Left open.');
      expect(written).not.toHaveBeenCalled();
      expect(logged).not.toHaveBeenCalled();
    } finally {
      written.mockRestore();
      logged.mockRestore();
    }
  });

  it('shows a title with the attributes of its header, dropping one defined nowhere', () => {
    expect(
      asciidocShownTitle(':prodname: Debezium\n= {prodname} connector for {db}\n:db: PostgreSQL\n\nText.'),
    ).toBe('Debezium connector for PostgreSQL');
    expect(asciidocShownTitle('= {prodname} Server\n\n:prodname: Late\n')).toBe('Server');
    expect(asciidocShownTitle('// A comment\n\n= Plain title\n')).toBe('Plain title');
    // As written, for a cross-reference of a page whose attributes resolve it.
    expect(asciidocTitle('= {prodname} Server\n')).toBe('{prodname} Server');
  });
});
