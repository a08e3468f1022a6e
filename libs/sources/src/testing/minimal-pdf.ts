import { constants, deflateRawSync } from 'node:zlib';

/** Content of a PDF built by {@link minimalPdf}. */
export interface MinimalPdfContent {
  /** Text lines of the one page, top to bottom (Latin-1). */
  lines: string[];
  /** The document information dictionary's Title, when given. */
  title?: string;
  /** Pages, each showing the lines. @defaultValue 1 */
  pages?: number;
  /**
   * Spaces after the text of the page's content stream, which is then FlateDecode-compressed: a
   * few hundred MB of them make a compression bomb of a few hundred KB.
   */
  filler?: number;
}

/**
 * A small valid PDF 1.4 file written by hand: one page of Helvetica text lines, an optional
 * Title, and a cross-reference table with exact byte offsets. For tests of PDF loading that need
 * a real PDF without committing a binary fixture.
 */
export function minimalPdf({ lines, title, pages = 1, filler }: MinimalPdfContent): Uint8Array {
  const literal = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  const stream = [
    'BT',
    '/F1 12 Tf',
    '14 TL',
    '72 720 Td',
    ...lines.map((l) => `${literal(l)} Tj T*`),
    'ET',
  ].join('\n');
  const content = filler === undefined ? stream : flated(stream, filler).toString('latin1');
  const filter = filler === undefined ? '' : ' /Filter /FlateDecode';
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    `<< /Length ${Buffer.byteLength(content, 'latin1')}${filter} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ...Array.from(
      { length: pages },
      () =>
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>',
    ),
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

/**
 * The stream followed by `filler` spaces, as zlib data built without ever holding them: one
 * megabyte of spaces deflated with a full flush is a block that stands alone, repeated.
 */
function flated(stream: string, filler: number): Buffer {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const head = Buffer.from(`${stream}\n`, 'latin1');
  const block = Buffer.alloc(Math.min(filler, 1024 * 1024), 0x20);
  const packed = deflateRawSync(block, flush);
  const parts = [Buffer.from([0x78, 0xda]), deflateRawSync(head, flush)];
  let checksum = adler32(head);
  for (let left = filler; left > 0; left -= block.length) {
    const part = left >= block.length ? block : block.subarray(0, left);
    parts.push(part === block ? packed : deflateRawSync(part, flush));
    checksum = adler32(part, checksum);
  }
  // The last block: final, fixed codes, nothing but its end.
  parts.push(Buffer.from([0x03, 0x00]), Buffer.alloc(4));
  parts.at(-1)!.writeUInt32BE(checksum);
  return Buffer.concat(parts);
}

/** zlib's Adler-32 checksum of `data`, continuing `from`. */
function adler32(data: Uint8Array, from = 1): number {
  let a = from & 0xffff;
  let b = from >>> 16;
  // zlib's NMAX: the sums fit in 32 bits for 5,552 bytes before they need reducing.
  for (let start = 0; start < data.length; start += 5552) {
    for (let i = start, end = Math.min(start + 5552, data.length); i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}
