import { join, resolve } from 'node:path';
import type { SearchMode } from '@docqa/contracts';
import { EmbeddedStore } from '@docqa/embedded-store';
import { LocalEmbedder } from '@docqa/embedders';
import { Retrieval } from '@docqa/retrieval';
import { reportBenchSection } from '../write-section';

/** The docs versions of the corpus's documents: `d<i>` has `VERSIONS[i % 4]`, the fourth none. */
export const BENCH_VERSIONS = ['1.x', '2.x', '3.x', undefined] as const;

/** The store and retrieval a build searches with: this one's, or an earlier build's bundle. */
export interface SearchBuild {
  EmbeddedStore: typeof EmbeddedStore;
  Retrieval: typeof Retrieval;
  LocalEmbedder: typeof LocalEmbedder;
}

/**
 * An earlier build's store and retrieval (`--old-store`): a CommonJS bundle exporting them, made
 * from that commit's sources with the options of `tools/build.mjs`, e.g. of `git archive BASE`'s
 * `export { EmbeddedStore } from '@docqa/embedded-store'` (and `Retrieval`, `LocalEmbedder`).
 */
export function oldBuild(path: string): SearchBuild {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(resolve(path)) as SearchBuild;
}

/** How a store ranks: through the search mirror (as a running API serves), or LanceDB's indexes (while it catches up). */
type RankedBy = 'mirror' | 'indexes';

/** p50 and p95 of one mode's searches without and with a version through one build's store, ms (`took_ms`). */
export interface VersionedTimes {
  mode: SearchMode;
  build: 'old' | 'new';
  rankedBy: RankedBy;
  unfiltered: { p50: number; p95: number };
  versioned: { p50: number; p95: number };
  /** Results of the versioned searches from another version than the one asked (must be 0). */
  crossed: number;
  /** Versioned searches whose results (chunk ids, in order) differ from the old build's (new build only). */
  differing?: number;
}

/**
 * The same queries without a version and with one (`2.x`: its chunks and the unversioned ones,
 * half of the tenant), through the search mirror and through LanceDB's indexes (a store of each
 * kind), side by side in the bench process on the deployment's table; with `old`, through that
 * build's stores too. A query's second search through a store finds what its first read
 * (passages, LanceDB's pages) warm: each of the two goes first for half the queries, and the
 * stores take turns at going first.
 */
export async function measureVersioned(opts: {
  dataDir: string;
  tenant: string;
  queries: string[];
  old?: SearchBuild;
}): Promise<VersionedTimes[]> {
  const dir = join(opts.dataDir, 'lancedb');
  const builds = { new: { EmbeddedStore, Retrieval, LocalEmbedder }, ...(opts.old && { old: opts.old }) };
  // One after the other: each store's opening may bring the table to its layout.
  const opened: { build: 'old' | 'new'; rankedBy: RankedBy; store: EmbeddedStore; retrieval: Retrieval }[] =
    [];
  for (const [build, code] of Object.entries(builds) as ['old' | 'new', SearchBuild][])
    for (const rankedBy of ['mirror', 'indexes'] as const) {
      const store = await code.EmbeddedStore.open(dir, { searchMirror: rankedBy === 'mirror' });
      await store.mirrorReady();
      const retrieval = new code.Retrieval({ store, embedder: new code.LocalEmbedder() });
      opened.push({ build, rankedBy, store, retrieval });
    }
  try {
    const times: VersionedTimes[] = [];
    for (const mode of ['keyword', 'semantic', 'hybrid'] as SearchMode[]) {
      const took = opened.map(() => ({ unfiltered: [] as number[], versioned: [] as number[] }));
      const crossed = opened.map(() => 0);
      const differing = opened.map(() => 0);
      for (const [i, query] of opts.queries.entries()) {
        const found = new Map<string, string>();
        const kinds = i % 2 ? (['versioned', 'unfiltered'] as const) : (['unfiltered', 'versioned'] as const);
        for (let k = 0; k < opened.length; k++) {
          const s = (Math.floor(i / 2) + k) % opened.length;
          const { build, rankedBy, retrieval } = opened[s]!;
          for (const kind of kinds) {
            const version = kind === 'versioned' ? '2.x' : undefined;
            const { took_ms, results } = await retrieval.search({
              tenants: [opts.tenant],
              query,
              mode,
              filters: [],
              version,
              limit: 10,
            });
            took[s]![kind].push(took_ms);
            if (!version) continue;
            found.set(`${build} ${rankedBy}`, results.map((r) => r.chunk_id).join(' '));
            crossed[s]! += results.filter(
              (r) => r.metadata['version'] && r.metadata['version'] !== version,
            ).length;
          }
        }
        opened.forEach(({ build, rankedBy }, s) => {
          if (build === 'new' && opts.old && found.get(`new ${rankedBy}`) !== found.get(`old ${rankedBy}`))
            differing[s]!++;
        });
      }
      opened.forEach(({ build, rankedBy }, s) =>
        times.push({
          mode,
          build,
          rankedBy,
          unfiltered: percentiles(took[s]!.unfiltered),
          versioned: percentiles(took[s]!.versioned),
          crossed: crossed[s]!,
          ...(opts.old && build === 'new' && { differing: differing[s]! }),
        }),
      );
    }
    return times;
  } finally {
    for (const { store } of opened) await store.close();
  }
}

