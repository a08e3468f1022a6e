import type { Redis } from 'ioredis';
import type { DocumentRecord, JobRecord } from '@docqa/contracts';
import { NotFoundError } from '@docqa/errors';
import type { Keys } from '@docqa/records';

/** Document records (without their chunks) and ingest-job progress, in Redis. */
export class DocumentStore {
  constructor(private readonly deps: { redis: Redis; keys: Keys }) {}

  async put(tenant: string, record: DocumentRecord): Promise<void> {
    await this.putMany(tenant, [record]);
  }

  /**
   * Records many documents in one round trip (one MULTI: every record and one index update), as
   * an ingest job writes a batch. A record given twice keeps the last.
   */
  async putMany(tenant: string, records: DocumentRecord[]): Promise<void> {
    if (!records.length) return;
    const { redis, keys } = this.deps;
    const multi = redis.multi();
    for (const record of records) multi.set(keys.document(tenant, record.id), JSON.stringify(record));
    multi.zadd(keys.documentIndex(tenant), ...records.flatMap((r) => [0, r.id]));
    await multi.exec();
  }

  async find(tenant: string, id: string): Promise<DocumentRecord | null> {
    return (await this.findMany(tenant, [id]))[0] ?? null;
  }

  /** The records of `ids` in one round trip, in the order given (null where unknown). */
  async findMany(tenant: string, ids: string[]): Promise<(DocumentRecord | null)[]> {
    if (!ids.length) return [];
    const { redis, keys } = this.deps;
    const raws = await redis.mget(ids.map((id) => keys.document(tenant, id)));
    return raws.map((raw) => (raw ? (JSON.parse(raw) as DocumentRecord) : null));
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
