/**
 * Answer quality of the extractive answerer (the offline default), the new section-aware one side
 * by side with the one it replaced, on two sets:
 * - docqa's own docs/ (the demo knowledge base) with the questions of docqa-docs-questions.json:
 *   answers holding every required string, gold document cited, uncovered questions refused;
 * - ../shared/eval/emanual-tv: token recall of the gold answer, gold section cited;
 * and the answerer of libs/answering alone on the multi-dialect set: five public docs sites of five
 * generators (corpora/NAME), per corpus and half, with retrieval per search mode.
 *
 *   npm run bench:answers [-- --verbose [--half dev]] [-- --new-only] [-- --set NAME [--probes]]
 *   npm run bench:answers -- --help
 *
 * --verbose lists each question that missed, with its answer and sources (with --half dev, the
 * multi-dialect set's and emanual-tv's dev-half misses alone: the test halves' are not read while
 * tuning; an emanual-tv miss names its gold sections and marks the cited sources with *), and for
 * each missing key string where it was (miss-class.ts) and where its gold passage ranks in the
 * answerer's first search asked for 40 results;
 * --new-only runs the new answerer alone and prints its figures with the dev and test halves apart, without writing
 * docs/benchmarks.md (for iterating on the answerer); --set NAME runs one set alone and prints its
 * figures: `docs`, `emanual`, `dialects` (the five corpora, whose section of docs/benchmarks.md it
 * writes unless --new-only is given) or one corpus's name (`rclone`, `pnpm`, `traefik`, `pytest`,
 * `asciidoctor`), or `versions` (one docs site in three versions, each question asked of each
 * version with and without `version`; writes its section unless --new-only is given). --probes
 * with a corpus's name asks its probe questions (`probes/NAME.json`, never scored or written) instead
 * of its set, all as dev questions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExtractiveAnswerer, type Answerer } from '@docqa/answering';
import { DEMO_EXAMPLES } from '@docqa/api-server';
import { emanual, indexDocs, type EvalDoc } from '../eval-data';
import { reportBenchSection } from '../write-section';
import { runBench } from '../run-bench';
import { docsCorpus, docsQuestions, runDocsSet, type DocsFigures } from './docqa-docs-set';
import { runEmanual, type EmanualFigures } from './emanual-set';
import { OldExtractiveAnswerer } from './old-extractive-answerer';
import { corpusNames, type Half } from './dialect-corpora';
import { corpusSummary, dialectSection, runCorpus, type CorpusRun } from './dialect-report';
import { runVersionsSet, versionsSection } from './versions-set';
import { benchFlags } from '../bench-flags';

const TOP_K = 6;
/** How to run the bench (the corpora are listed from the repository's root, where it runs). */
const usage = () =>
  'npm run bench:answers [-- --verbose [--half dev|test]] [-- --new-only] [-- --set NAME [--probes]]\n' +
  `  --set NAME: docs, emanual, dialects, versions, or one corpus (${corpusNames().join(', ')})`;
const options = benchFlags(
  {
    verbose: { type: 'boolean', default: false },
    'new-only': { type: 'boolean', default: false },
    set: { type: 'string' },
    half: { type: 'string' },
    probes: { type: 'boolean', default: false },
  },
  usage,
);
const verbose = options.verbose;
const newOnly = options['new-only'];
/** `--probes`: a corpus's probe questions instead of its set (see `PROBES_DIR`). */
const probes = options.probes;
/** The halves whose misses `--verbose` lists (`--half dev` or `--half test`; both by default). */
const missHalves = (options.half ? [options.half] : ['dev', 'test']) as Half[];
if (!missHalves.every((half) => half === 'dev' || half === 'test')) {
  console.error(`--half: "dev" or "test", not ${JSON.stringify(options.half)}`);
  process.exit(2);
}
/** The set named by `--set NAME`, if any. */
const onlySet = options.set;

