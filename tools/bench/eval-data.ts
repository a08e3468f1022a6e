import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import type { SearchResult } from '@docqa/contracts';
import { chunkMarkdown, withAnchor } from '@docqa/chunking';
import { EmbeddedStore } from '@docqa/embedded-store';
import { LocalEmbedder } from '@docqa/embedders';
import { type EmbeddedChunk, Retrieval } from '@docqa/retrieval';

/** `../shared/eval` beside the repository (benchmarks run from its root). */
export const EVAL_DIR = process.env.EVAL_DIR ?? join(process.cwd(), '../shared/eval');

export interface EvalDoc {
  id: string;
  title: string;
  text: string;
  /** Where the document lives; chunks link to their section there. */
  url?: string;
}

export interface EvalQuery {
  id: string;
  text: string;
  /** Relevant document ids with their grade. */
  relevant: Map<string, number>;
  answer?: string;
}

const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);

/** SciFact (BEIR): 5,183 abstracts, 300 claims with qrels. */
export function scifact(): { docs: EvalDoc[]; queries: EvalQuery[] } {
  const dir = join(EVAL_DIR, 'scifact');
  const docs = readJsonl<{ _id: string; title: string; text: string }>(join(dir, 'corpus.jsonl')).map(
    (d) => ({ id: d._id, title: d.title, text: d.text }),
  );
  const qrels = new Map<string, Map<string, number>>();
  for (const line of readFileSync(join(dir, 'qrels/test.tsv'), 'utf8').split('\n').slice(1)) {
    const [q, d, s] = line.split('\t');
    if (!q || !d) continue;
    if (!qrels.has(q)) qrels.set(q, new Map());
    qrels.get(q)!.set(d, Number(s));
  }
  const queries = readJsonl<{ _id: string; text: string }>(join(dir, 'queries.jsonl'))
    .filter((q) => qrels.has(q._id))
    .map((q) => ({ id: q._id, text: q.text, relevant: qrels.get(q._id)! }));
  return { docs, queries };
}

/** emanual-tv: 261 manual sections, the 417 questions linked to sections by title. */
export function emanual(): { docs: EvalDoc[]; queries: EvalQuery[] } {
  const dir = join(EVAL_DIR, 'emanual-tv');
  const docs = readJsonl<{ _id: string; title: string; text: string }>(join(dir, 'corpus_tv.jsonl')).map(
    (d) => ({ id: d._id, title: d.title, text: d.text }),
  );
  const queries = readJsonl<{ _id: string; question: string; answer: string; gold_ids_by_title: string[] }>(
    join(dir, 'qa_tv.jsonl'),
  )
    .filter((q) => q.gold_ids_by_title?.length)
    .map((q) => ({
      id: q._id,
      text: q.question,
      answer: q.answer,
      relevant: new Map(q.gold_ids_by_title.map((id) => [id, 1])),
    }));
  return { docs, queries };
}

/** Indexes documents (chunked like real ingestion) into a fresh embedded store. */
export async function indexDocs(
  dir: string,
  docs: EvalDoc[],
  tenant = 'eval',
): Promise<{ retrieval: Retrieval; store: EmbeddedStore; chunks: number; ms: number }> {
  const store = await EmbeddedStore.open(dir);
  const embedder = new LocalEmbedder();
  const started = performance.now();
  let total = 0;
  const batch: EmbeddedChunk[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const vectors = await embedder.embedDocuments(batch.map((c) => `${c.title}\n${c.heading}\n${c.text}`));
    batch.forEach((c, i) => (c.vector = vectors[i]!));
    await store.replaceDocuments(tenant, [], batch.splice(0));
  };
  for (const doc of docs) {
    const pieces = await chunkMarkdown(doc.text, { size: 1200, overlap: 150 });
    pieces.forEach((p, i) => {
      batch.push({
        tenant,
        document_id: doc.id,
        chunk_id: `${doc.id}#${i}`,
        title: doc.title,
        url: doc.url ? withAnchor(doc.url, p.anchor) : null,
        heading: p.heading,
        text: p.text,
        metadata: {},
        vector: [],
      });
    });
    total += pieces.length;
    if (batch.length >= 2000) await flush();
  }
  await flush();
  await store.optimize();
  // Searches are measured as a running API serves them: through its search mirror.
  await store.mirrorReady();
  return {
    retrieval: new Retrieval({ store, embedder }),
    store,
    chunks: total,
    ms: performance.now() - started,
  };
}

/** Document ids of results in rank order, each once (a document's best chunk counts). */
export function rankedDocs(results: SearchResult[], k: number): string[] {
  const seen: string[] = [];
  for (const r of results) if (!seen.includes(r.document_id) && seen.push(r.document_id) >= k) break;
  return seen;
}

/** nDCG@k of a ranking against graded relevance. */
export function ndcg(ranked: string[], relevant: Map<string, number>, k = 10): number {
  const dcg = ranked
    .slice(0, k)
    .reduce((sum, id, i) => sum + (2 ** (relevant.get(id) ?? 0) - 1) / Math.log2(i + 2), 0);
  const ideal = [...relevant.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  return ideal ? dcg / ideal : 0;
}

export const silentLogger = pino({ level: 'silent' });
