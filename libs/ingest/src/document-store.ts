import type { Redis } from 'ioredis';
import type { DocumentRecord, JobRecord } from '@docqa/contracts';
import { NotFoundError } from '@docqa/errors';
import type { Keys } from '@docqa/records';

/** Document records (without their chunks) and ingest-job progress, in Redis. */
export class DocumentStore {
  constructor(private readonly deps: { redis: Redis; keys: Keys }) {}

  async put(tenant: string, record: DocumentRecord): Promise<void> {
    const { redis, keys } = this.deps;
    await redis
      .multi()
      .set(keys.document(tenant, record.id), JSON.stringify(record))
      .zadd(keys.documentIndex(tenant), 0, record.id)
      .exec();
  }

  async find(tenant: string, id: string): Promise<DocumentRecord | null> {
    const raw = await this.deps.redis.get(this.deps.keys.document(tenant, id));
    return raw ? (JSON.parse(raw) as DocumentRecord) : null;
  }

  async get(tenant: string, id: string): Promise<DocumentRecord> {
    const record = await this.find(tenant, id);
    if (!record) throw new NotFoundError(`document ${id} was not found`);
    return record;
  }

  async remove(tenant: string, id: string): Promise<void> {
    const { redis, keys } = this.deps;
    await redis.multi().del(keys.document(tenant, id)).zrem(keys.documentIndex(tenant), id).exec();
  }

  /** A page of documents in id order after `cursor` (exclusive), and the cursor of the next page. */
  async list(
    tenant: string,
    opts: { cursor?: string; limit: number },
  ): Promise<{ documents: DocumentRecord[]; next_cursor: string | null }> {
    const { redis, keys } = this.deps;
    const start = opts.cursor ? `(${opts.cursor}` : '-';
    const ids = await redis.zrangebylex(keys.documentIndex(tenant), start, '+', 'LIMIT', 0, opts.limit + 1);
    const page = ids.slice(0, opts.limit);
    const raws = page.length ? await redis.mget(page.map((id) => keys.document(tenant, id))) : [];
    const documents = raws.flatMap((raw) => (raw ? [JSON.parse(raw) as DocumentRecord] : []));
    return { documents, next_cursor: ids.length > opts.limit ? page.at(-1)! : null };
  }

  async createJob(id: string, tenant: string, total: number): Promise<JobRecord> {
    const now = new Date().toISOString();
    const job: JobRecord = {
      id,
      status: 'queued',
      total,
      processed: 0,
      skipped: 0,
      failed: 0,
      chunks: 0,
      errors: [],
      created_at: now,
      updated_at: now,
    };
    await this.deps.redis.set(
      this.deps.keys.ingestJob(id),
      JSON.stringify({ ...job, tenant }),
      'EX',
      7 * 86400,
    );
    return job;
  }

  async updateJob(id: string, patch: Partial<JobRecord>): Promise<void> {
    const key = this.deps.keys.ingestJob(id);
    const raw = await this.deps.redis.get(key);
    if (!raw) return;
    const next = { ...JSON.parse(raw), ...patch, updated_at: new Date().toISOString() };
    await this.deps.redis.set(key, JSON.stringify(next), 'KEEPTTL');
  }

  /** A job of `tenant`; another tenant's job answers not found. */
  async getJob(tenant: string, id: string): Promise<JobRecord> {
    const raw = await this.deps.redis.get(this.deps.keys.ingestJob(id));
    const job = raw ? (JSON.parse(raw) as JobRecord & { tenant: string }) : null;
    if (!job || job.tenant !== tenant) throw new NotFoundError(`job ${id} was not found`);
    const { tenant: _tenant, ...record } = job;
    return record;
  }
}
