import { join } from 'node:path';
import type { SearchMode } from '@docqa/contracts';
import { EmbeddedStore } from '@docqa/embedded-store';
import { LocalEmbedder } from '@docqa/embedders';
import { Retrieval } from '@docqa/retrieval';
import { within } from './deployment';

/**
 * Longest the bench process waits for its own search mirror of the table: a build afresh of
 * 1,000,000 rows took 377 s at load 8 to 17 (docs/benchmarks.md).
 */
const MIRROR_WAIT_MS = 15 * 60_000;

/** p50 and p95 of one mode's searches through one path, ms (`took_ms`). */
export interface PathTimes {
  mode: SearchMode;
  indexes: { p50: number; p95: number };
  mirror: { p50: number; p95: number };
}

/**
 * The same queries through LanceDB's indexes and through the search mirror, side by side in the
 * bench process on the deployment's table (two stores on its folder, one without a mirror), each
 * query through one then the other: the ratio of the two with the machine's load alike for both.
 */
export async function measureSideBySide(opts: {
  dataDir: string;
  tenant: string;
  queries: string[];
}): Promise<PathTimes[]> {
  const dir = join(opts.dataDir, 'lancedb');
  const embedder = new LocalEmbedder();
  const indexed = await EmbeddedStore.open(dir, { searchMirror: false });
  const mirrored = await EmbeddedStore.open(dir);
  try {
    await within(mirrored.mirrorReady(), MIRROR_WAIT_MS, "the bench process's search mirror of the table");
    const paths = {
      indexes: new Retrieval({ store: indexed, embedder }),
      mirror: new Retrieval({ store: mirrored, embedder }),
    };
    const times: PathTimes[] = [];
    for (const mode of ['keyword', 'semantic', 'hybrid'] as SearchMode[]) {
      const took = { indexes: [] as number[], mirror: [] as number[] };
      for (const [i, query] of opts.queries.entries())
        for (const path of i % 2 ? (['mirror', 'indexes'] as const) : (['indexes', 'mirror'] as const)) {
          const { took_ms } = await paths[path].search({
            tenants: [opts.tenant],
            query,
            mode,
            filters: [],
            limit: 10,
          });
          took[path].push(took_ms);
        }
      times.push({ mode, indexes: percentiles(took.indexes), mirror: percentiles(took.mirror) });
    }
    return times;
  } finally {
    await indexed.close();
    await mirrored.close();
  }
}

function percentiles(values: number[]): { p50: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}
