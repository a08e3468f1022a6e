import type { DocqaClient, DocumentCreateInput } from '@docqa/client';
import type { SearchMode } from '@docqa/contracts';
import {
  jobsDone,
  MODES,
  percentile,
  submitDocuments,
  type MirrorLine,
  type watchApiLog,
} from './deployment';

/** Server times (`took_ms`, sorted) of one mode's searches in one stretch of the phase. */
export interface StretchTimes {
  stretch: 'during' | 'after';
  mode: SearchMode;
  took: number[];
}

/**
 * An import of `documents` (new ids) into the searched tenant while searches go on, one mode after
 * another, from the first call until every job ended ("during") and for `afterSeconds` more
 * ("after"): the slow minute after an import that issue 43 is about. Also the API's search
 * mirror's builds afresh meanwhile (taking in the import's rows by appending builds none).
 */
export async function measureImport(opts: {
  documents: DocumentCreateInput[];
  client: DocqaClient;
  query: () => string;
  afterSeconds: number;
  apiLog: ReturnType<typeof watchApiLog>;
  /** Tell the stretches' bounds on stderr, in the monotonic clock's µs (a CPU profile's). */
  marks?: boolean;
}): Promise<{ ingestSeconds: number; builds: number; times: StretchTimes[] }> {
  const { client, apiLog } = opts;
  const buildsBefore = apiLog.builds();
  const times = new Map<string, number[]>();
  let stretch: 'during' | 'after' = 'during';
  let searching = true;
  const searches = (async () => {
    for (let q = 0; searching; q++) {
      const mode = MODES[q % MODES.length]!;
      const at = stretch;
      const { took_ms } = await client.search({ query: opts.query(), search_mode: mode, limit: 10 });
      const key = `${at} ${mode}`;
      if (!times.has(key)) times.set(key, []);
      times.get(key)!.push(took_ms);
    }
  })();
  // Awaited below; a failed search must not go unhandled before then.
  searches.catch(() => undefined);
  const started = performance.now();
  const mark = (what: string) => {
    if (opts.marks) process.stderr.write(`import phase ${what} at ${process.hrtime.bigint() / 1000n} µs\n`);
  };
  let ingestSeconds: number;
  try {
    mark('during starts');
    await jobsDone(await submitDocuments(client, opts.documents));
    ingestSeconds = (performance.now() - started) / 1000;
    stretch = 'after';
    mark('after starts');
    await new Promise((resolve) => setTimeout(resolve, opts.afterSeconds * 1000));
    mark('after ends');
  } finally {
    searching = false;
  }
  await searches;
  return {
    ingestSeconds,
    builds: apiLog.builds() - buildsBefore,
    times: (['during', 'after'] as const).flatMap((at) =>
      MODES.map((mode) => ({
        stretch: at,
        mode,
        took: (times.get(`${at} ${mode}`) ?? []).sort((a, b) => a - b),
      })),
    ),
  };
}

/** The report's lines of {@link measureImport}'s result. */
export function importLines(
  result: Awaited<ReturnType<typeof measureImport>>,
  opts: { documents: number; chunks: number; afterSeconds: number },
): string[] {
  return [
    `An import while visitors search (\`--import-phase\`): ${opts.documents.toLocaleString('en')} new documents into the searched tenant of the ${opts.chunks.toLocaleString('en')}-chunk table through \`POST /documents/\` (ingested in ${result.ingestSeconds.toFixed(1)} s), searched all along, one mode after another, while it ran and for ${opts.afterSeconds} s after; the API's search mirror was built afresh ${result.builds} times in that time (target: hybrid p95 ≤ 20 ms during and after).`,
    '',
    '| mode, stretch | searches | p50 ms (server `took_ms`) | p95 ms (server) | p99 ms (server) | max ms (server) |',
    '|---|---|---|---|---|---|',
    ...result.times.map(
      ({ stretch, mode, took }) =>
        `| ${mode}, ${stretch} | ${took.length} | ${percentile(took, 0.5).toFixed(1)} | ${percentile(took, 0.95).toFixed(1)} | ${percentile(took, 0.99).toFixed(1)} | ${(took.at(-1) ?? NaN).toFixed(1)} |`,
    ),
  ];
}

/** The report's line on where the API's search mirror's memory goes, per chunk. */
export function mirrorMemoryLine(build: MirrorLine | undefined): string {
  if (!build?.bytes) return "The API's search mirror told no memory figures (no build afresh logged).";
  const { vectors, postings, ids, columns } = build.bytes;
  const per = (bytes: number) => `${Math.round(bytes / build.rows)} B`;
  const how = build.rebuilt ? 'built afresh' : 'caught up by row ids';
  return `The API's search mirror, ${how} to ${build.rows.toLocaleString('en')} rows, holds **${per(vectors + postings + ids + columns)} per chunk** (${((vectors + postings + ids + columns) / 2 ** 20).toFixed(0)} MB): int8 vectors and their factors ${per(vectors)}, postings ${per(postings)}, row ids ${per(ids)}, tenants, lengths and scratch ${per(columns)}; no passage text (read for the returned hits only).`;
}
