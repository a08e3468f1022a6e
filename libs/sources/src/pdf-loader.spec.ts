import { minimalPdf } from './testing/minimal-pdf';
import { parsePdf, pdfDocument } from './pdf-loader';

describe('parsePdf', () => {
  it('extracts the lines of text and the Title of a real PDF', async () => {
    const pdf = await parsePdf(
      minimalPdf({ lines: ['Release notes', 'Tokens (v2) rotate daily.'], title: 'Manual' }),
    );
    expect(pdf).toEqual({ title: 'Manual', text: 'Release notes\nTokens (v2) rotate daily.', pages: 1 });
  });

  it('rejects bytes that are not a PDF', async () => {
    await expect(parsePdf(new TextEncoder().encode('<html>not a pdf</html>'))).rejects.toThrow();
  });
});

describe('pdfDocument', () => {
  it('is plain text titled by the PDF Title', async () => {
    const doc = await pdfDocument({
      id: 'manuals/guide.pdf',
      data: minimalPdf({ lines: ['Chapter one', 'Tokens expire.'], title: 'Admin guide' }),
      metadata: { product: 'cli' },
    });
    expect(doc).toEqual({
      id: 'manuals/guide.pdf',
      title: 'Admin guide',
      content: 'Chapter one\nTokens expire.',
      content_type: 'text/plain',
      metadata: { product: 'cli' },
    });
  });

  it('takes its title from the first line when the PDF has no Title', async () => {
    const doc = await pdfDocument({
      id: 'a.pdf',
      data: minimalPdf({ lines: ['Widget embedding', 'Add one script tag.'] }),
    });
    expect(doc.title).toBe('Widget embedding');
  });

  it('refuses a PDF without text', async () => {
    await expect(pdfDocument({ id: 'scan.pdf', data: minimalPdf({ lines: [] }) })).rejects.toThrow(/no text/);
  });
});
