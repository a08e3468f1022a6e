import type { ChainableCommander, Redis } from 'ioredis';
import type { DocumentRecord, JobRecord } from '@docqa/contracts';
import { NotFoundError } from '@docqa/errors';
import { tenantsWith, type Keys } from '@docqa/redis';
import documentVersionsScript from './lua/document-versions.lua';
import searchDocumentsScript from './lua/search-documents.lua';

interface SearchCommands {
  searchDocuments(
    index: string,
    texts: string,
    cursor: string,
    want: number,
    budget: number,
    ...terms: string[]
  ): Promise<[string, string[]]>;
}

/** lua/document-versions.lua in a MULTI: documents' versions (id, version or '' pairs) and the counts. */
interface VersionsCommand {
  documentVersions(versions: string, counts: string, ...pairs: string[]): ChainableCommander;
}

/** lua/document-versions.lua on its own, changing nothing: the counts (version, count, …). */
interface VersionCountsCommand {
  documentVersions(versions: string, counts: string): Promise<string[]>;
}

/**
 * How much one search request reads: steps of `stepIds` ids (each one short script, so Redis is
 * never blocked for long), at most `steps` of them before it answers the page found so far.
 */
export const SEARCH_BUDGET = { stepIds: 2000, steps: 25 };
/** Records deleted per round trip by {@link DocumentStore.removeAll}. */
const REMOVE_BATCH = 500;
/** Terms of a search query used at most. */
const SEARCH_TERMS_MAX = 10;
/** How long an ingest job's record (`GET /jobs/{id}`) is kept after it was submitted: 7 days. */
export const JOB_RECORD_TTL_S = 7 * 86_400;

/** What a document is searched by: its title, URL and id, in one lower-case text. */
export function documentSearchText(record: Pick<DocumentRecord, 'id' | 'title' | 'url'>): string {
  return [record.title, record.url ?? '', record.id].join('\n').normalize('NFKC').toLowerCase();
}

/** The words of a search query (lower-case); a document matches when its text holds every one. */
export function searchTerms(q: string): string[] {
  const words = q.normalize('NFKC').toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, SEARCH_TERMS_MAX);
}

/** Options of {@link DocumentStore.list}. */
export interface DocumentListOptions {
  cursor?: string;
  limit: number;
  /** Only documents whose title, URL or id contain every word (any case). */
  q?: string;
}

/** A page of documents and the cursor of the next one. */
export interface DocumentPage {
  documents: DocumentRecord[];
  next_cursor: string | null;
}

/** Document records (without their chunks) and ingest-job progress, in Redis. */
export class DocumentStore {
  private readonly redis: Redis & SearchCommands;

  constructor(private readonly deps: { redis: Redis; keys: Keys; searchBudget?: typeof SEARCH_BUDGET }) {
    if (!(deps.redis as Partial<SearchCommands>).searchDocuments)
      deps.redis.defineCommand('searchDocuments', { numberOfKeys: 2, lua: searchDocumentsScript });
    if (!(deps.redis as Partial<VersionsCommand>).documentVersions)
      deps.redis.defineCommand('documentVersions', { numberOfKeys: 2, lua: documentVersionsScript });
    this.redis = deps.redis as Redis & SearchCommands;
  }

  async put(tenant: string, record: DocumentRecord): Promise<void> {
    await this.putMany(tenant, [record]);
  }

