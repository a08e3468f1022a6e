import { deflateSync } from 'node:zlib';

/** A multipart body of `POST /documents/upload`: the files under `files`, and the metadata as JSON. */
export function uploadForm(
  files: { name: string; data: string | Uint8Array }[],
  metadata?: object,
): FormData {
  const body = new FormData();
  for (const f of files) body.append('files', new Blob([f.data as BlobPart]), f.name);
  if (metadata) body.append('metadata', JSON.stringify(metadata));
  return body;
}

/**
 * A small PDF whose one page's content stream inflates to `mb` MB of text operators: a few KB
 * that take pdf.js seconds of one thread to read (8 MB: about 14 s on a quiet 2-core machine).
 */
export function pdfBomb(mb: number): Uint8Array {
  const op = '(ab) Tj\n';
  const text = `BT /F1 12 Tf 72 720 Td\n${op.repeat(Math.floor((mb * 1024 * 1024) / op.length))}ET`;
  const stream = deflateSync(Buffer.from(text, 'latin1'), { level: 9 });
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
      stream,
      Buffer.from('\nendstream'),
    ]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
  ];
  const parts = [Buffer.from('%PDF-1.4\n')];
  let size = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(size);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    size += object.length;
  });
  const xref = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`,
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}
