import pino from 'pino';
import type { IngestJob } from '@docqa/contracts';
import { LocalEmbedder } from '@docqa/embedders';
import { Ingestor } from './ingestor';
import { FakeDocuments, RecordingStore, doc, setup } from './testing/ingestor-doubles';

/** Job `n` of tenant `t`: `docs` short documents, a chunk each. */
const jobOf = (n: number, docs = 10): IngestJob => ({
  job_id: `j${n}`,
  tenant: 't',
  documents: Array.from({ length: docs }, (_, i) => doc(`j${n}d${i}`, `text ${i}`)),
});

describe('Ingestor index upkeep', () => {
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

  it('runs index upkeep during a long burst once enough chunks were written since the last', async () => {
    const { store, ingestor } = setup(async () => 5, 10);
    await ingestor.ingest(jobOf(1, 9));
    expect(store.optimized).toBe(0);
    await ingestor.ingest(jobOf(2, 1));
    expect(store.optimized).toBe(1);
    await ingestor.ingest(jobOf(3, 1));
    expect(store.optimized).toBe(1);
    expect(store.endsOfBurst).toEqual([false]);
  });

  it('ends a job during a burst without waiting for the upkeep it started, and starts no second beside it', async () => {
    const { store, ingestor, documents } = setup(async () => 5, 10);
    let release!: () => void;
    store.hold = new Promise<void>((resolve) => (release = resolve));
    await ingestor.ingest(jobOf(1));
    expect(documents.job).toMatchObject({ status: 'completed', chunks: 10 });
    expect(store.running).toBe(1);
    // Past the threshold again while the first runs: its chunks wait for the next upkeep.
    await ingestor.ingest(jobOf(2));
    expect(store.optimized).toBe(1);
    release();
    await ingestor.idle();
    expect(store.running).toBe(0);
    await ingestor.ingest(jobOf(3));
    await ingestor.idle();
    expect(store.endsOfBurst).toEqual([false, false]);
  });

  it("waits at a burst's end for the upkeep under way, then brings the indexes up to date", async () => {
    let waiting = 5;
    const { store, ingestor, documents } = setup(async () => waiting, 10);
    let release!: () => void;
    store.hold = new Promise<void>((resolve) => (release = resolve));
    await ingestor.ingest(jobOf(1));
    waiting = 0;
    const last = ingestor.ingest(jobOf(2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(documents.job).not.toMatchObject({ status: 'completed' });
    expect(store.optimized).toBe(1);
    release();
    await last;
    expect(store.endsOfBurst).toEqual([false, true]);
    expect(store.running).toBe(0);
    expect(documents.job).toMatchObject({ status: 'completed' });
  });

  it('runs upkeep every given number of chunks during a burst while the table is small', async () => {
    const { store, ingestor } = setup(async () => 5, 10);
    for (let n = 0; n < 3; n++) await ingestor.ingest(jobOf(n));
    expect(store.optimized).toBe(3);
  });

  it('spaces the upkeeps of a burst by a share of the table once that share is more chunks', async () => {
    const { store, ingestor } = setup(async () => 5, 10);
    store.tableRows = 100;
    await ingestor.ingest(jobOf(1));
    expect(store.optimized).toBe(1);
    // The upkeep left 110 rows: the next comes after 55 chunks (UPKEEP_TABLE_SHARE), not 10.
    for (let n = 2; n <= 6; n++) await ingestor.ingest(jobOf(n));
    expect(store.optimized).toBe(1);
    await ingestor.ingest(jobOf(7));
    expect(store.optimized).toBe(2);
    expect(store.endsOfBurst).toEqual([false, false]);
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
});
