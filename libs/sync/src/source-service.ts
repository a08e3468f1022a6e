import type { SourceRecord, SourceRequest, SyncRecord } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import type { DocumentService } from '@docqa/ingest';
import type { SourceQueue } from '@docqa/queue';
import { newId } from '@docqa/records';
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

/** Sources as the API offers them: create, list, read, delete (with their documents), sync now. */
export class SourceService {
  constructor(
    private readonly deps: {
      store: SourceStore;
      queue: SourceQueue;
      documents: DocumentService;
      secrets: SecretBox;
    },
  ) {}

  async create(tenant: string, body: SourceRequest): Promise<SourceRecord> {
    if (body.token && body.type !== 'github')
      throw new ValidationError('token is for github sources only', {
        errors: [{ path: 'body.token', message: 'only a github source takes a token' }],
      });
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
      created_at: new Date().toISOString(),
    };
    await this.deps.store.put(tenant, source);
    if (source.schedule) await this.deps.queue.schedule(tenant, source.id, source.schedule);
    return publicSource(source);
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
   * Deletes the source, its schedule and every document it brought in. The record goes first, so a
   * sync running meanwhile records nothing more and removes what it was indexing (see
   * SourceSyncer); the documents of the pages recorded until then are removed here.
   */
  async remove(tenant: string, id: string): Promise<void> {
    const { store, queue, documents } = this.deps;
    await store.get(tenant, id);
    await queue.unschedule(tenant, id);
    await store.retire(tenant, id);
    for (const state of (await store.pages(tenant, id)).values())
      await removeDocument(documents, tenant, state.document_id);
    await store.purge(tenant, id);
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
