import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  type DocumentRecord,
  IngestJobSchema,
  type MarkdownDialect,
  type PageUrlStyle,
} from '@docqa/contracts';
import { Ingestor } from '@docqa/ingest';
import { EmbeddedStore } from '@docqa/embedded-store';
import { LocalEmbedder } from '@docqa/embedders';
import { Retrieval } from '@docqa/retrieval';
import { loadPaths } from '@docqa/sources';
import { silentLogger } from '../eval-data';

/** Where the corpora live: one folder each, with its `corpus.json` and `questions.json`. */
export const CORPORA_DIR = join(process.cwd(), 'tools/bench/answers/corpora');

/** A public docs site committed as its generator's sources (`corpora/NAME/corpus.json`). */
export interface DialectCorpus {
  name: string;
  repository: string;
  commit: string;
  licence: string;
  licenceFile: string;
  generator: string;
  /**
   * The folder under the corpus's folder that is ingested (the generator's content root); an
   * absolute path for a corpus that is not committed (see `tools/bench/outside`).
   */
  root: string;
  /** `docqa ingest ROOT --dialect DIALECT`. @defaultValue found per folder, as without the flag */
  dialect?: MarkdownDialect;
  /**
   * `docqa ingest ROOT --page-urls STYLE`: the URL style of the published site where the
   * generator's setting is elsewhere (docs.asciidoctor.org's playbook: `folder`, `indexify`).
   * @defaultValue the generator's own, as without the flag
   */
  pageUrls?: PageUrlStyle;
  /** Where the site is published: `docqa ingest ROOT --base-url BASE_URL`. */
  baseUrl: string;
  /** The folder of the repository the pages come from. */
  source: string;
  /** How the pages were chosen. */
  subset: string;
}

/** A question of a corpus's set (`corpora/NAME/questions.json`). */
export interface DialectQuestion {
  id: string;
  question: string;
  /** Pages that answer it, as paths under the corpus's root (document ids); any one cited counts. */
  gold?: string[];
  /** Strings a good answer holds, verbatim from the gold page (matched ignoring case). */
  must?: string[];
  /** The id of the question this one follows up in the same chat. */
  follows?: string;
  /** false: the corpus does not cover it and the answer must say so. */
  covered?: boolean;
}

/** A question with the half it belongs to. */
export type HalvedQuestion = DialectQuestion & { half: Half };

/** `dev`: tuned on; `test`: reported, never tuned on. */
export type Half = 'dev' | 'test';

