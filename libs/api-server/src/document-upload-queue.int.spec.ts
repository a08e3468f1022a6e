import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UploadJob } from '@docqa/contracts';
import { DependencyUnavailableError } from '@docqa/errors';
import { DocumentStore, UploadIntake, UploadStore } from '@docqa/ingest';
import { IdempotentIds, Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { documentUploadRoutes } from './routes/document-upload';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';
import { pdfBomb, uploadForm } from './testing/upload-form';

const MB = 1024 * 1024;

/**
 * The API of these tests runs without a worker, as in a deployment where the worker is a process
 * of its own: what is checked is what the API does, and the test decides when jobs are processed.
 */
describe('POST /documents/upload: stored, queued by reference, bounded', () => {
  let stack: Stack;
  let redis: Redis;
  const prefix = testPrefix('upload-queue');
  const keys = new Keys(prefix);
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({
      prefix,
      noWorker: true,
      env: { UPLOAD_TENANT_INFLIGHT_MB: '1', UPLOAD_INFLIGHT_MB: '2', UPLOAD_MAX_FILE_MB: '20' },
    });
    for (const tenant of ['acme', 'globex', 'initech', 'umbrella', 'hooli'])
      tokens[tenant] = await stack.createToken({ tenant, scopes: ['ingest'] });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const upload = (tenant: string, body: FormData, headers: Record<string, string> = {}) =>
    fetch(`${stack.apiUrl}documents/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[tenant]}`, ...headers },
      body,
    });
  const uploadDir = () => join(stack.config.dataDir, 'uploads');
  const storedFiles = async (tenant: string) => {
    const folders = await readdir(join(uploadDir(), tenant)).catch(() => []);
    // A job's folder may be removed (its job ended) between the two reads: it holds nothing then.
    const files = await Promise.all(
      folders.map((f) =>
        readdir(join(uploadDir(), tenant, f)).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        }),
      ),
    );
    return files.flat().length;
  };
  const ingestJob = async (id: string) =>
    redis.hgetall(`${keys.queuePrefix()}:ingest:${id}`) as Promise<Record<string, string>>;
  const jobRecord = async (tenant: string, id: string) =>
    (
      await fetch(`${stack.apiUrl}jobs/${id}`, { headers: { authorization: `Bearer ${tokens[tenant]}` } })
    ).json();

  it('answers GET /health?mode=minimal promptly all along while a PDF bomb is uploaded', async () => {
    // Parsed on the API (as before), this file held its thread about 14 s on a quiet machine.
    let answered = false;
    const uploading = upload('umbrella', uploadForm([{ name: 'bomb.pdf', data: pdfBomb(8) }])).finally(
      () => (answered = true),
    );
    const latencies: number[] = [];
    do {
      const sent = performance.now();
      expect((await fetch(`${stack.apiUrl}health?mode=minimal`)).status).toBe(200);
      latencies.push(performance.now() - sent);
    } while (!answered);
    expect((await uploading).status).toBe(202);
    expect(Math.max(...latencies)).toBeLessThan(5000);
  });

  it('queues references to the stored files, never their content', async () => {
    const marker = 'a sentence that must stay out of Redis';
    const data = `# Guide\n\n${marker}`;
    const res = await upload('initech', uploadForm([{ name: 'guide.md', data }], { team: 'docs' }));
    expect(res.status).toBe(202);
    const { job_id: jobId } = await res.json();
    const job = await ingestJob(jobId);
    expect(job.name).toBe('upload');
    expect(JSON.stringify(job)).not.toContain(marker);
    expect(JSON.parse(job.data!)).toEqual({
      job_id: jobId,
      tenant: 'initech',
      files: [
        {
          name: 'guide.md',
          path: expect.stringMatching(new RegExp(`^initech/${jobId}\\.\\d+/0$`)),
          bytes: data.length,
        },
      ],
      metadata: { team: 'docs' },
    });
    expect(await storedFiles('initech')).toBe(1);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, and queues one job', async () => {
    const files = [{ name: 'faq.md', data: '# FAQ\n\nAsk us.' }];
    const key = { 'idempotency-key': 'upload-4711' };
    const first = await upload('globex', uploadForm(files), key);
    expect(first.status).toBe(202);
    const answer = await first.json();
    const retry = await upload('globex', uploadForm(files), key);
    expect(retry.status).toBe(202);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(answer);
    expect(await storedFiles('globex')).toBe(1);
    const other = await upload('globex', uploadForm([{ name: 'faq.md', data: '# FAQ\n\nOther.' }]), key);
    expect(other.status).toBe(409);
    expect(await storedFiles('globex')).toBe(1);
    const fresh = await upload('globex', uploadForm(files), { 'idempotency-key': 'upload-4712' });
    expect((await fresh.json()).job_id).not.toBe(answer.job_id);
  });

  it('frees the room of an upload the client gave up half-way, and keeps none of its files', async () => {
    const boundary = 'cut-short';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.txt"\r\n\r\n`;
    const url = new URL(`${stack.apiUrl}documents/upload`);
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.hooli}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(900_000),
      },
    });
    req.on('error', () => undefined);
    req.write(head + 'x'.repeat(0.1 * MB));
    while (!(await readdir(join(uploadDir(), 'hooli')).catch(() => [])).length)
      await new Promise((r) => setTimeout(r, 20));
    req.destroy();
    while ((await readdir(join(uploadDir(), 'hooli'))).length) await new Promise((r) => setTimeout(r, 20));
    // 900 KB were reserved for the upload given up: still counted, 200 KB more would pass 1 MB.
    const next = await upload('hooli', uploadForm([{ name: 'notes.txt', data: 'x'.repeat(200_000) }]));
    expect(next.status).toBe(202);
  });

  it('answers 429 with Retry-After over the bytes waiting per tenant and installation, until the jobs end', async () => {
    // Files that do not parse: their jobs end quickly, failed, which releases their bytes too.
    const big = (name: string) => uploadForm([{ name, data: `%PDF-1.4 ${'x'.repeat(0.7 * MB)}` }]);
    expect((await upload('acme', big('a.pdf'))).status).toBe(202);
    const overTenant = await upload('acme', big('b.pdf'));
    expect(overTenant.status).toBe(429);
    expect(overTenant.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await overTenant.json()).detail).toMatch(/this tenant's uploads waiting for ingestion hold 1 MB/);
    expect((await upload('globex', big('c.pdf'))).status).toBe(202);
    const overInstallation = await upload('initech', big('d.pdf'));
    expect(overInstallation.status).toBe(429);
    expect((await overInstallation.json()).detail).toMatch(/^uploads waiting for ingestion hold 2 MB/);
    expect(await storedFiles('acme')).toBe(1);

    await stack.startWorker();
    try {
      for (;;) {
        const left = await Promise.all(['acme', 'globex', 'initech', 'umbrella'].map(storedFiles));
        if (left.every((n) => n === 0)) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await stack.stopWorker();
    }
    const again = await upload('acme', big('b.pdf'));
    expect(again.status).toBe(202);
    expect(await jobRecord('acme', (await again.json()).job_id)).toMatchObject({ status: 'queued' });
  });
});

