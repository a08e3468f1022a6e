import { versionByPattern } from '@docqa/contracts';
import type { LoadedDocument } from '@docqa/sources';

/**
 * A synced page with the version its source's rule finds in its URL (or, for a repository's file,
 * its path). Applied at every sync, so a re-synced page keeps its version; a page the rule does not
 * match keeps the `version` its front matter gave it, else has none.
 */
export function withSourceVersion(
  source: { version_pattern?: string },
  document: LoadedDocument,
): LoadedDocument {
  const path = typeof document.metadata?.path === 'string' ? document.metadata.path : undefined;
  const version =
    versionByPattern(source.version_pattern, document.url ?? '') ??
    (path === undefined ? undefined : versionByPattern(source.version_pattern, path));
  return version ? { ...document, version } : document;
}
