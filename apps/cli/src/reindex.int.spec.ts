import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_NAMES, type DocumentRecord } from '@docqa/contracts';
import { CHUNKING_VERSION, DocumentStore } from '@docqa/ingest';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis, testRedisUrl } from '@docqa/testing';

const root = join(__dirname, '../../..');
const prefix = testPrefix('cli-reindex');

function docqa(...args: string[]) {
  const result = spawnSync(process.execPath, [join(root, 'dist/apps/cli/main.js'), ...args], {
    env: { ...process.env, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function record(id: string, chunking?: number): DocumentRecord {
  const at = new Date(0).toISOString();
  return {
    ...{ id, title: id, url: null, content_type: 'text/markdown', metadata: {}, hash: 'h', chunks: 1 },
    ...(chunking === undefined ? {} : { chunking }),
    ...{ created_at: at, updated_at: at },
  };
}

describe('docqa reindex', () => {
  let redis: Redis;
  let queue: Queue;
  const keys = new Keys(prefix);

  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'cli', '--quiet'], {
      cwd: root,
    });
    redis = testRedis();
    queue = new Queue(QUEUE_NAMES.ingest, { connection: redis, prefix: keys.queuePrefix() });
    const documents = new DocumentStore({ redis, keys });
    await documents.putMany('acme', [
      record('old'),
      record('older', CHUNKING_VERSION - 1),
      record('new', CHUNKING_VERSION),
    ]);
    await documents.putMany('beta', [record('current', CHUNKING_VERSION)]);
  });
  afterAll(async () => {
    await queue.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('queues one re-chunking per tenant for its documents of an older chunking version, with --all every tenant', async () => {
    const { code, stderr } = docqa('reindex', '--all', '--no-wait');
    expect(code).toBe(0);
    expect(stderr).toMatch(/^acme: 2 documents to re-chunk \(job j_[\w-]+\)$/m);
    expect(stderr).toMatch(/^beta: 0 documents to re-chunk \(job j_[\w-]+\)$/m);
    const jobs = await queue.getJobs(['waiting']);
    // A tenant with nothing to re-chunk gets a completed job record and no queued job.
    expect(jobs.map((j) => [j.name, j.data.tenant])).toEqual([['reindex', 'acme']]);
    const jobId = /^acme: .*\(job (j_[\w-]+)\)$/m.exec(stderr)![1];
    expect(jobs[0]!.data).toEqual({ job_id: jobId, tenant: 'acme' });
    const beta = /^beta: .*\(job (j_[\w-]+)\)$/m.exec(stderr)![1]!;
    expect(await new DocumentStore({ redis, keys }).getJob('beta', beta)).toMatchObject({
      status: 'completed',
      total: 0,
    });
  });

  it('waits for a tenant with nothing to re-chunk and says so', () => {
    const { code, stderr } = docqa('reindex', '--tenant', 'beta');
    expect(code).toBe(0);
    expect(stderr).toContain('beta: 0 of 0 documents re-chunked (0 chunks)');
  });

  it('asks for --tenant or --all, not both', () => {
    expect(docqa('reindex')).toMatchObject({ code: 1, stderr: expect.stringContaining('--tenant <name>') });
    expect(docqa('reindex', '--all', '--tenant', 'acme')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('either --tenant or --all'),
    });
  });
});
