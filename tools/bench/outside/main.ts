/**
 * The outside check of issue 35: a public docs site nobody here wrote, not committed (its licence
 * or size), ingested from a folder given on the command line the way `docqa ingest PATH
 * --base-url URL --dialect D` ingests it, and asked a question file's how-do-I and out-of-scope
 * questions with the answerer of `libs/answering`. Not a tuning set: it reports, nothing is fitted
 * to it.
 *
 *   npm run bench:outside -- --docs PATH [--questions FILE] [--verbose]
 *
 * FILE (default `tools/bench/answers/outside/redis.json`) holds `corpus` (repository, commit,
 * licence, base URL, dialect: how to get the folder) and `questions` (the shape of a dialect
 * corpus's, plus `code`: a command that must sit in a code block of the answer). Reported: answers
 * holding their key strings, gold page cited, commands kept as code, answers whose links and
 * sources all resolve to published URLs, generator markup in the answers and in the chunks (the
 * scan of `markup-leaks.ts`), out-of-scope declined, retrieval per search mode. A site whose pages
 * have versions (a Mintlify site's navigation gives them) is asked in the newest, as the API asks a
 * question without a version in the tenant's default.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ExtractiveAnswerer, type AnswerInput, type Answerer } from '@docqa/answering';
import { newestFirst } from '@docqa/contracts';
import { benchFlags } from '../bench-flags';
import { runBench } from '../run-bench';
import { runAnswer, type RunAnswer } from '../answers/answer-run';
import {
  ingestCorpus,
  type DialectCorpus,
  type DialectQuestion,
  type IngestedCorpus,
} from '../answers/dialect-corpora';
import { runDialectSet, SEARCH_MODES, type HalfFigures } from '../answers/dialect-set';
import { LEAK_KINDS, scanCorpus, type LeakScan } from '../answers/markup-leaks';
import { PassageLog } from '../answers/miss-class';
import { inCodeBlock, linkFaults, markupInAnswer } from './answer-checks';

const TOP_K = 6;
const usage = () =>
  'npm run bench:outside -- --docs PATH [--questions FILE] [--verbose]\n' +
  "  PATH: the site's content folder (FILE's corpus says which repository, commit and folder)";
const options = benchFlags(
  {
    docs: { type: 'string' },
    questions: { type: 'string', default: 'tools/bench/answers/outside/redis.json' },
    verbose: { type: 'boolean', default: false },
  },
  usage,
);

/** A question of an outside file: a dialect corpus's, with a command to find in a code block. */
type OutsideQuestion = DialectQuestion & { code?: string };

/** Asks through `answerer`, keeping each answer by question for the checks the set lacks. */
class RecordingAnswerer implements Answerer {
  readonly answers = new Map<string, RunAnswer>();
  constructor(private readonly answerer: Answerer) {}
  async *answer(input: AnswerInput) {
    const answer = await runAnswer(this.answerer, input.question, input.history, input.version);
    this.answers.set(input.question, answer);
    yield { type: 'sources' as const, sources: answer.sources };
    yield { type: 'delta' as const, text: answer.text };
  }
  health() {
    return this.answerer.health();
  }
}

const ratio = (x: number, n: number) => (n ? `${Math.round((100 * x) / n)} % (${x}/${n})` : '–');

/** What a reader would find wrong in one answer beyond its key strings. */
interface AnswerFaults {
  q: OutsideQuestion;
  /** Links and source URLs that are no published page (`kind: link`). */
  broken: string[];
  /** Links on the site's host outside the base URL (right when their author wrote them so). */
  offSite: string[];
  markup: string[];
}

function answerFaults(q: OutsideQuestion, answer: RunAnswer, baseUrl: string): AnswerFaults {
  const links = linkFaults(answer, baseUrl).map((l) => ({ ...l, text: `${l.kind}: ${l.link}` }));
  return {
    q,
    broken: links.filter((l) => l.kind !== 'off-site-link').map((l) => l.text),
    offSite: links.filter((l) => l.kind === 'off-site-link').map((l) => l.text),
    markup: markupInAnswer(answer.text),
  };
}

