import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { QUEUE_NAMES, type SourceRecord, type SyncRecord } from '@docqa/contracts';
import { htmlPage, startDocsSite, type DocsSite } from '@docqa/sync/testing';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from './testing/start-stack';

const root = join(__dirname, '../../..');
const PAGES = 24;

describe('a worker killed in the middle of a source sync', () => {
  let stack: Stack;
  let redis: Redis;
  let site: DocsSite;
  const prefix = testPrefix('sync-crash');
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'worker', '--quiet'], {
      cwd: root,
    });
    redis = testRedis();
    site = await startDocsSite();
    for (let n = 0; n < PAGES; n++)
      site.pages.set(`/p${n}`, { ...htmlPage(`Page ${n}`, `Text of page ${n}.`), delayMs: 150 });
    site.setSitemap();
    stack = await startStack({
      prefix,
      noWorker: true,
      env: { SOURCES_ALLOW_PRIVATE_NETWORKS: 'true', JOB_LOCK_MS: '2000' },
    });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await stack.close();
    await site.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  /** Starts the real worker app on the stack's Redis and data folder; resolves once it is ready. */
  function startWorker(): Promise<ChildProcess> {
    const child = spawn(process.execPath, [join(root, 'dist/apps/worker/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        REDIS_URL: stack.redisUrl,
        REDIS_PREFIX: prefix,
        DATA_DIR: stack.config.dataDir,
        SOURCES_ALLOW_PRIVATE_NETWORKS: 'true',
        JOB_LOCK_MS: '2000',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        if (out.includes('worker ready')) resolve(child);
      });
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    });
  }

  it('hands the sync to another worker, which finishes it alone and loses no page', async () => {
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ingest'] });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const api = (path: string, init: RequestInit = {}) => fetch(stack.apiUrl + path, { ...init, headers });
    const first = await startWorker();
    const source = (await (
      await api('sources/', {
        method: 'POST',
        body: JSON.stringify({ type: 'sitemap', url: `${site.origin}/sitemap.xml` }),
      })
    ).json()) as SourceRecord;
    const { job_id } = await (await api(`sources/${source.id}/sync`, { method: 'POST' })).json();

    // Mid-sync: some pages fetched, not all.
    while (site.log.filter((l) => /^200 \/p\d+$/.test(l)).length < 4)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise<void>((resolve) => {
      first.once('exit', () => resolve());
      first.kill('SIGKILL');
    });
    site.log.length = 0;
    await Promise.all([startWorker(), startWorker()]);

    let sync: SyncRecord | undefined;
    for (;;) {
      const got = (await (await api(`sources/${source.id}`)).json()) as SourceRecord;
      sync = got.syncs?.find((s) => s.job_id === job_id);
      if (sync?.status === 'completed' || sync?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(sync).toMatchObject({ status: 'completed', added: PAGES, failed: 0, deleted: 0 });
    const docs = await (await api('documents/?limit=100')).json();
    expect(docs.documents).toHaveLength(PAGES);
    // Two syncs at once would have fetched up to twice SOURCES_CONCURRENCY (4) pages together.
    expect(site.maxInFlight()).toBeLessThanOrEqual(4);
    // After the crash every page was fetched once more, by one sync only.
    expect(site.log.filter((l) => /^200 \/p\d+$/.test(l))).toHaveLength(PAGES);
  }, 240_000);

  it('keeps the sync of a worker starved for longer than its lease, when nobody took it, and finishes it', async () => {
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ingest'] });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const api = (path: string, init: RequestInit = {}) => fetch(stack.apiUrl + path, { ...init, headers });
    site.log.length = 0;
    const worker = await startWorker();
    const source = (await (
      await api('sources/', {
        method: 'POST',
        body: JSON.stringify({ type: 'sitemap', url: `${site.origin}/sitemap.xml` }),
      })
    ).json()) as SourceRecord;
    const { job_id } = await (await api(`sources/${source.id}/sync`, { method: 'POST' })).json();

    // Mid-sync, the worker gets no CPU for longer than its lease (2 s), as on a machine far
    // busier than it has cores; then it runs again.
    while (site.log.filter((l) => /^200 \/p\d+$/.test(l)).length < 4)
      await new Promise((r) => setTimeout(r, 20));
    worker.kill('SIGSTOP');
    const lease = new Keys(prefix).sourceLease('acme', source.id);
    while ((await redis.exists(lease)) === 1) await new Promise((r) => setTimeout(r, 100));
    worker.kill('SIGCONT');

    let sync: SyncRecord | undefined;
    for (;;) {
      const got = (await (await api(`sources/${source.id}`)).json()) as SourceRecord;
      sync = got.syncs?.find((s) => s.job_id === job_id);
      if (sync?.status === 'completed' || sync?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(sync).toMatchObject({ status: 'completed', added: PAGES, failed: 0 });
    // The job ends once, its record kept: a second run would sync again and record added: 0.
    const queue = new Queue(QUEUE_NAMES.sources, {
      connection: redis,
      prefix: new Keys(prefix).queuePrefix(),
    });
    try {
      let state = await queue.getJobState(job_id);
      while (state !== 'completed' && state !== 'failed') {
        await new Promise((r) => setTimeout(r, 200));
        state = await queue.getJobState(job_id);
      }
      expect(state).toBe('completed');
    } finally {
      await queue.close();
    }
    const after = (await (await api(`sources/${source.id}`)).json()) as SourceRecord;
    expect(after.syncs?.find((s) => s.job_id === job_id)).toMatchObject({
      status: 'completed',
      added: PAGES,
    });
    expect(site.log.filter((l) => /^200 \/p\d+$/.test(l))).toHaveLength(PAGES);
  }, 240_000);
});