function percentiles(values: number[]): { p50: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

/** The section "Search with a version" of docs/benchmarks.md. */
export function versionedSection(
  times: VersionedTimes[],
  run: { chunks: number; queries: number; loadBefore: string; loadAfter: string; old: boolean },
): string {
  const oldNote = run.old
    ? ' The old build (`--old-store`) searched the same table through stores of its own, in the same process.'
    : '';
  return [
    `${run.chunks.toLocaleString('en')} synthetic chunks ingested through \`POST /documents/\` as in "Search speed", each document with a docs version (\`1.x\`, \`2.x\`, \`3.x\`, a quarter each, and a quarter without one). Side by side in the bench process, on the deployment's table once its upkeep had ended, through the search mirror (as the API serves searches) and through LanceDB's indexes (as it searches while its mirror catches up), a store of each: the same ${run.queries} queries of 5 words per mode without a version and with \`version: 2.x\` (its chunks and the unversioned ones: half of the tenant), limit 10 (\`took_ms\`), each query's two searches through a store one after the other, which of them goes first changing every query, the stores taking turns at going first.${oldNote} Run on ${new Date().toISOString().slice(0, 10)}; load average (1, 5, 15 min) ${run.loadBefore} before the searches, ${run.loadAfter} after (2 cores, shared with other work).`,
    '',
    '| mode | build | ranked by | unfiltered p50 (p95) ms | version 2.x p50 (p95) ms | versioned / unfiltered (p50) | results of another version | versioned results differing from old |',
    '|---|---|---|---|---|---|---|---|',
    ...times.map(
      ({ mode, build, rankedBy, unfiltered, versioned, crossed, differing }) =>
        `| ${mode} | ${build} | ${rankedBy === 'mirror' ? 'search mirror' : "LanceDB's indexes"} | ${unfiltered.p50.toFixed(1)} (${unfiltered.p95.toFixed(1)}) | ${versioned.p50.toFixed(1)} (${versioned.p95.toFixed(1)}) | **${versioned.p50 >= unfiltered.p50 ? '+' : ''}${((versioned.p50 / unfiltered.p50 - 1) * 100).toFixed(0)} %** | ${crossed} | ${differing === undefined ? '–' : `${differing} of ${run.queries}`} |`,
    ),
    '',
    'Target: a search with a version within 10 % of an unfiltered one; no result of another version.',
  ].join('\n');
}

/** Measures searches with and without a version on the deployment's table and writes the section. */
export async function reportVersioned(run: {
  dataDir: string;
  chunks: number;
  queries: string[];
  total: number;
  load: () => string;
  /** An earlier build's bundle to measure beside this one (see {@link oldBuild}). */
  oldStore?: string;
}): Promise<void> {
  const loadBefore = run.load();
  const old = run.oldStore ? oldBuild(run.oldStore) : undefined;
  const times = await measureVersioned({ dataDir: run.dataDir, tenant: 'bench', queries: run.queries, old });
  const section = versionedSection(times, {
    chunks: run.chunks,
    queries: run.queries.length,
    loadBefore,
    loadAfter: run.load(),
    old: old !== undefined,
  });
  const command = `npm run bench:search-speed -- --chunks ${run.total} --versions${run.oldStore ? ' --old-store OLD_BUNDLE' : ''}`;
  reportBenchSection('Search with a version', command, section);
}