  /**
   * Records many documents in one round trip (one MULTI: every record, one index update and their
   * versions with the per-version counts), as an ingest job writes a batch. A record given twice
   * keeps the last.
   */
  async putMany(tenant: string, records: DocumentRecord[]): Promise<void> {
    if (!records.length) return;
    const { keys } = this.deps;
    // A few commands whatever the number of records (their keys share the tenant's hash slot).
    const multi = this.redis
      .multi()
      .mset(records.flatMap((r) => [keys.document(tenant, r.id), JSON.stringify(r)]))
      .hset(keys.documentSearch(tenant), ...records.flatMap((r) => [r.id, documentSearchText(r)]))
      .zadd(keys.documentIndex(tenant), ...records.flatMap((r) => [0, r.id]));
    await this.versionsIn(
      multi,
      tenant,
      records.flatMap((r) => [r.id, r.version ?? '']),
    ).exec();
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

  /** Every tenant that has document records. */
  async tenants(): Promise<string[]> {
    return tenantsWith(this.redis, (tenant) => this.deps.keys.documentIndex(tenant));
  }

  /** Deletes every document record of `tenant` (not their chunks); how many there were. */
  async removeAll(tenant: string): Promise<number> {
    const { redis, keys } = this.deps;
    let removed = 0;
    for (;;) {
      const ids = await redis.zrange(keys.documentIndex(tenant), 0, REMOVE_BATCH - 1);
      if (!ids.length) break;
      const multi = redis
        .multi()
        .del(...ids.map((id) => keys.document(tenant, id)))
        .zrem(keys.documentIndex(tenant), ...ids)
        .hdel(keys.documentSearch(tenant), ...ids);
      const unversioned = ids.flatMap((id) => [id, '']);
      await this.versionsIn(multi, tenant, unversioned).exec();
      removed += ids.length;
    }
    await redis.del(
      keys.documentSearch(tenant),
      keys.documentVersions(tenant),
      keys.documentVersionCounts(tenant),
    );
    return removed;
  }

  async remove(tenant: string, id: string): Promise<void> {
    const { keys } = this.deps;
    const multi = this.redis
      .multi()
      .del(keys.document(tenant, id))
      .zrem(keys.documentIndex(tenant), id)
      .hdel(keys.documentSearch(tenant), id);
    await this.versionsIn(multi, tenant, [id, '']).exec();
  }

  /**
   * How many documents the tenant has of each version, and how many without one: O(versions), from
   * the counts writes keep (counted once from the documents' versions for a tenant written before).
   */
  async versionCounts(tenant: string): Promise<{ counts: Map<string, number>; unversioned: number }> {
    const { keys } = this.deps;
    const multi = this.redis.multi().zcard(keys.documentIndex(tenant));
    const replies = (await this.versionsIn(multi, tenant, []).exec())!;
    const failed = replies.find(([error]) => error)?.[0];
    if (failed) throw failed;
    const [[, total], [, flat]] = replies as [[null, number], [null, string[]]];
    const counts = countsOf(flat);
    const versioned = [...counts.values()].reduce((sum, count) => sum + count, 0);
    return { counts, unversioned: Math.max(0, total - versioned) };
  }

  /**
   * How many documents the tenant has of each version, without the unversioned ones' count: what a
   * request's version needs, in one command (not a MULTI with the documents' count).
   */
  async versionedCounts(tenant: string): Promise<Map<string, number>> {
    const { keys } = this.deps;
    const redis = this.redis as unknown as VersionCountsCommand;
    return countsOf(
      await redis.documentVersions(keys.documentVersions(tenant), keys.documentVersionCounts(tenant)),
    );
  }

  /** Adds to `multi` the change of documents' versions (id, version or '' pairs) and their counts. */
  private versionsIn(multi: ChainableCommander, tenant: string, pairs: string[]): ChainableCommander {
    const { keys } = this.deps;
    return (multi as ChainableCommander & VersionsCommand).documentVersions(
      keys.documentVersions(tenant),
      keys.documentVersionCounts(tenant),
      ...pairs,
    );
  }

  /**
   * A page of documents in id order after `cursor` (exclusive), and the cursor of the next page;
   * with `q`, only those matching it (see {@link search}).
   */
  async list(tenant: string, opts: DocumentListOptions): Promise<DocumentPage> {
    const terms = searchTerms(opts.q ?? '');
    if (terms.length) return this.search(tenant, terms, opts);
    const start = opts.cursor ? `(${opts.cursor}` : '-';
    const ids = await this.redis.zrangebylex(
      this.deps.keys.documentIndex(tenant),
      start,
      '+',
      'LIMIT',
      0,
      opts.limit + 1,
    );
    const page = ids.slice(0, opts.limit);
    return {
      documents: await this.records(tenant, page),
      next_cursor: ids.length > opts.limit ? page.at(-1)! : null,
    };
  }

  /**
   * The documents whose search text holds every term, in id order after `cursor`. Reads in the
   * steps of {@link SEARCH_BUDGET}; past its last step the page is answered as found so far
   * (possibly short, even empty) with a cursor to continue from.
   */
  private async search(tenant: string, terms: string[], opts: DocumentListOptions): Promise<DocumentPage> {
    const { keys } = this.deps;
    const budget = this.deps.searchBudget ?? SEARCH_BUDGET;
    await this.indexSearchTexts(tenant);
    const found: string[] = [];
    let cursor = opts.cursor ?? '';
    for (let step = 0; step < budget.steps; step++) {
      const [next, ids] = await this.redis.searchDocuments(
        keys.documentIndex(tenant),
        keys.documentSearch(tenant),
        cursor,
        opts.limit + 1 - found.length,
        budget.stepIds,
        ...terms,
      );
      found.push(...ids);
      cursor = next;
      if (!cursor || found.length > opts.limit) break;
    }
    const page = found.slice(0, opts.limit);
    const next_cursor = found.length > opts.limit ? page.at(-1)! : cursor || null;
    return { documents: await this.records(tenant, page), next_cursor };
  }

  /**
   * Writes the search texts of documents stored before search existed (once, on the first search
   * of their tenant); documents stored since get theirs from {@link put}.
   */
  private async indexSearchTexts(tenant: string): Promise<void> {
    const { keys } = this.deps;
    const [indexed, total] = await Promise.all([
      this.redis.hlen(keys.documentSearch(tenant)),
      this.redis.zcard(keys.documentIndex(tenant)),
    ]);
    if (indexed >= total) return;
    let start = '-';
    for (;;) {
      const ids = await this.redis.zrangebylex(keys.documentIndex(tenant), start, '+', 'LIMIT', 0, 500);
      if (!ids.length) return;
      const texts = (await this.records(tenant, ids)).flatMap((r) => [r.id, documentSearchText(r)]);
      if (texts.length) await this.redis.hset(keys.documentSearch(tenant), ...texts);
      start = `(${ids.at(-1)!}`;
    }
  }

  private async records(tenant: string, ids: string[]): Promise<DocumentRecord[]> {
    if (!ids.length) return [];
    const raws = await this.redis.mget(ids.map((id) => this.deps.keys.document(tenant, id)));
    return raws.flatMap((raw) => (raw ? [JSON.parse(raw) as DocumentRecord] : []));
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
      JOB_RECORD_TTL_S,
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

/** The counts document-versions.lua answers (version, count, …) as a map. */
function countsOf(flat: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < flat.length; i += 2) counts.set(flat[i]!, Number(flat[i + 1]));
  return counts;
}
