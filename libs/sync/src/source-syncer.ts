import type { Logger } from 'pino';
import type { SourceSyncJob, SyncRecord } from '@docqa/contracts';
import { SyncBusyError } from '@docqa/errors';
import { CHUNKING_VERSION, type DocumentService } from '@docqa/ingest';
import type { HeldLease, Keys, Lease } from '@docqa/redis';
import {
  mapConcurrent,
  reasonOf,
  PUBLIC_NETWORKS_ONLY,
  refusePrivateNetworks,
  type FetchOptions,
  type LoadedDocument,
  type ParseLimits,
} from '@docqa/sources';
import { READERS } from './readers';
import { withSourceVersion } from './source-version';
import type { SecretBox } from './secret-box';
import {
  newSyncRecord,
  removeDocument,
  type PageState,
  type SourceStore,
  type StoredSource,
} from './source-store';

/** The source was deleted while its sync ran: the sync stops and leaves nothing behind. */
class SourceDeleted extends Error {}

/**
 * Another worker took the source's lease (this one was taken for dead, its job handed on): the
 * sync stops without a word more, as its record is now the other worker's to write.
 */
class LeaseLost extends Error {}

/** Documents ingested per job while syncing: bounds memory and records progress as it goes. */
const INGEST_BATCH = 100;
/** Failures listed in a sync record; the rest are counted. */
const FAILURES_KEPT = 100;
/** A running sync's record is written at most this often, so its counts grow where it is shown. */
const PROGRESS_INTERVAL_MS = 1000;

/** A page to (re-)index: its new state and document. */
interface Changed {
  key: string;
  state: PageState;
  document: LoadedDocument;
  isNew: boolean;
}

/**
 * Syncs one source: lists its pages, reads each against what the last sync saw (conditional
 * requests, content hashes), indexes the changed ones, and deletes the documents of pages that
 * left the source. One sync per source runs at a time (a lease with an expiry, so a crashed
 * worker's lease lapses). A page that fails keeps its document; a source that cannot be listed
 * fails the sync and deletes nothing.
 */
export class SourceSyncer {
  constructor(
    private readonly deps: {
      store: SourceStore;
      lease: Lease;
      keys: Keys;
      documents: DocumentService;
      logger: Logger;
      /** Lease time; renewed every third of it. */
      leaseMs: number;
      /** Pages fetched at once. */
      concurrency: number;
      /** Fetch loopback, private and link-local addresses (SOURCES_ALLOW_PRIVATE_NETWORKS). */
      allowPrivateNetworks: boolean;
      /** GitHub REST API of `github` sources. */
      githubApiUrl: string;
      /** What parsing one page or file may cost (the PARSE_* settings). */
      parseLimits: ParseLimits;
      /** Opens the sealed tokens of sources. */
      secrets: SecretBox;
    },
  ) {}

  /**
   * Runs the sync `jobId` of a source; null when the source was deleted. Throws a SyncBusyError
   * when another sync of the source holds the lease.
   */
  async sync(job: SourceSyncJob, jobId: string): Promise<SyncRecord | null> {
    const { store, keys } = this.deps;
    const source = await store.find(job.tenant, job.source_id);
    if (!source) return null;
    const lease = await this.deps.lease.acquire(keys.sourceLease(job.tenant, source.id), this.deps.leaseMs);
    if (!lease) throw new SyncBusyError(`a sync of source ${source.id} is running`);
    try {
      const queued = await store.findSync(job.tenant, source.id, jobId);
      // A job delivered again after its sync ended (its worker, starved, lost the job's lock while
      // finishing it): the sync ran once and its record stays.
      if (queued?.status === 'completed' || queued?.status === 'failed') return queued;
      const sync: SyncRecord = {
        ...newSyncRecord(jobId, job.trigger),
        created_at: queued?.created_at ?? new Date().toISOString(),
        status: 'running',
        started_at: new Date().toISOString(),
      };
      if (!(await store.putSync(job.tenant, source.id, sync))) return null;
      const meter = { requests: 0, bytes: 0 };
      const fetch: FetchOptions = {
        meter,
        ...(!this.deps.allowPrivateNetworks && {
          guard: refusePrivateNetworks,
          dispatcher: PUBLIC_NETWORKS_ONLY,
        }),
      };
      const progress = new SyncProgress(() => {
        if (lease.lost) throw new LeaseLost();
        return store.putSync(job.tenant, source.id, {
          ...sync,
          failures: sync.failures.slice(0, FAILURES_KEPT),
        });
      });
      try {
        await this.run(job.tenant, source, sync, fetch, lease, progress);
        await progress.settled();
        sync.status = 'completed';
      } catch (err) {
        await progress.settled();
        if (err instanceof SourceDeleted) return null;
        if (err instanceof LeaseLost) {
          this.deps.logger.info({ sourceId: source.id, jobId }, 'source sync taken over by another worker');
          return null;
        }
        sync.status = 'failed';
        sync.error = reasonOf(err);
        this.deps.logger.warn({ err, sourceId: source.id }, 'source sync failed');
      }
      Object.assign(sync, { ...meter, finished_at: new Date().toISOString() });
      sync.failures = sync.failures.slice(0, FAILURES_KEPT);
      return (await store.putSync(job.tenant, source.id, sync)) ? sync : null;
    } finally {
      await lease.release();
    }
  }

