/**
 * Retrieval quality on ../shared/eval: nDCG@10 per search mode on SciFact and emanual-tv, with
 * the embedded store and local embeddings (the offline defaults).
 *
 *   npm run bench:retrieval
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchMode } from '@docqa/contracts';
import { reportBenchSection } from '../write-section';
import { runBench } from '../run-bench';
import { emanual, indexDocs, ndcg, rankedDocs, scifact, type EvalDoc, type EvalQuery } from '../eval-data';

const MODES: SearchMode[] = ['keyword', 'semantic', 'hybrid'];

async function evaluate(name: string, data: { docs: EvalDoc[]; queries: EvalQuery[] }) {
  const dir = mkdtempSync(join(tmpdir(), `docqa-bench-${name}-`));
  try {
    const { retrieval, store, chunks, ms } = await indexDocs(dir, data.docs);
    const row: Record<string, number> = {};
    for (const mode of MODES) {
      let sum = 0;
      for (const q of data.queries) {
        const { results } = await retrieval.search({
          tenants: ['eval'],
          query: q.text,
          mode,
          filters: [],
          limit: 40,
        });
        sum += ndcg(rankedDocs(results, 10), q.relevant);
      }
      row[mode] = sum / data.queries.length;
    }
    await store.close();
    console.error(`${name}: ${data.docs.length} docs, ${chunks} chunks indexed in ${Math.round(ms)} ms`, row);
    return {
      name,
      docs: data.docs.length,
      queries: data.queries.length,
      chunks,
      chunksPerSecond: chunks / (ms / 1000),
      row,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rows = [await evaluate('SciFact', scifact()), await evaluate('emanual-tv', emanual())];
  const f = (x: number) => x.toFixed(3);
  const text = [
    `nDCG@10, embedded store (LanceDB BM25 full-text index; local hashed embeddings; hybrid = weighted sum of each list's best-scaled scores, keyword 1 and semantic 0.15), chunks of 1,200 characters, a document's best chunk counts. Run on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| dataset | docs | queries | keyword | semantic | hybrid | published reference |',
    '|---|---|---|---|---|---|---|',
    `| SciFact | ${rows[0]!.docs} | ${rows[0]!.queries} | ${f(rows[0]!.row.keyword!)} | ${f(rows[0]!.row.semantic!)} | ${f(rows[0]!.row.hybrid!)} | BM25 0.665 |`,
    `| emanual-tv (title-linked) | ${rows[1]!.docs} | ${rows[1]!.queries} | ${f(rows[1]!.row.keyword!)} | ${f(rows[1]!.row.semantic!)} | ${f(rows[1]!.row.hybrid!)} | whole-section BM25 0.761 |`,
    '',
    `Indexing (chunking + local embeddings + LanceDB writes + index build): SciFact ${rows[0]!.chunks} chunks at **${Math.round(rows[0]!.chunksPerSecond)} chunks/s**.`,
  ].join('\n');
  reportBenchSection('Retrieval quality', 'npm run bench:retrieval', text);
}

runBench(main);
