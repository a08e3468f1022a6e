import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExtractiveAnswerer } from '@docqa/answering';
import { IngestJobSchema, versionByPattern } from '@docqa/contracts';
import { EmbeddedStore } from '@docqa/embedded-store';
import { LocalEmbedder } from '@docqa/embedders';
import { Ingestor } from '@docqa/ingest';
import { Retrieval } from '@docqa/retrieval';
import { loadPaths, toDocumentId } from '@docqa/sources';
import { silentLogger } from '../eval-data';
import { citedDocuments, runAnswer } from './answer-run';
import { BenchRecords, CORPORA_DIR, type DialectCorpus } from './dialect-corpora';
import { declined, missingKeyStrings } from './dialect-scoring';

/** The versioned corpus: a docs site published in several versions, one folder each. */
const NAME = 'pnpm-versions';

interface VersionedCorpus extends DialectCorpus {
  /** The source version rule that finds a page's version in its path. */
  versionPattern: string;
  versions: string[];
}

interface VersionQuestion {
  id: string;
  question: string;
  /** The page that answers, as a path under each version's folder. */
  gold: string;
  /** Strings verbatim from the version's page, per version. */
  must?: Record<string, string[]>;
}

/** The figures of one way of asking: with the version (new) or without (as before versions). */
export interface VersionFigures {
  asked: number;
  /** Answers citing the gold page of the version asked. */
  rightVersion: number;
  /** Answers citing a page of another version than the one asked. */
  otherVersion: number;
  /** Answers holding the version's key strings, of those that have some. */
  mustHeld: number;
  mustAsked: number;
  declined: number;
  misses: string[];
}

/** What the versioned set measured: documents, chunks, and the figures with and without versions. */
export interface VersionsRun {
  corpus: VersionedCorpus;
  documents: number;
  chunks: number;
  failures: string[];
  withVersion: VersionFigures;
  withoutVersion: VersionFigures;
}

/**
 * The versioned set: every page of every version ingested into one tenant, each given its version
 * by the corpus's source version rule over its path (as a sync does); each question asked once per
 * version with `version` (new), and once without any (every version's pages searched, as before
 * versions existed), by the answerer of `libs/answering`.
 */
export async function runVersionsSet(topK: number): Promise<VersionsRun> {
  const dir = join(CORPORA_DIR, NAME);
  const corpus = JSON.parse(readFileSync(join(dir, 'corpus.json'), 'utf8')) as VersionedCorpus;
  const { questions } = JSON.parse(readFileSync(join(dir, 'questions.json'), 'utf8')) as {
    questions: VersionQuestion[];
  };
  const work = mkdtempSync(join(tmpdir(), 'docqa-bench-versions-'));
  try {
    const loaded = await loadPaths([join(dir, corpus.root)], { baseUrl: corpus.baseUrl });
    const documents = loaded.documents
      .filter((d) => /\.mdx?$/.test(d.id))
      .map((d) => ({ ...d, version: versionByPattern(corpus.versionPattern, d.id) }));
    const store = await EmbeddedStore.open(work);
    const embedder = new LocalEmbedder();
    const ingestor = new Ingestor({
      store,
      embedder,
      documents: new BenchRecords(),
      chunking: { size: 1200, overlap: 150 },
      logger: silentLogger,
    });
    const job = IngestJobSchema.parse({ job_id: 'bench-versions', tenant: 'eval', documents });
    const tally = await ingestor.ingest(job);
    await store.mirrorReady();
    const answerer = new ExtractiveAnswerer(new Retrieval({ store, embedder }), { topK });
    const versionOf = new Map(documents.map((d) => [d.id, d.version]));
    const figures = async (withVersion: boolean): Promise<VersionFigures> => {
      const f: VersionFigures = {
        asked: 0,
        rightVersion: 0,
        otherVersion: 0,
        mustHeld: 0,
        mustAsked: 0,
        declined: 0,
        misses: [],
      };
      for (const version of corpus.versions)
        for (const q of questions) {
          const answer = await runAnswer(answerer, q.question, [], withVersion ? version : undefined);
          const cited = citedDocuments(answer);
          const gold = toDocumentId(`${version}/${q.gold}`);
          f.asked++;
          if (declined(answer.text)) f.declined++;
          const right = cited.has(gold);
          const other = [...cited].filter(
            (id) => versionOf.get(id) !== undefined && versionOf.get(id) !== version,
          );
          if (right) f.rightVersion++;
          if (other.length) f.otherVersion++;
          const must = q.must?.[version];
          if (must) {
            f.mustAsked++;
            if (!missingKeyStrings(answer.text, must).length) f.mustHeld++;
          }
          if (!right || other.length)
            f.misses.push(`${version} ${q.id}: cited ${[...cited].join(', ') || 'nothing'}`);
        }
      return f;
    };
    const run = {
      corpus,
      documents: tally.processed,
      chunks: tally.chunks,
      failures: [
        ...loaded.failed.map((f) => `${f.source}: ${f.reason}`),
        ...tally.errors.map((e) => `${e.document_id}: ${e.message}`),
      ],
      withVersion: await figures(true),
      withoutVersion: await figures(false),
    };
    await store.close();
    return run;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const pct = (x: number, n: number) => `${((100 * x) / n).toFixed(1)} % (${x}/${n})`;

/** The set's section of docs/benchmarks.md. */
export function versionsSection(run: VersionsRun, topK: number, load: string): string {
  const row = (label: string, get: (f: VersionFigures) => string, target: string) =>
    `| ${label} | ${get(run.withoutVersion)} | **${get(run.withVersion)}** | ${target} |`;
  return [
    `\`tools/bench/answers/corpora/${NAME}/\`: ${run.corpus.subset} From ${run.corpus.repository} (${run.corpus.licence}); ${run.documents} documents, ${run.chunks} chunks, ingested in one tenant by the worker's ingestor (embedded store, local embeddings). ${run.corpus.versions.length} versions × ${run.withVersion.asked / run.corpus.versions.length} questions (\`questions.json\`: the same question asked of each version; its gold page is that version's page). Old: asked without a version, every version's pages searched (docqa before versions). New: asked with \`version\` (retrieval = that version + unversioned pages). The answerer of \`libs/answering\` (extractive, hybrid retrieval of ${topK} passages). Run on ${new Date().toISOString().slice(0, 10)}; ${load}.`,
    '',
    '| measure | old (no version) | new (with version) | target |',
    '|---|---|---|---|',
    row('answers citing the asked version’s gold page', (f) => pct(f.rightVersion, f.asked), '≥ 95 %'),
    row('answers citing another version’s page', (f) => `${f.otherVersion}`, '0'),
    row('version-specific key strings held', (f) => pct(f.mustHeld, f.mustAsked), ''),
    row('declined', (f) => `${f.declined}`, '0'),
  ].join('\n');
}
