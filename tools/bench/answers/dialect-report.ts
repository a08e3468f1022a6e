import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExtractiveAnswerer } from '@docqa/answering';
import { ingestCorpus, readCorpus, type DialectCorpus, type Half } from './dialect-corpora';
import { PassageLog } from './miss-class';
import { medianWords, runDialectSet, SEARCH_MODES, type HalfFigures } from './dialect-set';

/** One corpus's figures, with what its ingestion gave. */
export interface CorpusRun {
  corpus: DialectCorpus;
  files: number;
  /** Files that failed to load or to ingest, each with why. */
  failures: string[];
  documents: number;
  chunks: number;
  questions: number;
  halves: Record<Half, HalfFigures>;
}

/**
 * Ingests a corpus into a fresh store and asks its questions (its probe questions with `probes`)
 * with the answerer of `libs/answering`.
 */
export async function runCorpus(name: string, topK: number, probes = false): Promise<CorpusRun> {
  const { corpus, questions } = readCorpus(name, probes);
  const dir = mkdtempSync(join(tmpdir(), `docqa-bench-answers-${name}-`));
  try {
    const ingested = await ingestCorpus(dir, corpus);
    const log = new PassageLog(ingested.retrieval);
    const halves = await runDialectSet(
      new ExtractiveAnswerer(log, { topK }),
      ingested.retrieval,
      questions,
      log,
      corpus,
    );
    await ingested.store.close();
    const { files, failures, documents, chunks } = ingested;
    return { corpus, files, failures, documents, chunks, questions: questions.length, halves };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ratio = (x: number, n: number) => (n ? `${Math.round((100 * x) / n)} % (${x}/${n})` : '–');
const mean = (x: number, n: number) => (n ? (x / n).toFixed(3) : '–');

/** The answer figures of each corpus's halves, one row a half. */
function answerRows(runs: CorpusRun[]): string[] {
  return runs.flatMap(({ corpus, halves }) =>
    (['dev', 'test'] as const).map((half) => {
      const f = halves[half];
      return `| ${corpus.name} | ${half} | ${[
        ratio(f.keysHeld, f.covered),
        ratio(f.goldCited, f.covered),
        ratio(f.declined, f.uncovered),
        ratio(f.wronglyDeclined, f.covered),
        ratio(f.followUpKeysHeld, f.followUps),
        ratio(f.followUpGoldCited, f.followUps),
        medianWords(f),
      ].join(' | ')} |`;
    }),
  );
}

/** hit@1 / hit@5 / nDCG@10 of each corpus's halves per search mode. */
function retrievalRows(runs: CorpusRun[]): string[] {
  return runs.flatMap(({ corpus, halves }) =>
    (['dev', 'test'] as const).map((half) => {
      const f = halves[half];
      const cells = SEARCH_MODES.map((mode) => {
        const s = f.retrieval[mode];
        return `${mean(s.hit1, f.covered)} / ${mean(s.hit5, f.covered)} / ${mean(s.ndcg10, f.covered)}`;
      });
      return `| ${corpus.name} | ${half} | ${cells.join(' | ')} |`;
    }),
  );
}

/** The one-line figures of a run, for `--new-only` and `--set` runs. */
export function corpusSummary(run: CorpusRun): string {
  return (['dev', 'test'] as const)
    .map((half) => {
      const f = run.halves[half];
      const modes = SEARCH_MODES.map((m) => `${m} nDCG ${mean(f.retrieval[m].ndcg10, f.covered)}`);
      return `${run.corpus.name} ${half}: key strings ${ratio(f.keysHeld, f.covered)}, gold page ${ratio(f.goldCited, f.covered)}, out of scope declined ${ratio(f.declined, f.uncovered)}, wrongly declined ${ratio(f.wronglyDeclined, f.covered)}, follow-ups ${ratio(f.followUpKeysHeld, f.followUps)} keys / ${ratio(f.followUpGoldCited, f.followUps)} gold, median ${medianWords(f)} words, ${modes.join(', ')}`;
    })
    .join('\n');
}

/** The benchmark's section of docs/benchmarks.md. */
export function dialectSection(runs: CorpusRun[], topK: number): string {
  const sources = runs.map(
    ({ corpus: c, files, documents, chunks, questions }) =>
      `| ${c.name} | ${c.generator} | [${c.repository.replace('https://github.com/', '')}](${c.repository}) at \`${c.commit.slice(0, 12)}\` (\`${c.source}/\`) | ${c.licence} | ${c.baseUrl} | ${files} | ${documents} | ${chunks} | ${questions} |`,
  );
  return [
    `Five public docs sites of five generators, committed under \`tools/bench/answers/corpora/NAME/\` as their generators' sources (front matter, shortcodes, admonitions, directives and all; each folder's \`corpus.json\` names the repository, commit, licence and base URL and says how the pages were chosen, beside the licence file). The benchmark reads them from there (no network): each is ingested as \`docqa ingest ROOT --base-url BASE_URL\` ingests it (the file loaders of \`@docqa/sources\`, the API's job schema, the worker's ingestor: chunks of 1,200 characters, local embeddings, embedded store), so a better loader shows here without a change to the benchmark. Files not loaded (a format the loaders do not read) count as missing pages. \`npm run bench:answers -- --set dialects\` refreshes this section alone; \`--set NAME --verbose\` runs one corpus and lists each miss with its answer and sources (for each missing key string, where it was and where its gold passage ranks in the answerer's search asked for 40 results), and the files that were not ingested. Run on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| corpus | generator | repository, commit | licence | base URL | files | documents loaded | chunks | questions |',
    '|---|---|---|---|---|---|---|---|---|',
    ...sources,
    '',
    `Questions in \`corpora/NAME/questions.json\`: how-do-I, can-I and why questions whose gold page (the path under the corpus's root; any one cited counts) and 1–4 key strings (the command, setting or value the visitor needs, verbatim from the page, matched ignoring case) are given; questions the corpus does not cover (some about a neighbouring product, sharing its words); follow-ups asked in the same chat after the question they follow. Halves: covered questions alternate dev, test in file order, uncovered ones likewise, a follow-up goes with its first question; tune on dev only. The answerer of \`libs/answering\` (extractive, hybrid retrieval of ${topK} passages):`,
    '',
    '| corpus | half | key strings held | gold page cited | out of scope declined | covered wrongly declined | follow-ups: key strings | follow-ups: gold page | median words |',
    '|---|---|---|---|---|---|---|---|---|',
    ...answerRows(runs),
    '',
    'Retrieval of the covered first questions, documents ranked by their best chunk: hit@1 / hit@5 / nDCG@10 (gold pages of grade 1):',
    '',
    '| corpus | half | keyword | semantic | hybrid |',
    '|---|---|---|---|---|',
    ...retrievalRows(runs),
  ].join('\n');
}
