import { minimalPdf } from './testing/minimal-pdf';
import { ValidationError } from '@docqa/errors';
import { DEFAULT_PARSE_LIMITS } from './parse-limits';
import { parsePdf, pdfDocument } from './pdf-loader';

const MB = 1024 * 1024;

describe('parsePdf', () => {
  it('extracts the lines of text and the Title of a real PDF', async () => {
    const pdf = await parsePdf(
      minimalPdf({ lines: ['Release notes', 'Tokens (v2) rotate daily.'], title: 'Manual' }),
    );
    expect(pdf).toEqual({ title: 'Manual', text: 'Release notes\nTokens (v2) rotate daily.', pages: 1 });
  });

  it('reads a FlateDecode content stream that inflates within the limit', async () => {
    const pdf = await parsePdf(minimalPdf({ lines: ['Compressed page'], filler: 2 * MB }), {
      ...DEFAULT_PARSE_LIMITS,
      inflatedBytes: 3 * MB,
    });
    expect(pdf.text).toBe('Compressed page');
  });

  it('refuses a PDF whose streams inflate past the limit, before pdf.js reads them', async () => {
    // 150 MB of content in a PDF of about 150 KB, as in the bomb.
    const bomb = minimalPdf({ lines: ['Bomb'], filler: 150 * MB });
    expect(bomb.length).toBeLessThan(MB);
    const started = performance.now();
    const refusal = parsePdf(bomb, { ...DEFAULT_PARSE_LIMITS, inflatedBytes: 5 * MB });
    await expect(refusal).rejects.toThrow(ValidationError);
    await expect(refusal).rejects.toThrow('the PDF inflates past 5 MB');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses a PDF of more pages than the limit, naming both', async () => {
    const data = minimalPdf({ lines: ['Page'], pages: 12 });
    await expect(parsePdf(data, { ...DEFAULT_PARSE_LIMITS, pages: 10 })).rejects.toThrow(
      'the PDF has 12 pages, more than 10',
    );
    expect((await parsePdf(data, { ...DEFAULT_PARSE_LIMITS, pages: 12 })).pages).toBe(12);
  });

  it('refuses a PDF whose text runs past the limit', async () => {
    const data = minimalPdf({ lines: Array.from({ length: 40 }, () => 'x'.repeat(80)) });
    await expect(parsePdf(data, { ...DEFAULT_PARSE_LIMITS, textChars: 1500 })).rejects.toThrow(
      'the text runs past 1,500 characters',
    );
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
