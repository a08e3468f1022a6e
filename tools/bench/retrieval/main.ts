/**
 * Retrieval quality on ../shared/eval: nDCG@10 and hit@1 per search mode on SciFact and
 * emanual-tv, with the embedded store and local embeddings (the offline defaults), hybrid search
 * beside the fixed-weight fusion it replaced.
 *
 *   npm run bench:retrieval
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchMode } from '@docqa/contracts';
import { LocalEmbedder } from '@docqa/retrieval';
import { reportBenchSection } from '../write-section';
import { runBench } from '../run-bench';
import { fixedWeightHybrid } from './fixed-weight-fusion';
import { emanual, indexDocs, ndcg, rankedDocs, scifact, type EvalDoc, type EvalQuery } from '../eval-data';

const MODES: SearchMode[] = ['keyword', 'semantic', 'hybrid'];
/** The measured rankings: the search modes, and hybrid search with the fusion it replaced. */
type Ranking = SearchMode | 'before';
const LIMIT = 40;

async function evaluate(name: string, data: { docs: EvalDoc[]; queries: EvalQuery[] }) {
  const dir = mkdtempSync(join(tmpdir(), `docqa-bench-${name}-`));
  try {
    const { retrieval, store, chunks, ms } = await indexDocs(dir, data.docs);
    const row: Record<string, number> = {};
    const hit1: Record<string, number> = {};
    const embedder = new LocalEmbedder();
    for (const mode of [...MODES, 'before'] as Ranking[]) {
      let sum = 0;
      let first = 0;
      for (const q of data.queries) {
        const results =
          mode === 'before'
            ? await fixedWeightHybrid(store, embedder, { tenants: ['eval'], text: q.text, limit: LIMIT })
            : (await retrieval.search({ tenants: ['eval'], query: q.text, mode, filters: [], limit: LIMIT }))
                .results;
        const ranked = rankedDocs(results, 10);
        sum += ndcg(ranked, q.relevant);
        if (q.relevant.has(ranked[0] ?? '')) first++;
      }
      row[mode] = sum / data.queries.length;
      hit1[mode] = first / data.queries.length;
    }
    await store.close();
    console.error(
      `${name}: ${data.docs.length} docs, ${chunks} chunks indexed in ${Math.round(ms)} ms`,
      row,
      hit1,
    );
    return {
      name,
      docs: data.docs.length,
      queries: data.queries.length,
      chunks,
      chunksPerSecond: chunks / (ms / 1000),
      row,
      hit1,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rows = [await evaluate('SciFact', scifact()), await evaluate('emanual-tv', emanual())];
  const f = (x: number) => x.toFixed(3);
  const line = (label: string, r: (typeof rows)[number], reference: string) =>
    `| ${label} | ${r.docs} | ${r.queries} | ${(['keyword', 'semantic', 'hybrid', 'before'] as const).map((m) => `${f(r.row[m]!)} / ${f(r.hit1[m]!)}`).join(' | ')} | ${reference} |`;
  const text = [
    `nDCG@10 / hit@1 (the first document relevant), embedded store (LanceDB BM25 full-text index; local hashed embeddings), chunks of 1,200 characters, a document's best chunk counts, ${LIMIT} results. Hybrid: each ranking scaled by its best hit and summed, keyword 1 and semantic 0.25 × √(semantic margin / keyword margin), at most fourfold (a margin: the first hit's score over the fifth's, see \`libs/retrieval/src/hybrid.ts\`); "hybrid before": the same sum with fixed weights 1 and 0.15, as it fused until 2026-11-29. Run on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| dataset | docs | queries | keyword | semantic | hybrid | hybrid before | published reference (nDCG@10) |',
    '|---|---|---|---|---|---|---|---|',
    line('SciFact', rows[0]!, 'BM25 0.665'),
    line('emanual-tv (title-linked)', rows[1]!, 'whole-section BM25 0.761'),
    '',
    `Indexing (chunking + local embeddings + LanceDB writes + index build): SciFact ${rows[0]!.chunks} chunks at **${Math.round(rows[0]!.chunksPerSecond)} chunks/s**.`,
  ].join('\n');
  reportBenchSection('Retrieval quality', 'npm run bench:retrieval', text);
}

runBench(main);
