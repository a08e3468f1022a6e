import { join } from 'node:path';
import type { SearchMode } from '@docqa/contracts';
import { EmbeddedStore } from '@docqa/embedded-store';
import { LocalEmbedder } from '@docqa/embedders';
import { Retrieval } from '@docqa/retrieval';
import { reportBenchSection } from '../write-section';

/** The docs versions of the corpus's documents: `d<i>` has `VERSIONS[i % 4]`, the fourth none. */
export const BENCH_VERSIONS = ['1.x', '2.x', '3.x', undefined] as const;

/** p50 and p95 of one mode's searches without and with a version, ms (`took_ms`). */
export interface VersionedTimes {
  mode: SearchMode;
  unfiltered: { p50: number; p95: number };
  versioned: { p50: number; p95: number };
  /** Results of the versioned searches from another version than the one asked (must be 0). */
  crossed: number;
}

/**
 * The same queries without a version and with one (`2.x`: its chunks and the unversioned ones,
 * half of the tenant), through the search mirror as a running API serves them, side by side in
 * the bench process on the deployment's table, alternating which goes first.
 */
export async function measureVersioned(opts: {
  dataDir: string;
  tenant: string;
  queries: string[];
}): Promise<VersionedTimes[]> {
  const store = await EmbeddedStore.open(join(opts.dataDir, 'lancedb'));
  try {
    await store.mirrorReady();
    const retrieval = new Retrieval({ store, embedder: new LocalEmbedder() });
    const times: VersionedTimes[] = [];
    for (const mode of ['keyword', 'semantic', 'hybrid'] as SearchMode[]) {
      const took = { unfiltered: [] as number[], versioned: [] as number[] };
      let crossed = 0;
      for (const [i, query] of opts.queries.entries())
        for (const path of i % 2
          ? (['versioned', 'unfiltered'] as const)
          : (['unfiltered', 'versioned'] as const)) {
          const version = path === 'versioned' ? '2.x' : undefined;
          const { took_ms, results } = await retrieval.search({
            tenants: [opts.tenant],
            query,
            mode,
            filters: [],
            version,
            limit: 10,
          });
          took[path].push(took_ms);
          if (version)
            crossed += results.filter(
              (r) => r.metadata['version'] && r.metadata['version'] !== version,
            ).length;
        }
      times.push({
        mode,
        unfiltered: percentiles(took.unfiltered),
        versioned: percentiles(took.versioned),
        crossed,
      });
    }
    return times;
  } finally {
    await store.close();
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
  run: { chunks: number; queries: number; loadBefore: string; loadAfter: string },
): string {
  return [
    `${run.chunks.toLocaleString('en')} synthetic chunks ingested through \`POST /documents/\` as in "Search speed", each document with a docs version (\`1.x\`, \`2.x\`, \`3.x\`, a quarter each, and a quarter without one). Side by side in the bench process, on the deployment's table once its upkeep had ended, through the search mirror (as the API serves searches): the same ${run.queries} queries of 5 words per mode without a version and with \`version: 2.x\` (its chunks and the unversioned ones: half of the tenant), alternating which goes first, limit 10 (\`took_ms\`). Run on ${new Date().toISOString().slice(0, 10)}; load average (1, 5, 15 min) ${run.loadBefore} before the searches, ${run.loadAfter} after (2 cores, shared with other work).`,
    '',
    '| mode | unfiltered p50 (p95) ms | version 2.x p50 (p95) ms | versioned / unfiltered (p50) | results of another version |',
    '|---|---|---|---|---|',
    ...times.map(
      ({ mode, unfiltered, versioned, crossed }) =>
        `| ${mode} | ${unfiltered.p50.toFixed(1)} (${unfiltered.p95.toFixed(1)}) | ${versioned.p50.toFixed(1)} (${versioned.p95.toFixed(1)}) | **${versioned.p50 >= unfiltered.p50 ? '+' : ''}${((versioned.p50 / unfiltered.p50 - 1) * 100).toFixed(0)} %** | ${crossed} |`,
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
}): Promise<void> {
  const loadBefore = run.load();
  const times = await measureVersioned({ dataDir: run.dataDir, tenant: 'bench', queries: run.queries });
  const section = versionedSection(times, {
    chunks: run.chunks,
    queries: run.queries.length,
    loadBefore,
    loadAfter: run.load(),
  });
  const command = `npm run bench:search-speed -- --chunks ${run.total} --versions`;
  reportBenchSection('Search with a version', command, section);
}
