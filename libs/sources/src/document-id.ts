import { createHash } from 'node:crypto';
import { ValidationError } from '@docqa/errors';

/** Longest document id the documents API accepts. */
const MAX_ID = 200;

/**
 * A document id from a path or URL: `/`-separated, characters ids cannot hold (anything but
 * letters, digits and `_ . : / @ -`) replaced by `-`, and ids over 200 characters shortened with
 * a hash of the whole, so distinct long sources keep distinct ids.
 */
export function toDocumentId(source: string): string {
  const id = source
    .split(/[\\/]/)
    .join('/')
    .replace(/[^\w.:/@-]+/g, '-');
  if (id.length <= MAX_ID) return id;
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 12);
  return `${id.slice(0, MAX_ID - hash.length - 1)}-${hash}`;
}

/**
 * An http(s) URL in the one form docqa stores and compares: parsed and re-serialised (lower-case
 * scheme and host, no default port) without its fragment. Throws a ValidationError for anything
 * else.
 */
export function normaliseUrl(input: string, base?: string): string {
  let url: URL;
  try {
    url = new URL(input.trim(), base);
  } catch {
    throw new ValidationError(`not a URL: ${input}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ValidationError(`not an http(s) URL: ${input}`);
  url.hash = '';
  return url.href;
}

/** The document id of a page: its normalised URL (see {@link normaliseUrl}, {@link toDocumentId}). */
export function urlDocumentId(url: string): string {
  return toDocumentId(normaliseUrl(url));
}