describe('POST /documents/upload when its job cannot be queued', () => {
  let stack: Stack;
  let redis: Redis;
  let token: string;
  const prefix = testPrefix('upload-refused');
  const keys = new Keys(prefix);
  const dir = mkdtempSync(join(tmpdir(), 'docqa-uploads-'));
  const queued: UploadJob[] = [];
  let queueDown = true;

  beforeAll(async () => {
    redis = testRedis();
    const intake = new UploadIntake({
      store: new UploadStore({ dir, tenantBytes: MB, totalBytes: MB }),
      documents: new DocumentStore({ redis, keys }),
      queue: {
        async enqueueUpload(job) {
          if (queueDown) throw new DependencyUnavailableError('Redis is unavailable');
          queued.push(job);
        },
      },
      ids: new IdempotentIds({ redis, keys }),
      redis,
      keys,
    });
    const routeGroups = [documentUploadRoutes(intake, { fileBytes: MB, files: 3 })];
    stack = await startStack({ prefix, noWorker: true, services: { ...noKnowledgeBase(), routeGroups } });
    token = await stack.createToken({ tenant: 'acme', scopes: ['ingest'] });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = () =>
    fetch(`${stack.apiUrl}documents/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'nightly-docs' },
      body: uploadForm([{ name: 'faq.md', data: '# FAQ' }]),
    });
  const folders = () => readdir(join(dir, 'acme')).catch(() => []);

  it('answers the error and keeps no file; the retry is queued once, and its retries get its answer', async () => {
    const refused = await upload();
    expect(refused.status).toBe(503);
    expect(await folders()).toEqual([]);
    expect(queued).toEqual([]);

    queueDown = false;
    const accepted = await upload();
    expect(accepted.status).toBe(202);
    const answer = await accepted.json();
    expect(queued.map((j) => j.job_id)).toEqual([answer.job_id]);
    const again = await upload();
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual(answer);
    expect(queued).toHaveLength(1);
    expect(await folders()).toEqual([expect.stringMatching(new RegExp(`^${answer.job_id}\\.5$`))]);
  });
});
