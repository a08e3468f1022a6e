import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'bullmq';
import pino from 'pino';
import type { IngestJob, ReindexJob, UploadJob } from '@docqa/contracts';
import { UploadStore } from '@docqa/ingest';
import { IngestQueue } from '@docqa/queue';
import { Keys, bullConnection, redisTarget, releaseBullConnection } from '@docqa/redis';
import { loadConfig } from '@docqa/config';
import { DEFAULT_PARSE_LIMITS, loadFileIsolated } from '@docqa/sources';
import { deletePrefix, testPrefix, testRedis, testRedisUrl } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { createIngestWorker } from './ingest-worker';

type Counts = { processed: number; skipped: number; failed: number; chunks: number };
type Unreadable = { document_id: string; message: string }[];

describe('the ingest worker on upload and reindex jobs', () => {
  const prefix = testPrefix('ingest-worker');
  const keys = new Keys(prefix);
  const target = redisTarget(loadConfig({ REDIS_URL: testRedisUrl() }));
  let redis: Redis;
  let dir: string;
  let queue: IngestQueue;
  let worker: Worker | undefined;
  let jobs = 0;

  beforeAll(async () => {
    // Under test, files are parsed on this thread (no built parse thread): loading the parsers
    // through jest's transform blocks it for seconds on a busy machine, longer than the lock and
    // command times below, so they are loaded before any Redis command or job is pending.
    await loadFileIsolated('warm-up.pdf', new TextEncoder().encode('not a PDF')).catch(() => null);
    await loadFileIsolated('warm-up.md', new TextEncoder().encode('# Warm-up'));
    redis = testRedis();
    dir = mkdtempSync(join(tmpdir(), 'docqa-ingest-worker-'));
    queue = new IngestQueue({
      connection: bullConnection(target, 'command', 'test-ingest-queue'),
      prefix: keys.queuePrefix(),
      attempts: 2,
    });
  });
  afterEach(async () => {
    await worker?.close();
    if (worker) await releaseBullConnection(worker.opts.connection);
    worker = undefined;
  });
  afterAll(async () => {
    await queue.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Stores files as the API does and queues their job. */
  async function queueUpload(files: Record<string, string>): Promise<UploadJob> {
    const jobId = `j_upload${++jobs}`;
    const folder = `acme/${jobId}.1`;
    mkdirSync(join(dir, folder), { recursive: true });
    const stored = Object.entries(files).map(([name, text], i) => {
      writeFileSync(join(dir, folder, String(i)), text);
      return { name, path: `${folder}/${i}`, bytes: text.length };
    });
    const job: UploadJob = { job_id: jobId, tenant: 'acme', files: stored, metadata: { team: 'docs' } };
    await queue.enqueueUpload(job);
    return job;
  }
  function startWorker(
    ingest: (job: IngestJob, unreadable: Unreadable) => Promise<Counts>,
    reindex: (job: ReindexJob) => Promise<Counts> = () => Promise.reject(new Error('not expected')),
    lockMs = 5000,
  ): Worker {
    worker = createIngestWorker({
      connection: bullConnection(target, 'blocking', 'test-ingest-worker'),
      prefix: keys.queuePrefix(),
      ingestor: {
        ingest: (job, _progress, unreadable = []) => ingest(job, unreadable),
        reindex: (job) => reindex(job),
      },
      uploads: new UploadStore({ dir, tenantBytes: 1e9, totalBytes: 1e9 }),
      logger: pino({ level: 'silent' }),
      lockMs,
      parseLimits: DEFAULT_PARSE_LIMITS,
    });
    return worker;
  }
  async function ended(id: string): Promise<string> {
    for (;;) {
      const state = await queue.queue.getJobState(id);
      if (state === 'completed' || state === 'failed') return state;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const counts: Counts = { processed: 1, skipped: 0, failed: 1, chunks: 1 };

  it('parses the stored files, ingests their documents, names those that give none, then removes them', async () => {
    const job = await queueUpload({ 'guide.md': '# Guide\n\nInstall it.', 'broken.pdf': 'not a PDF' });
    const calls: { job: IngestJob; unreadable: Unreadable }[] = [];
    startWorker(async (ingestJob, unreadable) => {
      calls.push({ job: ingestJob, unreadable });
      return counts;
    });
    expect(await ended(job.job_id)).toBe('completed');
    expect(calls).toEqual([
      {
        job: {
          job_id: job.job_id,
          tenant: 'acme',
          documents: [
            expect.objectContaining({ id: 'guide.md', title: 'Guide', metadata: { team: 'docs' } }),
          ],
        },
        unreadable: [{ document_id: 'broken.pdf', message: expect.any(String) }],
      },
    ]);
    expect(existsSync(join(dir, 'acme', `${job.job_id}.1`))).toBe(false);
  });

  it('keeps the files for the retry of a failed attempt, and removes them once the last one failed', async () => {
    const job = await queueUpload({ 'faq.md': '# FAQ' });
    const folder = join(dir, 'acme', `${job.job_id}.1`);
    const seen: boolean[] = [];
    startWorker(async () => {
      seen.push(existsSync(folder));
      throw new Error('the vector store is down');
    });
    expect(await ended(job.job_id)).toBe('failed');
    expect(seen).toEqual([true, true]);
    expect(existsSync(folder)).toBe(false);
  });

  it('hands a job on when its worker dies holding it, and again when the next one dies too', async () => {
    const job: IngestJob = { job_id: 'j_stalled1', tenant: 'acme', documents: [] };
    const started: number[] = [];
    let took: () => void = () => undefined;
    /** A worker whose processing never ends; `taken` resolves once it has taken the job. */
    const dying = () => {
      const taken = new Promise<void>((resolve) => (took = resolve));
      const w = startWorker(
        () => {
          started.push(started.length + 1);
          took();
          return new Promise<Counts>(() => undefined);
        },
        undefined,
        1000,
      );
      return { w, taken };
    };
    await queue.enqueue(job);
    // Each holder dies without finishing (force-closed: its lock is no longer renewed and expires).
    for (let holder = 0; holder < 2; holder++) {
      const { w, taken } = dying();
      await taken;
      await w.close(true);
      await releaseBullConnection(w.opts.connection);
    }
    const finished: IngestJob[] = [];
    startWorker(
      async (ingestJob) => {
        finished.push(ingestJob);
        return counts;
      },
      undefined,
      1000,
    );
    expect(await ended(job.job_id)).toBe('completed');
    expect(started).toEqual([1, 2]);
    expect(finished).toEqual([job]);
  });

  it('runs a re-chunking job (docqa reindex) through the reindexer, not as documents', async () => {
    const reindexed: ReindexJob[] = [];
    startWorker(
      () => Promise.reject(new Error('not documents')),
      async (job) => {
        reindexed.push(job);
        return counts;
      },
    );
    await queue.enqueueReindex({ job_id: 'j_reindex1', tenant: 'acme' });
    expect(await ended('j_reindex1')).toBe('completed');
    expect(reindexed).toEqual([{ job_id: 'j_reindex1', tenant: 'acme' }]);
  });
});
