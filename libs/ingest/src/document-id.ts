import { createHash } from 'node:crypto';

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
