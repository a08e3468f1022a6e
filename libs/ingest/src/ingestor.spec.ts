import pino from 'pino';
import type { DocumentRecord, IngestJob } from '@docqa/contracts';
import { type Embedder, LocalEmbedder } from '@docqa/embedders';
import type { EmbeddedChunk, UpkeepOptions, UpkeepReport } from '@docqa/retrieval';
import { createHash } from 'node:crypto';
import { Ingestor } from './ingestor';

/** What the ingestor uses of the vector store and of the document records. */
type IngestorStore = ConstructorParameters<typeof Ingestor>[0]['store'];
type IngestorDocuments = ConstructorParameters<typeof Ingestor>[0]['documents'];

const unexpected = async () => Promise.reject(new Error('not expected in this test'));

/** A store that records each write; `failNext` makes the next write throw. */
class RecordingStore implements IngestorStore {
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
class FakeDocuments implements IngestorDocuments {
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

function setup(
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
function embedderWith(embedDocuments: Embedder['embedDocuments']): Embedder {
  const local = new LocalEmbedder();
  return { dimensions: local.dimensions, embedQuery: (text) => local.embedQuery(text), embedDocuments };
}

const doc = (id: string, content: string): IngestJob['documents'][number] => ({
  id,
  title: id,
  content,
  content_type: 'text/plain',
});

describe('Ingestor', () => {
  it('gives each chunk its section: heading path, and the URL with the section anchor', async () => {
    const { store, ingestor } = setup();
    const content = '# Tokens\nIntro.\n## Revoke a token\nRun `docqa tokens revoke ID`.';
    await ingestor.ingest({
      job_id: 'j',
      tenant: 't',
      documents: [
        { ...doc('tokens.md', content), content_type: 'text/markdown', url: 'https://d.example/tokens' },
        { ...doc('plain.md', content), content_type: 'text/markdown' },
      ],
    });
    const chunks = store.writes.flatMap((w) => w.chunks);
    expect(chunks.map((c) => [c.document_id, c.heading, c.url])).toEqual([
      ['tokens.md', 'Tokens', 'https://d.example/tokens#tokens'],
      ['tokens.md', 'Tokens › Revoke a token', 'https://d.example/tokens#revoke-a-token'],
      ['plain.md', 'Tokens', null],
      ['plain.md', 'Tokens › Revoke a token', null],
    ]);
  });

  it('leaves index upkeep to the last job of a burst', async () => {
    let waiting = 2;
    const { store, documents, ingestor } = setup(async () => waiting);
    const job = (n: number): IngestJob => ({
      job_id: `j${n}`,
      tenant: 't',
      documents: [doc(`d${n}`, `text ${n}`)],
    });
    await ingestor.ingest(job(1));
    waiting = 1;
    await ingestor.ingest(job(2));
    expect(store.optimized).toBe(0);
    expect(documents.job.status).toBe('completed');
    waiting = 0;
    await ingestor.ingest(job(3));
    expect(store.optimized).toBe(1);
    expect(store.endsOfBurst).toEqual([true]);
    expect(store.writes).toHaveLength(3);
  });

  it('leaves index upkeep to the last of the jobs it runs at once, when none waits', async () => {
    const { store, ingestor } = setup(async () => 0);
    const job = (n: number, documents: number): IngestJob => ({
      job_id: `j${n}`,
      tenant: 't',
      documents: Array.from({ length: documents }, (_, i) => doc(`d${n}-${i}`, `text ${n} ${i}`)),
    });
    await Promise.all([ingestor.ingest(job(1, 1)), ingestor.ingest(job(2, 50))]);
    expect(store.optimized).toBe(1);
    expect(store.writes).toHaveLength(2);
  });

  it('runs the upkeep once when two jobs end together, the first still recording its end', async () => {
    const documents = new FakeDocuments();
    const record = documents.updateJob.bind(documents);
    let secondDone!: () => void;
    const secondEnded = new Promise<void>((resolve) => (secondDone = resolve));
    // The first job's last record waits until the second job has ended.
    documents.updateJob = async (id, patch) => {
      if (id === 'j1' && patch.status === 'completed') await secondEnded;
      await record(id, patch);
    };
    const { store, ingestor } = setup(async () => 0, undefined, documents);
    const one = (n: number): IngestJob => ({
      job_id: `j${n}`,
      tenant: 't',
      documents: [doc(`d${n}`, `text ${n}`)],
    });
    const first = ingestor.ingest(one(1));
    await ingestor.ingest(one(2)).finally(secondDone);
    await first;
    expect(store.optimized).toBe(1);
    expect(store.endsOfBurst).toEqual([true]);
  });

  it('completes a job whose index upkeep fails (its documents are written and searchable)', async () => {
    const { store, documents, ingestor } = setup();
    store.failOptimize = true;
    await ingestor.ingest({ job_id: 'j', tenant: 't', documents: [doc('a', 'alpha')] });
    expect(store.optimized).toBe(1);
    expect(documents.job).toMatchObject({ status: 'completed', processed: 1, failed: 0 });
  });

  it('writes the chunks of many small documents in one store write and reports progress per document', async () => {
    const { store, documents, ingestor } = setup();
    const progress: number[] = [];
    await ingestor.ingest(
      {
        job_id: 'j',
        tenant: 't',
        documents: [doc('a', 'alpha text'), doc('b', 'beta text'), doc('c', 'gamma')],
      },
      (done) => void progress.push(done),
    );
    expect(store.writes.map((w) => w.ids)).toEqual([['a', 'b', 'c']]);
    expect(progress).toEqual([1, 2, 3]);
    expect(documents.job).toMatchObject({ status: 'completed', processed: 3, chunks: 3, failed: 0 });
    expect([...documents.records.keys()]).toEqual(['a', 'b', 'c']);
  });

  it('embeds the chunks of many small documents together, each chunk with the vector of its own text', async () => {
    const local = new LocalEmbedder();
    const calls: number[] = [];
    const counting = embedderWith(async (texts) => {
      calls.push(texts.length);
      return local.embedDocuments(texts);
    });
    const { store, documents, ingestor } = setup(undefined, undefined, undefined, undefined, counting);
    const many = Array.from({ length: 300 }, (_, i) => doc(`d${i}`, `text number ${i}`));
    await ingestor.ingest({ job_id: 'j', tenant: 't', documents: many });
    expect(calls).toEqual([128, 128, 44]);
    expect(documents.job).toMatchObject({ status: 'completed', processed: 300, chunks: 300 });
    const chunks = store.writes.flatMap((w) => w.chunks);
    expect(chunks.map((c) => c.document_id)).toEqual(many.map((d) => d.id));
    for (const chunk of chunks) expect(chunk.vector).toEqual(local.embed(`${chunk.title}\n${chunk.text}`));
  });

  it('fails only the document whose text the embedder refuses, and embeds the others', async () => {
    const refusing = embedderWith(async (texts) => {
      if (texts.some((text) => text.includes('too long'))) throw new Error('input too long for the model');
      return new LocalEmbedder().embedDocuments(texts);
    });
    const { store, documents, ingestor } = setup(undefined, undefined, undefined, undefined, refusing);
    const progress: number[] = [];
    await ingestor.ingest(
      {
        job_id: 'j',
        tenant: 't',
        documents: [doc('a', 'alpha'), doc('b', 'this one is too long'), doc('c', 'gamma')],
      },
      (done) => void progress.push(done),
    );
    expect(store.writes.map((w) => w.ids)).toEqual([['a', 'c']]);
    expect(progress).toEqual([1, 2, 3]);
    expect(documents.job).toMatchObject({
      status: 'completed',
      processed: 2,
      failed: 1,
      errors: [{ document_id: 'b', message: 'input too long for the model' }],
    });
  });

  it('writes a document given twice in one job in order, so the second replaces the first', async () => {
    const { store, ingestor } = setup();
    await ingestor.ingest({ job_id: 'j', tenant: 't', documents: [doc('a', 'first'), doc('a', 'second')] });
    expect(store.writes.map((w) => [w.ids, w.chunks.map((c) => c.text)])).toEqual([
      [['a'], ['first']],
      [['a'], ['second']],
    ]);
  });

  it('reports every document of a failed write and records none of them', async () => {
    const { store, documents, ingestor } = setup();
    store.failNext = true;
    await ingestor.ingest({ job_id: 'j', tenant: 't', documents: [doc('a', 'alpha'), doc('b', 'beta')] });
    expect(documents.job).toMatchObject({
      status: 'failed',
      processed: 0,
      failed: 2,
      errors: [
        { document_id: 'a', message: 'disk full' },
        { document_id: 'b', message: 'disk full' },
      ],
    });
    expect(documents.records.size).toBe(0);
  });

  it("looks up a job's records in one round trip and records each written batch in one", async () => {
    const { store, documents, ingestor } = setup();
    const many = Array.from({ length: 50 }, (_, i) => doc(`d${i}`, `text ${i}`));
    await ingestor.ingest({ job_id: 'j', tenant: 't', documents: many });
    expect(documents.calls).toEqual({ findMany: 1, putMany: store.writes.length });
    expect(store.writes).toHaveLength(1);
    expect(documents.records.size).toBe(50);
  });

  it('skips a document given twice with the same content, and keeps created_at on re-ingest', async () => {
    const { store, documents, ingestor } = setup();
    await ingestor.ingest({ job_id: 'j1', tenant: 't', documents: [doc('a', 'alpha'), doc('a', 'alpha')] });
    expect(store.writes.map((w) => w.ids)).toEqual([['a']]);
    expect(documents.job).toMatchObject({ processed: 2, skipped: 1, chunks: 1 });
    const created = documents.records.get('a')!.created_at;
    await ingestor.ingest({
      job_id: 'j2',
      tenant: 't',
      documents: [doc('a', 'alpha'), doc('b', 'beta'), doc('a', 'changed')],
    });
    expect(store.writes.slice(1).map((w) => [w.ids, w.chunks.map((c) => c.text)])).toEqual([
      [
        ['b', 'a'],
        ['beta', 'changed'],
      ],
    ]);
    expect(documents.job).toMatchObject({ processed: 3, skipped: 1, chunks: 2 });
    expect(documents.records.get('a')).toMatchObject({ created_at: created, chunks: 1 });
  });

  it('runs index upkeep during a long burst once enough chunks were written since the last', async () => {
    const { store, ingestor } = setup(async () => 5, 10);
    const job = (n: number, docs: number): IngestJob => ({
      job_id: `j${n}`,
      tenant: 't',
      documents: Array.from({ length: docs }, (_, i) => doc(`j${n}d${i}`, `text ${i}`)),
    });
    await ingestor.ingest(job(1, 9));
    expect(store.optimized).toBe(0);
    await ingestor.ingest(job(2, 1));
    expect(store.optimized).toBe(1);
    await ingestor.ingest(job(3, 1));
    expect(store.optimized).toBe(1);
    expect(store.endsOfBurst).toEqual([false]);
  });

  it('ends a job during a burst without waiting for the upkeep it started, and starts no second beside it', async () => {
    const { store, ingestor, documents } = setup(async () => 5, 10);
    let release!: () => void;
    store.hold = new Promise<void>((resolve) => (release = resolve));
    const job = (n: number): IngestJob => ({
      job_id: `j${n}`,
      tenant: 't',
      documents: Array.from({ length: 10 }, (_, i) => doc(`j${n}d${i}`, `text ${i}`)),
    });
    await ingestor.ingest(job(1));
    expect(documents.job).toMatchObject({ status: 'completed', chunks: 10 });
    expect(store.running).toBe(1);
    // Past the threshold again while the first runs: its chunks wait for the next upkeep.
    await ingestor.ingest(job(2));
    expect(store.optimized).toBe(1);
    release();
    await ingestor.idle();
    expect(store.running).toBe(0);
    await ingestor.ingest(job(3));
    await ingestor.idle();
    expect(store.endsOfBurst).toEqual([false, false]);
  });

  it("waits at a burst's end for the upkeep under way, then brings the indexes up to date", async () => {
    let waiting = 5;
    const { store, ingestor, documents } = setup(async () => waiting, 10);
    let release!: () => void;
    store.hold = new Promise<void>((resolve) => (release = resolve));
    const job = (n: number): IngestJob => ({
      job_id: `j${n}`,
      tenant: 't',
      documents: Array.from({ length: 10 }, (_, i) => doc(`j${n}d${i}`, `text ${i}`)),
    });
    await ingestor.ingest(job(1));
    waiting = 0;
    const last = ingestor.ingest(job(2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(documents.job).not.toMatchObject({ status: 'completed' });
    expect(store.optimized).toBe(1);
    release();
    await last;
    expect(store.endsOfBurst).toEqual([false, true]);
    expect(store.running).toBe(0);
    expect(documents.job).toMatchObject({ status: 'completed' });
  });

  it('runs upkeep every given number of chunks during a burst, whatever the table holds', async () => {
    const { store, ingestor } = setup(async () => 5, 10);
    const job = (n: number): IngestJob => ({
      job_id: `j${n}`,
      tenant: 't',
      documents: Array.from({ length: 10 }, (_, i) => doc(`j${n}d${i}`, `text ${i}`)),
    });
    for (let n = 0; n < 3; n++) await ingestor.ingest(job(n));
    expect(store.optimized).toBe(3);
  });

  it('logs each index upkeep with its time, the chunks written before it and whether a burst ended', async () => {
    const lines: { msg: string; ms: number; chunks: number; endOfBurst: boolean }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const store = new RecordingStore();
    const ingestor = new Ingestor({
      store,
      embedder: new LocalEmbedder(),
      documents: new FakeDocuments(),
      chunking: { size: 1200, overlap: 100 },
      logger,
      waitingJobs: async () => 0,
    });
    await ingestor.ingest({ job_id: 'j', tenant: 't', documents: [doc('a', 'alpha'), doc('b', 'beta')] });
    const upkeeps = lines.filter((line) => line.msg === 'index upkeep done');
    expect(upkeeps).toEqual([
      expect.objectContaining({ chunks: 2, endOfBurst: true, rows: 2, trainMs: 3, optimizeMs: 7 }),
    ]);
    expect(upkeeps[0]!.ms).toBeGreaterThanOrEqual(0);
    // Where the job's time went: waiting for embeddings, writing to the store, recording.
    expect(upkeeps[0]).toEqual(
      expect.objectContaining({
        embedMs: expect.any(Number),
        writeMs: expect.any(Number),
        recordMs: expect.any(Number),
      }),
    );
  });

  it('skips a document whose content did not change', async () => {
    const { store, documents, ingestor } = setup();
    await ingestor.ingest({ job_id: 'j1', tenant: 't', documents: [doc('a', 'alpha')] });
    await ingestor.ingest({ job_id: 'j2', tenant: 't', documents: [doc('a', 'alpha')] });
    expect(store.writes).toHaveLength(1);
    expect(documents.job).toMatchObject({ processed: 1, skipped: 1, chunks: 0 });
  });

  it('chunks an unchanged document again, once, when an older chunker indexed it', async () => {
    const documents = new FakeDocuments();
    // The record as the ingestor before chunking versions left it: a hash of the content alone.
    const before = JSON.stringify(['a', null, 'text/plain', 'alpha', {}]);
    documents.records.set('a', {
      id: 'a',
      title: 'a',
      url: null,
      content_type: 'text/plain',
      metadata: {},
      hash: createHash('sha256').update(before).digest('hex'),
      chunks: 1,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const { store, ingestor } = setup(undefined, undefined, documents);
    await ingestor.ingest({ job_id: 'j1', tenant: 't', documents: [doc('a', 'alpha')] });
    expect(store.writes).toHaveLength(1);
    expect(documents.records.get('a')!.created_at).toBe('2026-01-01T00:00:00.000Z');
    await ingestor.ingest({ job_id: 'j2', tenant: 't', documents: [doc('a', 'alpha')] });
    expect(store.writes).toHaveLength(1);
  });

  it('chunks an unchanged document again when the chunk size changes', async () => {
    const documents = new FakeDocuments();
    await setup(undefined, undefined, documents).ingestor.ingest({
      job_id: 'j1',
      tenant: 't',
      documents: [doc('a', 'alpha')],
    });
    const { store, ingestor } = setup(undefined, undefined, documents, 800);
    await ingestor.ingest({ job_id: 'j2', tenant: 't', documents: [doc('a', 'alpha')] });
    expect(store.writes).toHaveLength(1);
    expect(documents.job).toMatchObject({ processed: 1, skipped: 0 });
  });
});

describe('Ingestor links', () => {
  it('makes a document’s relative links absolute against its URL, so a quote’s links work anywhere', async () => {
    const { store, ingestor } = setup();
    const content =
      '# Setup\n\nSee [install](../install.md#linux), [top](#setup) and [site](https://x.example/).';
    await ingestor.ingest({
      job_id: 'j',
      tenant: 't',
      documents: [
        {
          id: 'a',
          title: 'A',
          content,
          content_type: 'text/markdown',
          url: 'https://docs.example/guide/setup',
        },
        { id: 'b', title: 'B', content, content_type: 'text/markdown' },
      ],
    });
    const texts = store.writes.flatMap((w) => w.chunks).map((c) => c.text);
    expect(texts[0]).toContain(
      '[install](https://docs.example/install.md#linux), [top](https://docs.example/guide/setup#setup) and [site](https://x.example/)',
    );
    expect(texts[1]).toContain('[install](../install.md#linux), [top](#setup)');
  });
});