/** Indexes a corpus into a fresh store and runs `run` with the old and the new answerer. */
async function sideBySide<T>(
  name: string,
  docs: EvalDoc[],
  run: (answerer: Answerer) => Promise<T>,
): Promise<{ old: T; new: T }> {
  const dir = mkdtempSync(join(tmpdir(), `docqa-bench-answers-${name}-`));
  try {
    const { retrieval, store } = await indexDocs(dir, docs);
    const fresh = await run(new ExtractiveAnswerer(retrieval, { topK: TOP_K }));
    const old = newOnly ? fresh : await run(new OldExtractiveAnswerer(retrieval, { topK: TOP_K }));
    await store.close();
    return { old, new: fresh };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pct = (x: number, n: number) => `${((100 * x) / n).toFixed(1)} %`;

function docsRows(f: { old: DocsFigures; new: DocsFigures }): string[] {
  const row = (label: string, get: (d: DocsFigures) => string, target: string) =>
    `| ${label} | ${get(f.old)} | **${get(f.new)}** | ${target} |`;
  return [
    row(
      'answers holding every required string',
      (d) => `${pct(d.allRequired, d.covered)} (${d.allRequired}/${d.covered})`,
      '≥ 85 %',
    ),
    row(
      'gold document cited',
      (d) => `${pct(d.goldCited, d.covered)} (${d.goldCited}/${d.covered})`,
      '≥ 90 %',
    ),
    row(
      'uncovered questions refused',
      (d) => `${d.refused}/${d.uncovered}`,
      `${f.new.uncovered}/${f.new.uncovered}`,
    ),
    row('covered questions wrongly refused', (d) => `${d.wronglyRefused}`, '0'),
    row('answer length, median words', (d) => `${d.medianWords}`, '≤ 250'),
    row(
      'presentation faults (raw table row, dangling ":", repeated sentence, bad [n])',
      (d) => `${d.issues}`,
      '0',
    ),
  ];
}

function emanualRows(f: { old: EmanualFigures; new: EmanualFigures }): string[] {
  const row = (label: string, get: (e: EmanualFigures) => string, target: string) =>
    `| ${label} | ${get(f.old)} | **${get(f.new)}** | ${target} |`;
  return [
    row('token recall of the gold answer', (e) => e.recall.toFixed(3), '≥ 0.65'),
    row(
      'gold section cited',
      (e) => `${pct(e.goldCited, e.questions)} (${e.goldCited}/${e.questions})`,
      '≥ 86 %',
    ),
    row(
      'gold section cited, test half (not tuned on)',
      (e) => `${pct(e.testGoldCited, e.testQuestions)} (${e.testGoldCited}/${e.testQuestions})`,
      '≥ 86 %',
    ),
    row('gold section among the sources', (e) => pct(e.goldRetrieved, e.questions), ''),
    row('answer length, median words', (e) => `${e.medianWords}`, '≤ 150'),
    row('answered "not covered"', (e) => pct(e.notFound, e.questions), ''),
    row('presentation faults', (e) => `${e.issues}`, ''),
    row('answers per second (one process, no streaming delay)', (e) => e.perSecond.toFixed(1), ''),
  ];
}

/** docqa's own docs with both answerers; the demo page's examples must be among its questions. */
async function docsSet() {
  const questions = docsQuestions();
  const demo = questions.filter((q) => q.demo).map((q) => q.question);
  if (JSON.stringify(demo) !== JSON.stringify(DEMO_EXAMPLES))
    throw new Error(
      `the demo page's examples ${JSON.stringify(DEMO_EXAMPLES)} are not the set's demo questions`,
    );
  const docs = await sideBySide('docs', await docsCorpus('http://localhost:3000/docs/'), (a) =>
    runDocsSet(a, questions),
  );
  if (verbose) for (const failure of docs.new.failures) console.error(`  ${failure}`);
  return { questions, docs };
}

async function emanualSet() {
  const data = emanual();
  const titles = new Map(data.docs.map((d) => [d.id, d.title]));
  const manual = await sideBySide('emanual', data.docs, (a) => runEmanual(a, data.queries, titles));
  if (verbose)
    for (const miss of manual.new.misses)
      if (missHalves.includes(miss.half)) console.error(`  emanual-tv (${miss.half}) ${miss.report}`);
  return { data, manual };
}

/** The multi-dialect set: the corpora named (all by default), one after another. */
async function dialectSet(names = corpusNames()): Promise<CorpusRun[]> {
  const runs: CorpusRun[] = [];
  for (const name of names) {
    const run = await runCorpus(name, TOP_K, probes);
    if (verbose) for (const failure of run.failures) console.error(`  ${name} not ingested: ${failure}`);
    if (verbose)
      for (const half of missHalves)
        for (const miss of run.halves[half].misses) console.error(`  ${name} ${miss}`);
    runs.push(run);
  }
  return runs;
}

const ratio = (x: number, n: number) => `${pct(x, n)} (${x}/${n})`;

function docsLine(d: DocsFigures): string {
  return `docs: every required string ${ratio(d.allRequired, d.covered)}, gold document ${ratio(d.goldCited, d.covered)}, refused ${d.refused}/${d.uncovered}, wrongly refused ${d.wronglyRefused}, median ${d.medianWords} words, faults ${d.issues}`;
}

function emanualLine(e: EmanualFigures): string {
  return `emanual-tv: gold section ${ratio(e.goldCited, e.questions)} (dev ${ratio(e.goldCited - e.testGoldCited, e.questions - e.testQuestions)}, test ${ratio(e.testGoldCited, e.testQuestions)}), recall ${e.recall.toFixed(3)}, median ${e.medianWords} words, faults ${e.issues}, ${e.perSecond.toFixed(1)} answers/s`;
}

/** Prints the multi-dialect set's figures and writes them as their section of docs/benchmarks.md. */
function reportDialects(runs: CorpusRun[]): void {
  reportBenchSection('Answers on five docs sites', 'npm run bench:answers', dialectSection(runs, TOP_K));
}

/** The versioned set (pnpm 9.x, 10.x, 11.x): printed, and written as its section unless --new-only. */
async function versionsSet(): Promise<void> {
  const load = `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
  const run = await runVersionsSet(TOP_K);
  if (verbose) for (const miss of run.withVersion.misses) console.error(`  ${miss}`);
  for (const failure of run.failures) console.error(`  not ingested: ${failure}`);
  const section = versionsSection(run, TOP_K, load);
  if (newOnly) console.log(section);
  else
    reportBenchSection(
      'Answers for the right docs version',
      'npm run bench:answers -- --set versions',
      section,
    );
}

/** `--set NAME`: one set alone, its figures printed (the whole multi-dialect set's also written). */
async function oneSet(name: string): Promise<void> {
  if (name === 'versions') await versionsSet();
  else if (name === 'docs') console.log(docsLine((await docsSet()).docs.new));
  else if (name === 'emanual') console.log(emanualLine((await emanualSet()).manual.new));
  else if (name === 'dialects' && !newOnly && !probes) reportDialects(await dialectSet());
  else if (name === 'dialects' || corpusNames().includes(name))
    for (const run of await dialectSet(name === 'dialects' ? undefined : [name]))
      console.log(corpusSummary(run));
  else
    throw new Error(
      `--set ${name}: no such set (docs, emanual, dialects, versions, ${corpusNames().join(', ')})`,
    );
}

async function main(): Promise<void> {
  if (onlySet) return oneSet(onlySet);
  const { questions, docs } = await docsSet();
  const { data, manual } = await emanualSet();
  const runs = await dialectSet();
  if (newOnly) {
    console.log([docsLine(docs.new), emanualLine(manual.new), ...runs.map(corpusSummary)].join('\n'));
    return;
  }
  const text = [
    `Old: the extractive answerer before this change (best sentences stitched into one paragraph, one source per chunk; kept in \`tools/bench/answers/old-extractive-answerer.ts\`). New: the section-aware answerer of \`libs/answering\`. Both on the same index (the structure-keeping chunker, chunks of 1,200 characters), hybrid retrieval of ${TOP_K} passages, embedded store, local embeddings. Run on ${new Date().toISOString().slice(0, 10)}; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores (answers per second are not comparable between columns on a busy machine). The old answerer keeps its own word matching.`,
    '',
    `docqa's own \`docs/\` (${questions.length} questions of \`tools/bench/answers/docqa-docs-questions.json\`: how-do-I, what-is, which, troubleshooting, follow-ups, ${docs.new.uncovered} the docs do not cover; the demo page's examples are among them):`,
    '',
    '| measure | old | new | target |',
    '|---|---|---|---|',
    ...docsRows(docs),
    '',
    `emanual-tv (${data.queries.length} title-linked questions; the answerer's constants were tuned on the dev half only, ${data.queries.length - manual.new.testQuestions} questions, and the test half is reported apart: the halves split the questions by their gold sections, so paraphrases of one question stay in one half):`,
    '',
    '| measure | old | new | target |',
    '|---|---|---|---|',
    ...emanualRows(manual),
  ].join('\n');
  reportBenchSection('Answer quality', 'npm run bench:answers', text);
  reportDialects(runs);
  await versionsSet();
}

runBench(main);
