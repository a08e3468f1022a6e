import type { SourceRecord, SourceRequest, SourceType, SourceUpdate, SyncRecord } from '@docqa/contracts';
import { NotFoundError, ValidationError } from '@docqa/errors';
import type { DocumentService } from '@docqa/ingest';
import type { SourceQueue } from '@docqa/queue';
import { newId, type Keys, type Lease } from '@docqa/redis';
import { normaliseUrl } from '@docqa/sources';
import type { SecretBox } from './secret-box';
import {
  newSyncRecord,
  publicSource,
  removeDocument,
  type SourceStore,
  type StoredSource,
} from './source-store';

/** Syncs shown with a source. */
const SYNCS_SHOWN = 10;
/** Settings whose change alters the documents of unchanged pages, so every page is read anew. */
const REREAD_ON_CHANGE = ['branch', 'base_url', 'version_pattern'] as const;

/** Refuses a token for a source that is not a GitHub repository. */
function refuseTokenUnlessGithub(type: SourceType): void {
  if (type !== 'github')
    throw new ValidationError('token is for github sources only', {
      errors: [{ path: 'body.token', message: 'only a github source takes a token' }],
    });
}

/** Whether the metadata given to the source's documents changed. */
function metadataChanged(before: StoredSource, after: StoredSource): boolean {
  const a = Object.entries(before.metadata).sort();
  const b = Object.entries(after.metadata).sort();
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** What a {@link SourceService} works with. */
export interface SourceServiceDeps {
  store: SourceStore;
  queue: SourceQueue;
  documents: DocumentService;
  secrets: SecretBox;
  /** The leases of the sources' syncs: a delete waits for the sync indexing a batch. */
  lease: Lease;
  keys: Keys;
  /** Lease time of a sync (`JOB_LOCK_MS`): a dead sync's lease lapses after it. */
  leaseMs: number;
}

/** Sources as the API offers them: create, list, read, delete (with their documents), sync now. */
export class SourceService {
  constructor(private readonly deps: SourceServiceDeps) {}

  async create(tenant: string, body: SourceRequest): Promise<SourceRecord> {
    if (body.token) refuseTokenUnlessGithub(body.type);
    const source: StoredSource = {
      id: newId('s'),
      type: body.type,
      url: body.url ? normaliseUrl(body.url) : null,
      repo: body.repo ?? null,
      branch: body.branch ?? null,
      has_token: Boolean(body.token),
      ...(body.token && { token_sealed: this.deps.secrets.seal(body.token) }),
      include: body.include ?? [],
      exclude: body.exclude ?? [],
      metadata: body.metadata ?? {},
      schedule: body.schedule ?? null,
      base_url: body.base_url ?? null,
      ...(body.dialect && { dialect: body.dialect }),
      ...(body.page_urls && { page_urls: body.page_urls }),
      ...(body.language && { language: body.language }),
      ...(body.version_pattern && { version_pattern: body.version_pattern }),
      created_at: new Date().toISOString(),
    };
    await this.deps.store.put(tenant, source);
    if (source.schedule) await this.deps.queue.schedule(tenant, source.id, source.schedule);
    return publicSource(source);
  }

  /**
   * Changes the settings given of a source (see `SourceUpdate`): a new schedule replaces the old,
   * a token is sealed as on creation. A change to what its documents are made of (metadata,
   * branch, base URL) makes its next sync read every page anew; the rest applies at its next sync.
   */
  async update(tenant: string, id: string, body: SourceUpdate): Promise<SourceRecord> {
    const { store, queue, secrets } = this.deps;
    const source = await store.get(tenant, id);
    if (body.token) refuseTokenUnlessGithub(source.type);
    const { token, version_pattern, ...fields } = body;
    const { token_sealed: _sealed, version_pattern: pattern, ...kept } = source;
    const rule = version_pattern === undefined ? pattern : (version_pattern ?? undefined);
    const next: StoredSource = { ...kept, ...fields, ...(rule && { version_pattern: rule }) };
    if (token === null) next.has_token = false;
    else if (token) Object.assign(next, { has_token: true, token_sealed: secrets.seal(token) });
    else if (source.token_sealed) next.token_sealed = source.token_sealed;
    if (!(await store.replace(tenant, next))) throw new NotFoundError(`source ${id} was not found`);
    if (REREAD_ON_CHANGE.some((key) => next[key] !== source[key]) || metadataChanged(source, next))
      await store.rereadPages(tenant, id);
    if (next.schedule !== source.schedule) {
      if (next.schedule) await queue.schedule(tenant, id, next.schedule);
      else await queue.unschedule(tenant, id);
    }
    return publicSource(next);
  }

  async list(tenant: string): Promise<SourceRecord[]> {
    return (await this.deps.store.list(tenant)).map(publicSource);
  }

  /** A source with its latest syncs, newest first. */
  async get(tenant: string, id: string): Promise<SourceRecord> {
    const source = await this.deps.store.get(tenant, id);
    const syncs = await this.deps.store.syncs(tenant, id);
    return { ...publicSource(source), syncs: syncs.slice(0, SYNCS_SHOWN) };
  }

  /**
   * A GitHub source's repository, branch, published base URL and stored token (opened), for a
   * change proposed to it (a pull request); 400 for a source of another type.
   */
  async repository(
    tenant: string,
    id: string,
  ): Promise<{ repo: string; branch?: string; baseUrl?: string; token?: string }> {
    const source = await this.deps.store.get(tenant, id);
    if (source.type !== 'github' || !source.repo)
      throw new ValidationError(`source ${id} is not a GitHub repository`, {
        errors: [{ path: 'body.source_id', message: 'must be a github source' }],
      });
    return {
      repo: source.repo,
      branch: source.branch ?? undefined,
      baseUrl: source.base_url ?? undefined,
      token: source.token_sealed ? this.deps.secrets.open(source.token_sealed) : undefined,
    };
  }

  /**
   * Deletes the source, its schedule and every document it brought in. The record goes first, so a
   * sync running meanwhile records nothing more and indexes no further batch (see SourceSyncer).
   * When a sync was indexing a batch, the delete waits for it (it stops at its next write and
   * removes the batch's documents) or for its lease to lapse (its worker died), and removes the
   * batch's documents too: once this returns, no sync writes anything of the source.
   */
  async remove(tenant: string, id: string): Promise<void> {
    const { store, queue, documents, lease, keys, leaseMs } = this.deps;
    await store.get(tenant, id);
    await queue.unschedule(tenant, id);
    await store.retire(tenant, id);
    const held = (await store.indexing(tenant, id)).length
      ? await lease.acquireWhenFree(keys.sourceLease(tenant, id), leaseMs)
      : null;
    try {
      const ids = new Set(await store.indexing(tenant, id));
      for (const state of (await store.pages(tenant, id)).values()) ids.add(state.document_id);
      for (const documentId of ids) await removeDocument(documents, tenant, documentId);
      await store.purge(tenant, id);
    } finally {
      await held?.release();
    }
  }

  /** Queues a sync now; its progress shows in the source's syncs. */
  async sync(
    tenant: string,
    id: string,
    trigger: Exclude<SyncRecord['trigger'], 'schedule'> = 'manual',
  ): Promise<{ job_id: string }> {
    await this.deps.store.get(tenant, id);
    const jobId = newId('j');
    await this.deps.store.putSync(tenant, id, newSyncRecord(jobId, trigger));
    await this.deps.queue.enqueue({ tenant, source_id: id, trigger }, jobId);
    return { job_id: jobId };
  }

  /**
   * Reads every source of every tenant anew: forgets what their syncs saw and queues a sync of
   * each (for a vector store that lost their pages). Returns how many sources.
   */
  async rebuildAll(): Promise<number> {
    const { store } = this.deps;
    let queued = 0;
    for (const tenant of await store.tenants()) {
      for (const source of await store.list(tenant)) {
        await store.forgetPages(tenant, source.id);
        await this.sync(tenant, source.id, 'rebuild');
        queued++;
      }
    }
    return queued;
  }
}
