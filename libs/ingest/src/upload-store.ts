import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { UploadedFile } from '@docqa/contracts';
import { RateLimitedError } from '@docqa/errors';

/** Options of an {@link UploadStore}. */
export interface UploadStoreOptions {
  /** Folder of the uploads (`UPLOAD_DIR`); every API and worker of an installation shares it. */
  dir: string;
  /** Bytes of one tenant's uploads received but not yet ingested. */
  tenantBytes: number;
  /** Bytes of every tenant's uploads received but not yet ingested. */
  totalBytes: number;
  /**
   * Whether a job still waits or runs: a folder of a job that does not, older than
   * `orphanAfterMs`, was left by a crash and is removed when a limit is reached.
   * @defaultValue none: nothing is swept
   */
  jobIsLive?: (jobId: string) => Promise<boolean>;
  /**
   * Age after which a folder no upload or job holds is an orphan; longer than a request may take.
   * @defaultValue 10 minutes
   */
  orphanAfterMs?: number;
  /** `Retry-After` of the 429 over a limit, in seconds. @defaultValue 30 */
  retryAfterSeconds?: number;
  /** The clock orphans' ages are measured by. @defaultValue Date.now */
  now?: () => number;
}

/** An upload folder being received: `.in-<random>` (its bytes are counted from its files). */
const INCOMING = /^\.in-[\w-]+$/;
/** The folder of a job's files: `<job id>.<bytes>` (its bytes are read from its name). */
const JOB_FOLDER = /^(j_[\w-]+)\.(\d+)$/;
const MB = 1024 * 1024;

/**
 * Uploaded files waiting for the worker, as files under `<dir>/<tenant>/`: an upload is received
 * into a folder of its own, which becomes its job's folder once it is queued and is removed when
 * the job ends. The bytes in flight (received, not yet ingested) are what the folders hold, plus
 * the uploads this process is receiving; a crash leaves nothing counted that
 * {@link UploadStoreOptions.jobIsLive} does not clear.
 */
export class UploadStore {
  /** Uploads this process is receiving: folder (`tenant/.in-…`) → bytes reserved. */
  private readonly receiving = new Map<string, { tenant: string; bytes: number }>();
  /** Serialises the limit checks of this process, so two uploads cannot both take the last room. */
  private admitting: Promise<unknown> = Promise.resolve();
  private lastSweep = 0;

  constructor(private readonly options: UploadStoreOptions) {}

  /** The folder of the uploads. */
  get dir(): string {
    return this.options.dir;
  }

  /**
   * Starts receiving an upload of at most `bytes` for `tenant`, or throws 429 (with
   * `Retry-After`) when the bytes in flight of the tenant or of the installation would pass their
   * limit. The reservation lasts until the upload is committed or discarded.
   */
  begin(tenant: string, bytes: number): Promise<IncomingUpload> {
    const admitted = this.admitting.then(() => this.admit(tenant, bytes));
    this.admitting = admitted.catch(() => undefined);
    return admitted;
  }

  /** The absolute path of a stored file of a job. */
  pathOf(file: UploadedFile): string {
    const parts = file.path.split('/');
    if (parts.length !== 3 || parts.some((p) => !p || p === '.' || p === '..'))
      throw new Error(`not the path of an uploaded file: ${file.path}`);
    return join(this.options.dir, ...parts);
  }

  /** Removes the stored files of a job (its folder); nothing when they are gone already. */
  async removeFiles(files: UploadedFile[]): Promise<void> {
    const folders = new Set(files.map((f) => posix.dirname(f.path)));
    for (const folder of folders) {
      if (folder.split('/').length !== 2 || folder.includes('..')) continue;
      await rm(join(this.options.dir, folder), { recursive: true, force: true });
    }
  }

  /** Bytes in flight of `tenant`, or of every tenant. */
  async bytesInFlight(tenant?: string): Promise<number> {
    const tenants = tenant ? [tenant] : await entries(this.options.dir);
    let bytes = 0;
    for (const t of tenants) bytes += await this.bytesOnDisk(t);
    for (const upload of this.receiving.values())
      if (!tenant || upload.tenant === tenant) bytes += upload.bytes;
    return bytes;
  }

  private async admit(tenant: string, bytes: number): Promise<IncomingUpload> {
    let refusal = await this.overLimit(tenant, bytes);
    if (refusal && (await this.sweepOrphans())) refusal = await this.overLimit(tenant, bytes);
    if (refusal)
      throw new RateLimitedError(`${refusal}; retry once earlier uploads are ingested`, {
        headers: { 'Retry-After': String(this.options.retryAfterSeconds ?? 30) },
      });
    const folder = `${tenant}/.in-${randomBytes(9).toString('base64url')}`;
    await mkdir(join(this.options.dir, folder), { recursive: true });
    this.receiving.set(folder, { tenant, bytes });
    return new IncomingUpload(this.options.dir, folder, () => this.receiving.delete(folder));
  }

