import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RateLimitedError } from '@docqa/errors';
import { UploadStore, type UploadStoreOptions } from './upload-store';

describe('UploadStore', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'docqa-upload-store-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const store = (options: Partial<UploadStoreOptions> = {}) =>
    new UploadStore({ dir, tenantBytes: 100, totalBytes: 150, ...options });
  /** A job's folder as a process (this one or another) left it, last changed at `touched`. */
  const jobFolder = (tenant: string, jobId: string, bytes: number, touched?: number) => {
    const folder = join(dir, tenant, `${jobId}.${bytes}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, '0'), 'x'.repeat(bytes));
    if (touched) touch(folder, touched);
  };
  /** Sets the times of a folder and its files (their change time, ctime, stays the present). */
  const touch = (folder: string, at: number) => {
    for (const path of [join(folder, '0'), folder]) utimesSync(path, at / 1000, at / 1000);
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (err: unknown) => err,
    );

  it('counts job folders, uploads being received and reservations, per tenant and in all', async () => {
    const uploads = store();
    jobFolder('acme', 'j_aaaaaaaa', 40);
    const other = join(dir, 'globex', '.in-elsewhere');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, '0'), 'x'.repeat(30));
    await uploads.begin('acme', 25);
    expect(await uploads.bytesInFlight('acme')).toBe(65);
    expect(await uploads.bytesInFlight()).toBe(95);
  });

  it('refuses with 429 and Retry-After an upload over the tenant’s or the installation’s limit', async () => {
    const uploads = store({ retryAfterSeconds: 7 });
    jobFolder('acme', 'j_aaaaaaaa', 80);
    const overTenant = await refusal(uploads.begin('acme', 30));
    expect(overTenant).toBeInstanceOf(RateLimitedError);
    expect((overTenant as RateLimitedError).headers).toEqual({ 'Retry-After': '7' });
    await uploads.begin('globex', 60);
    expect(await refusal(uploads.begin('initech', 20))).toBeInstanceOf(RateLimitedError);
    expect(await refusal(uploads.begin('initech', 10))).toBeNull();
  });

  it('releases a reservation when the upload is committed or discarded, and its files with the job', async () => {
    const uploads = store();
    const first = await uploads.begin('acme', 90);
    writeFileSync(first.nextPath(), 'x'.repeat(60));
    const files = await first.commit('j_first000', [{ name: 'a.md', path: join(dir, 'x', '0'), bytes: 60 }]);
    expect(files).toEqual([{ name: 'a.md', path: 'acme/j_first000.60/0', bytes: 60 }]);
    expect(await uploads.bytesInFlight('acme')).toBe(60);
    await (await uploads.begin('acme', 40)).discard();
    expect(await uploads.bytesInFlight('acme')).toBe(60);
    await uploads.removeFiles(files);
    expect(await uploads.bytesInFlight('acme')).toBe(0);
    expect(await readdir(join(dir, 'acme'))).toEqual([]);
  });

  it('removes, once over a limit, the folders a crash left: a job that no longer runs, an upload never queued', async () => {
    // Ten minutes on, the folders made now are old unless written since (touched in the future).
    const later = Date.now() + 10 * 60_000;
    const live = new Set(['j_running0']);
    const uploads = store({ jobIsLive: async (id) => live.has(id), orphanAfterMs: 60_000, now: () => later });
    jobFolder('acme', 'j_running0', 30);
    jobFolder('acme', 'j_crashed0', 30);
    jobFolder('acme', 'j_justnow0', 30, later);
    const abandoned = join(dir, 'acme', '.in-abandoned');
    mkdirSync(abandoned);
    writeFileSync(join(abandoned, '0'), 'x'.repeat(9));
    expect(await uploads.bytesInFlight('acme')).toBe(99);

    await uploads.begin('acme', 40);
    const left = await readdir(join(dir, 'acme'));
    expect(left.filter((name) => !name.startsWith('.in-')).sort()).toEqual([
      'j_justnow0.30',
      'j_running0.30',
    ]);
    expect(left).not.toContain('.in-abandoned');
  });

  it('gives the path of a stored file only inside the upload folder', () => {
    const uploads = store();
    expect(uploads.pathOf({ name: 'a.md', path: 'acme/j_a.1/0', bytes: 1 })).toBe(join(dir, 'acme/j_a.1/0'));
    expect(() => uploads.pathOf({ name: 'a.md', path: 'acme/../../etc', bytes: 1 })).toThrow();
  });
});
