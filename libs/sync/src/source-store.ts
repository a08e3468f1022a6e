import type { Redis } from 'ioredis';
import type { SourceRecord, SyncRecord } from '@docqa/contracts';
import { NotFoundError } from '@docqa/errors';
import type { DocumentService } from '@docqa/ingest';
import { tenantsWith, type Keys } from '@docqa/redis';
import hsetIfSourceScript from './lua/hset-if-source.lua';

interface SourceCommands {
  hsetIfSource(source: string, hash: string, ...fieldsAndValues: string[]): Promise<number>;
}

/** A source as stored: its record without the sync history, with its token sealed (never shown). */
export type StoredSource = Omit<SourceRecord, 'syncs'> & { token_sealed?: string };

/** A source as the API shows it: without its sealed token. */
export function publicSource({
  token_sealed: _sealed,
  ...source
}: StoredSource): Omit<SourceRecord, 'syncs'> {
  return source;
}

/** What the last sync saw of one page or file of a source. */
export interface PageState {
  document_id: string;
  /** SHA-256 of the fetched bytes (or of a section's text; a GitHub file's blob SHA). */
  hash: string;
  /** The files a GitHub page included (path → blob SHA): a change to one changes the page. */
  included?: Record<string, string>;
  etag?: string;
  last_modified?: string;
  /** The `CHUNKING_VERSION` its document was indexed with (absent: before versions existed). */
  chunking?: number;
  /** The source's settings changed since (its metadata, say): the page is read as never seen. */
  reread?: boolean;
}

/** Syncs kept per source. */
const SYNCS_KEPT = 20;

/**
 * Sources, their pages' last-seen state and their sync history, in Redis, per tenant. Page states
 * and syncs are written only while their source exists, so a sync that outlives the deletion of
 * its source cannot bring it back (see {@link retire}).
 */
export class SourceStore {
  private readonly redis: Redis & SourceCommands;

  constructor(private readonly deps: { redis: Redis; keys: Keys }) {
    if (!(deps.redis as Partial<SourceCommands>).hsetIfSource)
      deps.redis.defineCommand('hsetIfSource', { numberOfKeys: 2, lua: hsetIfSourceScript });
    this.redis = deps.redis as Redis & SourceCommands;
  }

  async put(tenant: string, source: StoredSource): Promise<void> {
    const { redis, keys } = this.deps;
    await redis
      .multi()
      .set(keys.source(tenant, source.id), JSON.stringify(source))
      .zadd(keys.sourceIndex(tenant), 0, source.id)
      .exec();
  }

  /**
   * Writes a changed source over its record; false (and nothing written) when it was deleted
   * meanwhile, so an edit never brings a deleted source back.
   */
  async replace(tenant: string, source: StoredSource): Promise<boolean> {
    const { redis, keys } = this.deps;
    return (await redis.set(keys.source(tenant, source.id), JSON.stringify(source), 'XX')) === 'OK';
  }

  async find(tenant: string, id: string): Promise<StoredSource | null> {
    const raw = await this.deps.redis.get(this.deps.keys.source(tenant, id));
    return raw ? (JSON.parse(raw) as StoredSource) : null;
  }

  /** The source of `tenant`; another tenant's answers not found. */
  async get(tenant: string, id: string): Promise<StoredSource> {
    const source = await this.find(tenant, id);
    if (!source) throw new NotFoundError(`source ${id} was not found`);
    return source;
  }

  async list(tenant: string): Promise<StoredSource[]> {
    const { redis, keys } = this.deps;
    const ids = await redis.zrange(keys.sourceIndex(tenant), 0, -1);
    const raws = ids.length ? await redis.mget(ids.map((id) => keys.source(tenant, id))) : [];
    return raws.flatMap((raw) => (raw ? [JSON.parse(raw) as StoredSource] : []));
  }

  /**
   * Deletes the source's record, first step of deleting it: from then on no sync writes its page
   * states, syncs or batches to index (a running one stops at its next write). Its page states and
   * batch being indexed stay for the caller to delete their documents, then {@link purge}.
   */
  async retire(tenant: string, id: string): Promise<void> {
    const { redis, keys } = this.deps;
    await redis.multi().del(keys.source(tenant, id)).zrem(keys.sourceIndex(tenant), id).exec();
  }

  /** Deletes a retired source's page states, history and batch being indexed. */
  async purge(tenant: string, id: string): Promise<void> {
    const { keys } = this.deps;
    await this.redis.del(
      keys.sourcePages(tenant, id),
      keys.sourceSyncs(tenant, id),
      keys.sourceIndexing(tenant, id),
    );
  }

  /** Every tenant that has sources. */
  async tenants(): Promise<string[]> {
    return tenantsWith(this.redis, (tenant) => this.deps.keys.sourceIndex(tenant));
  }

  /** Forgets what syncs saw of the source's pages: its next sync reads each page anew. */
  async forgetPages(tenant: string, id: string): Promise<void> {
    await this.redis.del(this.deps.keys.sourcePages(tenant, id));
  }

