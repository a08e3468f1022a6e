/** A folder of superseded pages: `archive/` or `archived/`, anywhere in a page's path. */
const ARCHIVE_FOLDER = /(?:^|\/)archived?\//i;

/**
 * Share of its score a section of an archived page keeps (see {@link archivedShare}): Redis's
 * `install/archive/install-stack/docker.md` ("Archived instructions", for version 7.x) ranked
 * first for "How do I run Redis in a Docker container?", over `install/install-stack/docker.md`,
 * which gives the command of today's release. Chosen on the outside trials: 0.6 lets the live
 * page answer when it holds the question about as well.
 */
export const ARCHIVED_SHARE = 0.6;

/**
 * {@link ARCHIVED_SHARE} for a section of a page in an archive folder (see {@link ARCHIVE_FOLDER}),
 * else 1: docs keep an older release's instructions there for its readers, and a page of the same
 * task outside it is the one a visitor can act on.
 */
export function archivedShare(documentId: string): number {
  return ARCHIVE_FOLDER.test(documentId) ? ARCHIVED_SHARE : 1;
}
