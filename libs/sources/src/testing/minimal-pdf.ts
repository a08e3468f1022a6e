/** Content of a PDF built by {@link minimalPdf}. */
export interface MinimalPdfContent {
  /** Text lines of the one page, top to bottom (Latin-1). */
  lines: string[];
  /** The document information dictionary's Title, when given. */
  title?: string;
}

/**
 * A small valid PDF 1.4 file written by hand: one page of Helvetica text lines, an optional
 * Title, and a cross-reference table with exact byte offsets. For tests of PDF loading that need
 * a real PDF without committing a binary fixture.
 */
export function minimalPdf({ lines, title }: MinimalPdfContent): Uint8Array {
  const literal = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  const stream = [
    'BT',
    '/F1 12 Tf',
    '14 TL',
    '72 720 Td',
    ...lines.map((l) => `${literal(l)} Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ...(title === undefined ? [] : [`<< /Title ${literal(title)} >>`]),
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  const info = title === undefined ? '' : ` /Info ${objects.length} 0 R`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${info} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}