  /**
   * Marks every page state to be read anew at the next sync (see {@link PageState.reread}),
   * keeping its document: the pages count as updated, not added.
   */
  async rereadPages(tenant: string, id: string): Promise<void> {
    const pages = await this.pages(tenant, id);
    for (const [url, state] of pages) pages.set(url, { ...state, reread: true });
    await this.setPages(tenant, id, pages);
  }

  async pages(tenant: string, id: string): Promise<Map<string, PageState>> {
    const raw = await this.deps.redis.hgetall(this.deps.keys.sourcePages(tenant, id));
    return new Map(Object.entries(raw).map(([url, json]) => [url, JSON.parse(json) as PageState]));
  }

  /** Records page states; false (and nothing written) when the source was deleted. */
  async setPages(tenant: string, id: string, pages: Map<string, PageState>): Promise<boolean> {
    const { keys } = this.deps;
    if (!pages.size) return Boolean(await this.redis.exists(keys.source(tenant, id)));
    const entries = [...pages].flatMap(([url, state]) => [url, JSON.stringify(state)]);
    return (
      (await this.redis.hsetIfSource(keys.source(tenant, id), keys.sourcePages(tenant, id), ...entries)) === 1
    );
  }

  /**
   * Records the documents a sync is about to index (page URL → document id), before it writes
   * them; false (and nothing written) when the source was deleted, and then the sync must not
   * index them. A delete that finds a batch recorded waits for the sync and removes its documents.
   */
  async beginIndexing(tenant: string, id: string, documents: Map<string, string>): Promise<boolean> {
    const { keys } = this.deps;
    const entries = [...documents].flat();
    if (!entries.length) return Boolean(await this.redis.exists(keys.source(tenant, id)));
    return (
      (await this.redis.hsetIfSource(
        keys.source(tenant, id),
        keys.sourceIndexing(tenant, id),
        ...entries,
      )) === 1
    );
  }

  /** Forgets the batch being indexed, once its page states are recorded. */
  async endIndexing(tenant: string, id: string): Promise<void> {
    await this.redis.del(this.deps.keys.sourceIndexing(tenant, id));
  }

  /** The documents of the batch a sync is indexing (or was, when its worker died meanwhile). */
  async indexing(tenant: string, id: string): Promise<string[]> {
    return this.redis.hvals(this.deps.keys.sourceIndexing(tenant, id));
  }

  async removePages(tenant: string, id: string, urls: string[]): Promise<void> {
    if (urls.length) await this.deps.redis.hdel(this.deps.keys.sourcePages(tenant, id), ...urls);
  }

  /**
   * Writes a sync (new or updated) and drops the oldest beyond the ones kept; false (and nothing
   * written) when the source was deleted.
   */
  async putSync(tenant: string, id: string, sync: SyncRecord): Promise<boolean> {
    const { keys } = this.deps;
    const key = keys.sourceSyncs(tenant, id);
    if (!(await this.redis.hsetIfSource(keys.source(tenant, id), key, sync.job_id, JSON.stringify(sync))))
      return false;
    const syncs = await this.syncs(tenant, id);
    const stale = syncs.slice(SYNCS_KEPT).map((s) => s.job_id);
    if (stale.length) await this.redis.hdel(key, ...stale);
    return true;
  }

  async findSync(tenant: string, id: string, jobId: string): Promise<SyncRecord | null> {
    const raw = await this.deps.redis.hget(this.deps.keys.sourceSyncs(tenant, id), jobId);
    return raw ? parseSync(raw) : null;
  }

  /** The source's syncs, newest first. */
  async syncs(tenant: string, id: string): Promise<SyncRecord[]> {
    const raw = await this.deps.redis.hvals(this.deps.keys.sourceSyncs(tenant, id));
    return raw.map(parseSync).sort((a, b) => b.created_at.localeCompare(a.created_at));
  }
}

/** A stored sync record; one written before `listed` and `read` were counted has them as 0. */
function parseSync(json: string): SyncRecord {
  const sync = JSON.parse(json) as Partial<Pick<SyncRecord, 'listed' | 'read'>> &
    Omit<SyncRecord, 'listed' | 'read'>;
  return { ...sync, listed: sync.listed ?? 0, read: sync.read ?? 0 };
}

/** A sync not started yet. */
export function newSyncRecord(jobId: string, trigger: SyncRecord['trigger']): SyncRecord {
  return {
    job_id: jobId,
    status: 'queued',
    trigger,
    listed: 0,
    read: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    deleted: 0,
    failed: 0,
    failures: [],
    chunks: 0,
    requests: 0,
    bytes: 0,
    created_at: new Date().toISOString(),
    started_at: null,
    finished_at: null,
  };
}

/** Removes a document a source brought in; one already gone is fine. */
export async function removeDocument(documents: DocumentService, tenant: string, id: string): Promise<void> {
  await documents.remove(tenant, id).catch((err: unknown) => {
    if (!(err instanceof NotFoundError)) throw err;
  });
}
