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
import { DEFAULT_PARSE_LIMITS } from '@docqa/sources';
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

  beforeAll(() => {
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
  ) {
    worker = createIngestWorker({
      connection: bullConnection(target, 'blocking', 'test-ingest-worker'),
      prefix: keys.queuePrefix(),
      ingestor: {
        ingest: (job, _progress, unreadable = []) => ingest(job, unreadable),
        reindex: (job) => reindex(job),
      },
      uploads: new UploadStore({ dir, tenantBytes: 1e9, totalBytes: 1e9 }),
      logger: pino({ level: 'silent' }),
      lockMs: 5000,
      parseLimits: DEFAULT_PARSE_LIMITS,
    });
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
