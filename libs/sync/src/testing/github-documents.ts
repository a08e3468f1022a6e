import { DEFAULT_PARSE_LIMITS, type LoadedDocument } from '@docqa/sources';
import { readGithub } from '../github-reader';
import type { StoredSource } from '../source-store';
import type { GitHubStandIn } from './github-stand-in';

/** A github source of `repo` as a sync reads it, publishing at `baseUrl`, nothing else named. */
export function githubSource(repo: string, baseUrl: string): StoredSource {
  return {
    id: 'src_1',
    type: 'github',
    url: null,
    repo,
    branch: null,
    has_token: false,
    include: [],
    exclude: [],
    metadata: {},
    schedule: null,
    base_url: baseUrl,
    created_at: new Date(0).toISOString(),
  };
}

/**
 * The documents a first sync of a stand-in's repository would ingest, by their paths in it; `named`
 * the source's settings beyond its repository and base URL (a `language`).
 */
export async function syncedDocuments(
  github: GitHubStandIn,
  repo: string,
  baseUrl: string,
  named: Partial<StoredSource> = {},
): Promise<Map<string, LoadedDocument>> {
  const listing = await readGithub(
    { ...githubSource(repo, baseUrl), ...named },
    {},
    { githubApiUrl: github.url, limits: DEFAULT_PARSE_LIMITS },
  );
  const documents = new Map<string, LoadedDocument>();
  for (const entry of listing.entries) {
    const result = await entry.read(undefined);
    if (result.status === 'changed')
      documents.set(entry.key.replace(/^.*\/blob\/[^/]+\//, ''), result.document);
  }
  return documents;
}
