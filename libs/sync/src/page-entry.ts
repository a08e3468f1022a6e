import { FetchFailedError } from '@docqa/errors';
import {
  documentFromResource,
  fetchResource,
  normaliseUrl,
  pdfDocumentIsolated,
  urlDocumentId,
  type FetchOptions,
  type ParseLimits,
} from '@docqa/sources';
import { contentHash, type EntryResult, type SyncEntry } from './sync-entry';

/**
 * A web page of a source. It is fetched conditionally (`If-None-Match`, `If-Modified-Since`) and
 * its bytes hashed, so an unchanged page is neither parsed nor embedded. A page that cannot be
 * fetched throws (the sync reports it and keeps its document). A page that redirects to another
 * of the source's `listed` pages is `redirected`: that page is its document. A page past one of
 * the `limits` fails, naming it; a PDF is parsed on a thread of its own (`pdfDocumentIsolated`),
 * so a bomb or a stalled parse costs neither the sync's lease nor the worker's other jobs.
 */
export function pageEntry(
  url: string,
  options: FetchOptions,
  metadata: Record<string, string>,
  { limits, listed = new Set() }: { limits: ParseLimits; listed?: ReadonlySet<string> },
): SyncEntry {
  const key = normaliseUrl(url);
  return {
    key,
    async read(previous): Promise<EntryResult> {
      const headers: Record<string, string> = {};
      if (previous?.etag) headers['if-none-match'] = previous.etag;
      if (previous?.last_modified) headers['if-modified-since'] = previous.last_modified;
      const resource = await fetchResource(key, { ...options, headers: { ...options.headers, ...headers } });
      const served = normaliseUrl(resource.url);
      if (served !== key && listed.has(served)) return { status: 'redirected', to: served };
      if (resource.status === 304 && previous) return { status: 'unchanged', state: previous };
      if (resource.status < 200 || resource.status > 299)
        throw new FetchFailedError(`HTTP ${resource.status}`);
      const state = {
        document_id: urlDocumentId(key),
        hash: contentHash(resource.body),
        ...(resource.etag && { etag: resource.etag }),
        ...(resource.lastModified && { last_modified: resource.lastModified }),
      };
      if (previous?.hash === state.hash) return { status: 'unchanged', state };
      const document = await documentFromResource(key, resource, metadata, {
        limits,
        parsePdf: (source) => pdfDocumentIsolated(source),
      });
      return { status: 'changed', state, document };
    },
  };
}