/** The corpora's names, in the order reported (not the versioned corpus: see `versions-set.ts`). */
export function corpusNames(): string[] {
  return readdirSync(CORPORA_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .filter(
      (name) => !('versions' in JSON.parse(readFileSync(join(CORPORA_DIR, name, 'corpus.json'), 'utf8'))),
    )
    .sort();
}

/**
 * Probe questions of a corpus (`probes/NAME.json`, same shape as its `questions.json`): written
 * while tuning to find a class of miss on pages the scored set does not ask about; never scored.
 */
export const PROBES_DIR = join(process.cwd(), 'tools/bench/answers/probes');

/**
 * A corpus's description and its questions, each with its half; with `probes`, its probe questions
 * instead (see {@link PROBES_DIR}), all in the dev half.
 */
export function readCorpus(
  name: string,
  probes = false,
): { corpus: DialectCorpus; questions: HalvedQuestion[] } {
  const dir = join(CORPORA_DIR, name);
  const corpus = JSON.parse(readFileSync(join(dir, 'corpus.json'), 'utf8')) as DialectCorpus;
  const file = probes ? join(PROBES_DIR, `${name}.json`) : join(dir, 'questions.json');
  const { questions } = JSON.parse(readFileSync(file, 'utf8')) as { questions: DialectQuestion[] };
  return {
    corpus,
    questions: probes ? questions.map((q) => ({ ...q, half: 'dev' as const })) : withHalves(questions),
  };
}

/**
 * Splits a corpus's questions into halves by a fixed rule: covered questions alternate dev, test,
 * dev… in file order, and so do uncovered ones (counted apart, so each half has both kinds); a
 * follow-up goes with the question it follows.
 */
export function withHalves(questions: DialectQuestion[]): HalvedQuestion[] {
  const counts = { covered: 0, uncovered: 0 };
  const halves = new Map<string, Half>();
  return questions.map((q) => {
    let half: Half;
    if (q.follows) {
      const first = halves.get(q.follows);
      if (!first) throw new Error(`${q.id} follows ${q.follows}, which is not before it`);
      half = first;
    } else {
      const kind = q.covered === false ? 'uncovered' : 'covered';
      half = counts[kind]++ % 2 ? 'test' : 'dev';
    }
    halves.set(q.id, half);
    return { ...q, half };
  });
}

/** The folder of a corpus that is ingested: its root under its folder here, or an absolute root. */
export const corpusRoot = (corpus: DialectCorpus): string => resolve(CORPORA_DIR, corpus.name, corpus.root);

/** What the ingestor uses of the document records. */
type IngestorRecords = ConstructorParameters<typeof Ingestor>[0]['documents'];

/** The records the ingestor keeps of each document, in memory (the API keeps them in Redis). */
export class BenchRecords implements IngestorRecords {
  private readonly records = new Map<string, DocumentRecord>();
  async findMany(_tenant: string, ids: string[]) {
    return ids.map((id) => this.records.get(id) ?? null);
  }
  async putMany(_tenant: string, records: DocumentRecord[]) {
    for (const record of records) this.records.set(record.id, record);
  }
  async updateJob() {}
  async get(_tenant: string, id: string): Promise<DocumentRecord> {
    const record = this.records.get(id);
    if (!record) throw new Error(`no document ${id}`);
    return record;
  }
  async remove(_tenant: string, id: string) {
    this.records.delete(id);
  }
}

/** What ingesting a corpus gave: its search, and what was loaded and left out. */
export interface IngestedCorpus {
  retrieval: Retrieval;
  store: EmbeddedStore;
  documents: number;
  chunks: number;
  /** Files under the corpus's root: those not among the documents were left out or failed. */
  files: number;
  /** Files that failed to load or to ingest, each with why. */
  failures: string[];
  /** The docs versions of the documents loaded (a Mintlify site's navigation gives them). */
  versions: string[];
}

/**
 * Ingests a corpus into a fresh embedded store under `dir` the way `docqa ingest ROOT --base-url
 * BASE_URL [--dialect DIALECT] [--page-urls STYLE]` does: the file loaders read the folder, the documents pass the
 * API's job schema, and the worker's ingestor chunks, embeds and writes them (chunks of 1,200
 * characters, the default).
 */
export async function ingestCorpus(
  dir: string,
  corpus: DialectCorpus,
  tenant = 'eval',
): Promise<IngestedCorpus> {
  const root = corpusRoot(corpus);
  const { baseUrl, dialect, pageUrls } = corpus;
  const loaded = await loadPaths([root], { baseUrl, dialect, pageUrls });
  const store = await EmbeddedStore.open(dir);
  const embedder = new LocalEmbedder();
  const ingestor = new Ingestor({
    store,
    embedder,
    documents: new BenchRecords(),
    chunking: { size: 1200, overlap: 150 },
    logger: silentLogger,
  });
  const job = IngestJobSchema.parse({ job_id: `bench-${corpus.name}`, tenant, documents: loaded.documents });
  const tally = await ingestor.ingest(job);
  await store.mirrorReady();
  return {
    retrieval: new Retrieval({ store, embedder }),
    store,
    documents: tally.processed,
    chunks: tally.chunks,
    files: readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length,
    failures: [
      ...[...loaded.skipped, ...loaded.failed].map((f) => `${f.source}: ${f.reason}`),
      ...tally.errors.map((e) => `${e.document_id}: ${e.message}`),
    ],
    versions: [...new Set(loaded.documents.flatMap((d) => d.metadata?.version ?? []))].map(String),
  };
}
