import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import type { DocqaClient } from '@docqa/client';
import type { Embedder } from '@docqa/embedders';

/**
 * recall@10 of the deployment's semantic search (`POST /rag/search/`, through the search mirror)
 * against an exact search of the same table (LanceDB `bypassVectorIndex`, every row of the
 * tenant compared), on the same queries, and the median time of that exact search: what a search
 * of rows no index covers yet costs; and the state of the vector index searched. Opens the
 * worker's LanceDB folder read-only.
 */
export async function measureRecall(opts: {
  dataDir: string;
  tenant: string;
  client: DocqaClient;
  embedder: Embedder;
  queries: string[];
}): Promise<{ recall: number; exactMs: number; index: string }> {
  const db = await lancedb.connect(join(opts.dataDir, 'lancedb'));
  const table = await db.openTable('chunks');
  try {
    const vectorIndex = (await table.listIndices()).find((i) => i.columns.includes('vector'));
    const stats = vectorIndex && (await table.indexStats(vectorIndex.name));
    const index = stats
      ? `${stats.indexType}, ${stats.numIndices} segment${stats.numIndices === 1 ? '' : 's'}, ${stats.numUnindexedRows.toLocaleString('en')} rows unindexed`
      : 'none';
    let found = 0;
    let wanted = 0;
    const exactMs: number[] = [];
    for (const query of opts.queries) {
      const { results } = await opts.client.search({ query, search_mode: 'semantic', limit: 10 });
      const vector = await opts.embedder.embedQuery(query);
      const started = performance.now();
      const exact = (await table
        .vectorSearch(vector)
        .distanceType('cosine')
        .where(`tenant = '${opts.tenant}'`)
        .bypassVectorIndex()
        .select(['chunk_id', '_distance'])
        .limit(10)
        .toArray()) as { chunk_id: string }[];
      exactMs.push(performance.now() - started);
      const served = new Set(results.map((r) => r.chunk_id));
      found += exact.filter((row) => served.has(row.chunk_id)).length;
      wanted += exact.length;
    }
    exactMs.sort((a, b) => a - b);
    return {
      recall: wanted ? found / wanted : 1,
      exactMs: exactMs[Math.floor(exactMs.length / 2)] ?? 0,
      index,
    };
  } finally {
    table.close();
    db.close();
  }
}
