import pino from 'pino';
import type { DocumentRecord, IngestJob } from '@docqa/contracts';
import { type Embedder, LocalEmbedder } from '@docqa/embedders';
import type { EmbeddedChunk, UpkeepOptions, UpkeepReport } from '@docqa/retrieval';
import { Ingestor } from '../ingestor';

/** What the ingestor uses of the vector store and of the document records. */
type IngestorStore = ConstructorParameters<typeof Ingestor>[0]['store'];
type IngestorDocuments = ConstructorParameters<typeof Ingestor>[0]['documents'];

const unexpected = async () => Promise.reject(new Error('not expected in this test'));

/** A store that records each write; `failNext` makes the next write throw. */
export class RecordingStore implements IngestorStore {
  readonly writes: { ids: string[]; chunks: EmbeddedChunk[] }[] = [];
  failNext = false;
  optimized = 0;
  /** Whether each upkeep came at the end of a burst. */
  readonly endsOfBurst: (boolean | undefined)[] = [];
  failOptimize = false;
  /** Rows of the table (each chunk written adds one), as an upkeep reports them. */
  tableRows = 0;
  /** Set: each upkeep ends only once it settles. */
  hold: Promise<void> | null = null;
  /** Upkeeps started and not yet ended. */
  running = 0;
  async optimize(opts?: UpkeepOptions): Promise<UpkeepReport> {
    this.optimized++;
    this.endsOfBurst.push(opts?.endOfBurst);
    this.running++;
    await this.hold;
    this.running--;
    if (this.failOptimize) throw new Error('commit conflict');
    return { rows: this.tableRows, waitedMs: 0, trained: false, trainMs: 3, optimizeMs: 7 };
  }
  async replaceDocuments(_tenant: string, ids: string[], chunks: EmbeddedChunk[]) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('disk full');
    }
    this.writes.push({ ids, chunks });
    this.tableRows += chunks.length;
  }
  deleteDocument = unexpected;
}

/** The records and job counts a job leaves behind, and the Redis round trips it took. */
export class FakeDocuments implements IngestorDocuments {
  readonly records = new Map<string, DocumentRecord>();
  readonly calls = { findMany: 0, putMany: 0 };
  job: Record<string, unknown> = {};
  async findMany(_tenant: string, ids: string[]) {
    this.calls.findMany++;
    return ids.map((id) => this.records.get(id) ?? null);
  }
  async putMany(_tenant: string, records: DocumentRecord[]) {
    this.calls.putMany++;
    for (const record of records) this.records.set(record.id, record);
  }
  async updateJob(_id: string, patch: Record<string, unknown>) {
    this.job = { ...this.job, ...structuredClone(patch) };
  }
  get = unexpected;
  remove = unexpected;
}

export function setup(
  waitingJobs?: () => Promise<number>,
  upkeepEveryChunks?: number,
  documents = new FakeDocuments(),
  size = 1200,
  embedder: Embedder = new LocalEmbedder(),
) {
  const store = new RecordingStore();
  const ingestor = new Ingestor({
    store,
    embedder,
    documents,
    chunking: { size, overlap: 100 },
    logger: pino({ level: 'silent' }),
    waitingJobs,
    upkeepEveryChunks,
  });
  return { store, documents, ingestor };
}

/** The local embedder with documents embedded by `embedDocuments` instead. */
export function embedderWith(embedDocuments: Embedder['embedDocuments']): Embedder {
  const local = new LocalEmbedder();
  return { dimensions: local.dimensions, embedQuery: (text) => local.embedQuery(text), embedDocuments };
}

export const doc = (id: string, content: string): IngestJob['documents'][number] => ({
  id,
  title: id,
  content,
  content_type: 'text/plain',
});
