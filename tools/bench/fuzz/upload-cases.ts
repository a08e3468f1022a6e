/**
 * The uploads of the fuzz run's bomb phase: compression bombs, deep nesting, huge text at and just
 * over each limit, many files, each as `POST /documents/upload` (multipart) or `POST /documents/`
 * (JSON), with the answers a careful API gives (a 2xx or a 4xx, never a 5xx, never none).
 */
import { gzipSync } from 'node:zlib';
import { minimalPdf } from '@docqa/sources/testing';

const MB = 1024 * 1024;

/** One request of the phase. */
export interface UploadCase {
  name: string;
  /** Files of a multipart upload, or the body of `POST /documents/`. */
  files?: { name: string; data: Uint8Array }[];
  json?: { body: Uint8Array; gzip?: boolean };
  /** Characters of text the case's documents hold when they are accepted. */
  textChars: number;
}

/** The limits the cases go to and past (the API's defaults). */
export interface CaseLimits {
  uploadFileBytes: number;
  uploadFiles: number;
  textChars: number;
  htmlDepth: number;
  inflatedBytes: number;
  pages: number;
}

const text = (s: string) => new Uint8Array(Buffer.from(s));
const nested = (depth: number) =>
  `<html><body>${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}</body></html>`;
const documents = (docs: object[]) => text(JSON.stringify({ documents: docs }));

/** Every case once; `many` files in the many-files case. */
export function uploadCases(limits: CaseLimits): UploadCase[] {
  const { textChars, htmlDepth, inflatedBytes } = limits;
  const words = (n: number) => '# Limits\n\n'.padEnd(n, ' lorem ipsum dolor sit amet').slice(0, n);
  const file = (name: string, data: Uint8Array | string): { name: string; data: Uint8Array } => ({
    name,
    data: typeof data === 'string' ? text(data) : data,
  });
  return [
    // PDFs: a flate bomb (150 MB in ~150 KB), one just under the inflation limit, too many pages.
    {
      name: 'PDF flate bomb, 150 MB inflated',
      files: [file('bomb.pdf', minimalPdf({ lines: ['Bomb'], filler: 150 * MB }))],
      textChars: 0,
    },
    {
      name: 'PDF inflating just under the limit',
      files: [file('dense.pdf', minimalPdf({ lines: ['Dense page'], filler: inflatedBytes - MB }))],
      textChars: 'Dense page'.length,
    },
    {
      name: 'PDF one page over the limit',
      files: [file('pages.pdf', minimalPdf({ lines: ['Page'], pages: limits.pages + 1 }))],
      textChars: 0,
    },
    // HTML: nesting far past, at and just past the limit; entities that expand past the text limit.
    {
      name: 'HTML of 200,000 nested `<div>` (upload)',
      files: [file('deep.html', nested(200_000))],
      textChars: 0,
    },
    { name: 'HTML at the depth limit', files: [file('at-depth.html', nested(htmlDepth - 2))], textChars: 4 },
    {
      name: 'HTML one level past the depth limit',
      files: [file('past-depth.html', nested(htmlDepth - 1))],
      textChars: 0,
    },
    {
      name: 'HTML of entities past the text limit',
      files: [file('entities.html', '&NotNestedGreaterGreater;'.repeat(textChars / 20))],
      textChars: 0,
    },
    // Markdown and text at and just over the text limit, and a file just over the upload limit.
    { name: 'Markdown at the text limit', files: [file('at-limit.md', words(textChars))], textChars },
    {
      name: 'Markdown one character over the text limit',
      files: [file('over-limit.md', words(textChars + 1))],
      textChars: 0,
    },
    {
      name: 'text file one byte over the upload limit',
      files: [file('big.txt', 'x'.repeat(limits.uploadFileBytes + 1))],
      textChars: 0,
    },
    // Many files: as many as allowed, and one more.
    {
      name: `${limits.uploadFiles} files in one upload`,
      files: Array.from({ length: limits.uploadFiles }, (_, i) => file(`many-${i}.md`, words(20_000))),
      textChars: limits.uploadFiles * 20_000,
    },
    {
      name: `${limits.uploadFiles + 1} files in one upload`,
      files: Array.from({ length: limits.uploadFiles + 1 }, (_, i) => file(`more-${i}.md`, words(1000))),
      textChars: 0,
    },
    // The JSON endpoint: nesting, text past the limit, and a gzip bomb (200 MB of JSON in ~200 KB).
    {
      name: 'HTML of 200,000 nested `<div>` (JSON)',
      json: {
        body: documents([{ id: 'deep', title: 'Deep', content: nested(200_000), content_type: 'text/html' }]),
      },
      textChars: 0,
    },
    {
      name: 'JSON text one character over the limit',
      json: { body: documents([{ id: 'long', title: 'Long', content: 'x'.repeat(textChars + 1) }]) },
      textChars: 0,
    },
    {
      name: 'JSON gzip bomb, 200 MB inflated',
      json: {
        body: gzipSync(Buffer.concat([Buffer.from('{"documents":['), Buffer.alloc(200 * MB, 0x20)])),
        gzip: true,
      },
      textChars: 0,
    },
  ];
}
