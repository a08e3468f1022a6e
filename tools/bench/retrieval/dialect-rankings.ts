import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusNames, ingestCorpus, readCorpus, type Half } from '../answers/dialect-corpora';
import { rankingCells, scoreRankings, type RankingScores } from './rankings';

/** One half of a multi-dialect corpus's covered first questions, searched in every ranking. */
export interface DialectRankings {
  corpus: string;
  half: Half;
  documents: number;
  questions: number;
  scores: RankingScores;
}

/**
 * The corpora of the multi-dialect answer set (tools/bench/answers/corpora), each ingested as
 * `docqa ingest` does, their covered first questions (gold pages relevant) per dev and test half.
 * A corpus whose pages no loader reads yet is left out.
 */
export async function dialectRankings(): Promise<DialectRankings[]> {
  const rows: DialectRankings[] = [];
  for (const name of corpusNames()) {
    const { corpus, questions } = readCorpus(name);
    const dir = mkdtempSync(join(tmpdir(), `docqa-bench-retrieval-${name}-`));
    try {
      const { retrieval, store, documents } = await ingestCorpus(dir, corpus);
      for (const half of ['dev', 'test'] as const) {
        const asked = questions
          .filter((q) => q.half === half && q.covered !== false && !q.follows)
          .map((q) => ({ text: q.question, relevant: new Map((q.gold ?? []).map((g) => [g, 1])) }));
        if (documents && asked.length)
          rows.push({
            corpus: name,
            half,
            documents,
            questions: asked.length,
            scores: await scoreRankings(retrieval, store, asked),
          });
      }
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

/** Table rows of {@link dialectRankings}. */
export function dialectRows(rows: DialectRankings[]): string[] {
  return rows.map(
    (r) => `| ${r.corpus} (${r.half}) | ${r.documents} | ${r.questions} | ${rankingCells(r.scores)} | |`,
  );
}
