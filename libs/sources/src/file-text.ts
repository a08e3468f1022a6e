import { ValidationError } from '@docqa/errors';

/** Byte order marks and the encodings they announce, longest first. */
const BOMS: { bytes: number[]; encoding: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

/**
 * The text of a file read from disk: UTF-8, or UTF-16 when a byte order mark says so (what
 * Windows editors save as "Unicode"); a UTF-8 byte order mark is dropped. A file in any other
 * encoding (Latin-1, Windows-1252) throws a ValidationError naming the first line that is not
 * UTF-8 and what to do, rather than turning its accented letters into U+FFFD unnoticed.
 */
export function decodeFileText(data: Uint8Array): string {
  const bom = BOMS.find(({ bytes }) => bytes.every((b, i) => data[i] === b));
  const body = bom ? data.subarray(bom.bytes.length) : data;
  try {
    return new TextDecoder(bom?.encoding ?? 'utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    throw new ValidationError(
      `not UTF-8 text (line ${firstBadLine(body)}); save the file as UTF-8, e.g. iconv -f WINDOWS-1252 -t UTF-8`,
    );
  }
}

/** The 1-based number of the first line holding bytes that are not UTF-8. */
function firstBadLine(data: Uint8Array): number {
  let start = 0;
  let line = 1;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let i = 0; i <= data.length; i++) {
    if (i < data.length && data[i] !== 0x0a) continue;
    try {
      decoder.decode(data.subarray(start, i));
    } catch {
      return line;
    }
    line++;
    start = i + 1;
  }
  return line;
}
