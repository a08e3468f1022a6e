import type { DocqaClient, DocumentCreateInput } from '@docqa/client';
import type { SearchMode } from '@docqa/contracts';
import {
  jobsDone,
  latestVersion,
  MODES,
  submitDocuments,
  tableVersions,
  versionsRemoved,
  type watchApiLog,
} from './deployment';

/**
 * A re-sync of `documents` (changed, of ids the table holds) while searches go on, one mode after
 * another, until the worker's upkeep after it has ended and the API's search mirror holds the
 * table's latest version: each mode's server times (sorted), and the mirror's builds afresh
 * meanwhile.
 */
export async function measureResync(opts: {
  documents: DocumentCreateInput[];
  client: DocqaClient;
  query: () => string;
  dataDir: string;
  apiLog: ReturnType<typeof watchApiLog>;
}): Promise<{
  documents: number;
  ingestSeconds: number;
  seconds: number;
  searches: number;
  builds: number;
  modes: { mode: SearchMode; took: number[] }[];
}> {
  const { client, dataDir, apiLog } = opts;
  const buildsBefore = apiLog.builds();
  const took = new Map<SearchMode, number[]>(MODES.map((mode) => [mode, []]));
  let searching = true;
  const searches = (async () => {
    for (let q = 0; searching; q++) {
      const mode = MODES[q % MODES.length]!;
      const { took_ms } = await client.search({ query: opts.query(), search_mode: mode, limit: 10 });
      took.get(mode)!.push(took_ms);
    }
  })();
  // Awaited below; a failed search must not go unhandled before then.
  searches.catch(() => undefined);
  const started = performance.now();
  let ingestSeconds: number;
  let seconds: number;
  try {
    await jobsDone(await submitDocuments(client, opts.documents));
    ingestSeconds = (performance.now() - started) / 1000;
    await versionsRemoved(dataDir, await tableVersions(dataDir));
    await apiLog.mirrored(await latestVersion(dataDir));
    seconds = (performance.now() - started) / 1000;
  } finally {
    searching = false;
  }
  await searches;
  return {
    documents: opts.documents.length,
    ingestSeconds,
    seconds,
    searches: [...took.values()].reduce((n, list) => n + list.length, 0),
    builds: apiLog.builds() - buildsBefore,
    modes: MODES.map((mode) => ({ mode, took: took.get(mode)!.sort((a, b) => a - b) })),
  };
}