  private async run(
    tenant: string,
    source: StoredSource,
    sync: SyncRecord,
    fetch: FetchOptions,
    lease: HeldLease,
    progress: SyncProgress,
  ): Promise<void> {
    const listing = await READERS[source.type](source, fetch, {
      githubApiUrl: this.deps.githubApiUrl,
      limits: this.deps.parseLimits,
      ...(source.token_sealed && { token: this.deps.secrets.open(source.token_sealed) }),
    });
    for (const f of listing.failures) sync.failures.push(f);
    sync.listed = listing.entries.length;
    await progress.save(true);
    const previous = await this.deps.store.pages(tenant, source.id);
    const present = await this.deps.documents.existing(
      tenant,
      [...previous.values()].map((state) => state.document_id),
    );
    const unchanged = new Map<string, PageState>();
    const changed: Changed[] = [];
    /** Pages indexed before that now redirect to another page the source lists. */
    const redirected: [string, PageState][] = [];
    await mapConcurrent(listing.entries, this.deps.concurrency, async (entry) => {
      const before = previous.get(entry.key);
      // A page is read as if never seen (no conditional request, no hash to match), so it is
      // indexed again, when it was indexed by another chunking version or before the source's
      // settings changed, or when its document is gone: deleted by hand, or by the deletion of
      // another source that had taken the page over.
      const known =
        before?.chunking === CHUNKING_VERSION && !before.reread && present.has(before.document_id)
          ? before
          : undefined;
      try {
        const result = await entry.read(known);
        if (result.status === 'unchanged') unchanged.set(entry.key, stamped(result.state));
        else if (result.status === 'changed') changed.push({ key: entry.key, ...result, isNew: !before });
        else if (before) redirected.push([entry.key, before]);
      } catch (err) {
        sync.failed++;
        sync.failures.push({ url: entry.key, reason: reasonOf(err) });
      }
      sync.read++;
      sync.unchanged = unchanged.size;
      await progress.save();
    });
    await progress.save(true);
    if (!(await this.deps.store.setPages(tenant, source.id, unchanged))) throw new SourceDeleted();
    for (let i = 0; i < changed.length; i += INGEST_BATCH) {
      if (!(await lease.held())) throw new LeaseLost();
      await this.index(tenant, source, sync, changed.slice(i, i + INGEST_BATCH), i / INGEST_BATCH);
      await progress.save();
    }
    if (!listing.complete) return;
    if (!(await lease.held())) throw new LeaseLost();
    const listed = new Set(listing.entries.map((e) => e.key));
    const gone = [...previous].filter(([key]) => !listed.has(key));
    for (const [key, state] of [...gone, ...redirected]) {
      await removeDocument(this.deps.documents, tenant, state.document_id);
      await this.deps.store.removePages(tenant, source.id, [key]);
      sync.deleted++;
    }
  }

  /**
   * Indexes a batch of changed pages and records the state of the ones that made it. The batch is
   * recorded first, so a delete of the source meanwhile finds its documents (and waits for this
   * sync's lease); when the source was deleted before, nothing is indexed; when it was deleted
   * meanwhile, the states are refused and the batch's documents removed.
   */
  private async index(
    tenant: string,
    source: StoredSource,
    sync: SyncRecord,
    batch: Changed[],
    n: number,
  ): Promise<void> {
    const { store } = this.deps;
    const documentIds = new Map(batch.map((c) => [c.key, c.document.id]));
    if (!(await store.beginIndexing(tenant, source.id, documentIds))) throw new SourceDeleted();
    const job = await this.deps.documents.ingestNow(
      tenant,
      `${sync.job_id}-${n}`,
      batch.map((c) => withSourceVersion(source, c.document)),
    );
    sync.chunks += job.chunks;
    const failed = new Map(job.errors.map((e) => [e.document_id, e.message]));
    const saved = new Map<string, PageState>();
    for (const c of batch) {
      const reason = failed.get(c.document.id);
      if (reason !== undefined) {
        sync.failed++;
        sync.failures.push({ url: c.key, reason });
        continue;
      }
      saved.set(c.key, stamped(c.state));
      if (c.isNew) sync.added++;
      else sync.updated++;
    }
    if (!(await store.setPages(tenant, source.id, saved))) {
      for (const c of batch) await removeDocument(this.deps.documents, tenant, c.document.id);
      throw new SourceDeleted();
    }
    await store.endIndexing(tenant, source.id);
  }
}

/**
 * Writes a running sync's record as its counts grow: at most once a {@link PROGRESS_INTERVAL_MS}
 * (or at once when forced), one write at a time. A write refused because the source was deleted
 * ends the sync ({@link SourceDeleted}).
 */
class SyncProgress {
  private last = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly put: () => Promise<boolean>) {}

  async save(force = false): Promise<void> {
    const now = Date.now();
    if (!force && now - this.last < PROGRESS_INTERVAL_MS) return;
    this.last = now;
    this.writing = this.writing.then(async () => {
      if (!(await this.put())) throw new SourceDeleted();
    });
    await this.writing;
  }

  /** Waits for the write under way, if any (the final record is written after it). */
  async settled(): Promise<void> {
    await this.writing.catch(() => undefined);
  }
}

/** A page's state as indexed by this version of the chunker. */
function stamped(state: PageState): PageState {
  return { ...state, chunking: CHUNKING_VERSION };
}