/** The report's lines: ingestion, answers, code and links, chunks' markup, retrieval per mode. */
function summary(
  corpus: DialectCorpus,
  ingested: IngestedCorpus,
  f: HalfFigures,
  code: { kept: number; asked: number },
  faults: AnswerFaults[],
  scan: LeakScan,
): string {
  const failed = ingested.failures.length ? `, ${ingested.failures.length} not ingested` : '';
  const versions = newestFirst(ingested.versions);
  const asked = versions.length
    ? `; asked in version ${versions[0]} (the newest of ${versions.join(', ')})`
    : '';
  const modes = SEARCH_MODES.map((m) => {
    const { hit1, ndcg10 } = f.retrieval[m];
    return `${m} hit@1 ${(hit1 / f.covered).toFixed(2)} nDCG ${(ndcg10 / f.covered).toFixed(3)}`;
  });
  const leaks = LEAK_KINDS.filter((k) => scan.counts[k.name]).map((k) => `${k.name} ${scan.counts[k.name]}`);
  const linked = faults.filter((x) => !x.broken.length).length;
  const offSite = faults.reduce((n, x) => n + x.offSite.length, 0);
  return [
    `${corpus.name} at ${corpus.commit.slice(0, 12)}: ${ingested.documents} documents of ${ingested.files} files, ${ingested.chunks} chunks${failed}${asked}`,
    `key strings ${ratio(f.keysHeld, f.covered)}, gold page ${ratio(f.goldCited, f.covered)}, wrongly declined ${ratio(f.wronglyDeclined, f.covered)}, out of scope declined ${ratio(f.declined, f.uncovered)}`,
    `commands kept in a code block ${ratio(code.kept, code.asked)}, answers whose links and sources are all published URLs ${ratio(linked, faults.length)}, links on the host outside the base URL ${offSite}, answers with markup ${faults.filter((x) => x.markup.length).length}`,
    `chunks with generator markup (markup-leaks scan of ${scan.chunks} chunks): ${leaks.join(', ') || 'none'}`,
    modes.join('; '),
  ].join('\n');
}

async function main(): Promise<void> {
  if (!options.docs) throw new Error(`--docs PATH is required\n${usage()}`);
  const file = JSON.parse(readFileSync(options.questions, 'utf8')) as {
    corpus: DialectCorpus;
    questions: OutsideQuestion[];
  };
  const corpus = { ...file.corpus, root: resolve(options.docs) };
  const questions = file.questions.map((q) => ({ ...q, half: 'test' as const }));
  const dir = mkdtempSync(join(tmpdir(), `docqa-bench-outside-${corpus.name}-`));
  try {
    const ingested = await ingestCorpus(dir, corpus);
    const log = new PassageLog(ingested.retrieval);
    const answerer = new RecordingAnswerer(new ExtractiveAnswerer(log, { topK: TOP_K }));
    // Asked as the API asks a question without a version: in the tenant's default, the newest.
    const version = newestFirst(ingested.versions)[0];
    const { test: f } = await runDialectSet(answerer, ingested.retrieval, questions, log, corpus, version);
    await ingested.store.close();
    const scan = await scanCorpus(corpus);
    const answerOf = (q: OutsideQuestion) => answerer.answers.get(q.question)!;
    const withCode = questions.filter((q) => q.code);
    const codeLost = withCode.filter((q) => !inCodeBlock(answerOf(q).text, q.code!));
    const faults = questions.map((q) => answerFaults(q, answerOf(q), corpus.baseUrl));
    const code = { kept: withCode.length - codeLost.length, asked: withCode.length };
    console.log(summary(corpus, ingested, f, code, faults, scan));
    if (!options.verbose) return;
    for (const miss of f.misses) console.error(`  ${miss}`);
    for (const q of codeLost) console.error(`  ${q.id}: "${q.code}" not in a code block`);
    for (const { q, broken, offSite, markup } of faults)
      for (const fault of [...broken, ...offSite, ...markup]) console.error(`  ${q.id}: ${fault}`);
    for (const kind of LEAK_KINDS)
      for (const example of scan.examples[kind.name]!) console.error(`  chunk ${kind.name}: ${example}`);
    for (const failure of ingested.failures) console.error(`  not ingested: ${failure}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