  /** Why `bytes` more for `tenant` are refused, or null. */
  private async overLimit(tenant: string, bytes: number): Promise<string | null> {
    const mb = (n: number) => `${Math.ceil(n / MB)} MB`;
    const ofTenant = await this.bytesInFlight(tenant);
    if (ofTenant + bytes > this.options.tenantBytes)
      return `this tenant's uploads waiting for ingestion hold ${mb(ofTenant)} (limit ${mb(this.options.tenantBytes)})`;
    const total = await this.bytesInFlight();
    if (total + bytes > this.options.totalBytes)
      return `uploads waiting for ingestion hold ${mb(total)} (limit ${mb(this.options.totalBytes)})`;
    return null;
  }

  /** Bytes of a tenant's folders on disk, but those this process is receiving (counted apart). */
  private async bytesOnDisk(tenant: string): Promise<number> {
    let bytes = 0;
    for (const name of await entries(join(this.options.dir, tenant))) {
      const job = JOB_FOLDER.exec(name);
      if (job) bytes += Number(job[2]);
      else if (INCOMING.test(name) && !this.receiving.has(`${tenant}/${name}`))
        bytes += await folderBytes(join(this.options.dir, tenant, name));
    }
    return bytes;
  }

  /**
   * Removes the folders a crash left (an upload never committed, a job that no longer waits or
   * runs), at most once a minute; whether anything was removed.
   */
  private async sweepOrphans(): Promise<boolean> {
    const { jobIsLive, orphanAfterMs = 10 * 60_000, now = Date.now } = this.options;
    if (!jobIsLive || now() - this.lastSweep < 60_000) return false;
    this.lastSweep = now();
    let removed = false;
    for (const tenant of await entries(this.options.dir)) {
      for (const name of await entries(join(this.options.dir, tenant))) {
        const path = join(this.options.dir, tenant, name);
        if (this.receiving.has(`${tenant}/${name}`)) continue;
        const job = JOB_FOLDER.exec(name);
        if (!job && !INCOMING.test(name)) continue;
        if (now() - (await lastChange(path)) < orphanAfterMs) continue;
        if (job && (await jobIsLive(job[1]!))) continue;
        await rm(path, { recursive: true, force: true });
        removed = true;
      }
    }
    return removed;
  }
}

/**
 * An upload being received into a folder of its own; {@link commit} makes it its job's folder,
 * {@link discard} removes it. Either ends the reservation of {@link UploadStore.begin}.
 */
export class IncomingUpload {
  private files = 0;

  /** `folder`, then the job's folder once committed (what {@link discard} removes). */
  private current: string;

  constructor(
    private readonly root: string,
    private readonly folder: string,
    private readonly release: () => void,
  ) {
    this.current = folder;
  }

  /** A new path to store the next file of the upload at (the client's name is never a path). */
  nextPath(): string {
    return join(this.root, this.folder, String(this.files++));
  }

  /**
   * Makes the upload the folder of job `jobId`: the files kept (by the paths {@link nextPath}
   * gave) become its references; the others are removed with the folder when the job ends.
   */
  async commit(
    jobId: string,
    kept: { name: string; path: string; bytes: number }[],
  ): Promise<UploadedFile[]> {
    const bytes = kept.reduce((sum, f) => sum + f.bytes, 0);
    const tenant = posix.dirname(this.folder);
    const folder = `${tenant}/${jobId}.${bytes}`;
    await rename(join(this.root, this.folder), join(this.root, folder));
    this.current = folder;
    this.release();
    return kept.map((f) => ({ name: f.name, bytes: f.bytes, path: `${folder}/${posix.basename(f.path)}` }));
  }

  /** Removes the upload's files (refused, replayed, or its job could not be queued). */
  async discard(): Promise<void> {
    await rm(join(this.root, this.current), { recursive: true, force: true });
    this.release();
  }
}

async function entries(dir: string): Promise<string[]> {
  return readdir(dir).catch((err: NodeJS.ErrnoException) =>
    err.code === 'ENOENT' ? [] : Promise.reject(err),
  );
}

async function folderBytes(dir: string): Promise<number> {
  let bytes = 0;
  for (const name of await entries(dir)) bytes += (await stat(join(dir, name)).catch(() => null))?.size ?? 0;
  return bytes;
}

/** The last change of a folder or of a file in it (an upload being received writes its files). */
async function lastChange(dir: string): Promise<number> {
  const times = [await stat(dir).catch(() => null)];
  for (const name of await entries(dir)) times.push(await stat(join(dir, name)).catch(() => null));
  return Math.max(0, ...times.map((s) => (s ? Math.max(s.mtimeMs, s.ctimeMs) : 0)));
}
