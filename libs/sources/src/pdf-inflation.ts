import { constants, inflateSync } from 'node:zlib';
import { ValidationError } from '@docqa/errors';
import { megabytes, type ParseLimits } from './parse-limits';

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/**
 * Refuses a PDF whose compressed streams inflate past the limit, before pdf.js reads any: a 458 KB
 * PDF can hold 150 MB of FlateDecode content. Each stream is inflated with what is left of the
 * budget as its largest output (so no more than the limit is ever held); streams that are not
 * zlib data (images in other filters, plain streams) cost nothing here, and the parse's thread
 * bounds them by its heap and time.
 */
export function refuseInflationBomb(pdf: Uint8Array, limits: Pick<ParseLimits, 'inflatedBytes'>): void {
  const data = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let left = limits.inflatedBytes;
  for (let at = data.indexOf(STREAM); at >= 0; at = data.indexOf(STREAM, at + 1)) {
    const start = streamStart(data, at);
    if (start < 0) continue;
    const end = data.indexOf(END_STREAM, start);
    if (end < 0) break;
    left -= inflatedSize(data.subarray(start, end), left, limits.inflatedBytes);
    at = end + END_STREAM.length - 1;
  }
}

/** Where a stream's bytes begin: after `stream` and its end of line; -1 for `endstream` itself. */
function streamStart(data: Buffer, at: number): number {
  if (data[at - 3] === 0x65 && data.subarray(at - 3, at).toString('latin1') === 'end') return -1;
  if (data[at + 6] === 0x0d && data[at + 7] === 0x0a) return at + 8;
  return data[at + 6] === 0x0a || data[at + 6] === 0x0d ? at + 7 : -1;
}

/** The inflated size of zlib data, 0 for data that is not; throws past `left` bytes. */
function inflatedSize(compressed: Buffer, left: number, limit: number): number {
  if ((compressed[0]! & 0x0f) !== 8) return 0;
  try {
    return inflateSync(compressed, {
      maxOutputLength: Math.max(1, left),
      finishFlush: constants.Z_SYNC_FLUSH,
    }).length;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new ValidationError(`the PDF inflates past ${megabytes(limit)}`);
    return 0;
  }
}
