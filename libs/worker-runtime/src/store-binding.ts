import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DependencyUnavailableError } from '@docqa/errors';
import type { DocumentStore } from '@docqa/ingest';
import { type HeldLease, type Keys, Lease } from '@docqa/records';
import type { VectorStore } from '@docqa/retrieval';
import type { SourceService } from '@docqa/sync';

/** How long the binding lease lasts unless renewed (its holder renews it while it works). */
const BINDING_LEASE_MS = 30_000;
/** How often a worker waiting for another's binding looks again. */
const BINDING_POLL_MS = 200;
/** First wait before asking an unavailable vector store (Qdrant) again. */
const RETRY_MS = 1000;

/** What {@link bindRecordsToStore} found and did. */
export interface StoreBinding {
  /** The stamp the store and the records now share. */
  stamp: string;
  /** Document records dropped because the store does not hold their chunks. */
  droppedDocuments: number;
  /** Sources queued to be read anew for the same reason. */
  rebuiltSources: number;
}

/**
 * Makes sure the document records and source page states in Redis describe the vector store this
 * worker writes, before it takes any job. Redis keeps the stamp of the store its records describe,
 * and the store keeps the same stamp with its data. The records are stale when the store holds
 * nothing while Redis has document records (a data folder or collection removed or replaced), or
 * when the store carries another stamp (another store, e.g. two installations on one Redis).
 * Stale records would make every later ingestion skip those documents as unchanged, leaving them
 * missing from search for good; so they are dropped, and every source is queued to be read anew.
 * Documents sent through the API must be sent again: the log line says how many were dropped.
 * A store without a stamp that holds chunks (written before stamps existed) is taken as described
 * by the records. One worker binds at a time (a lease); the others wait and then find the two in
 * agreement.
 */
export async function bindRecordsToStore(deps: {
  redis: Redis;
  keys: Keys;
  store: Pick<VectorStore, 'identity' | 'setStamp'>;
  documents: Pick<DocumentStore, 'tenants' | 'removeAll'>;
  sources: Pick<SourceService, 'rebuildAll'>;
  logger: Logger;
  /** First wait before asking an unavailable store again (it grows to five times that). */
  retryMs?: number;
}): Promise<StoreBinding> {
  const { redis, keys, store, documents, sources, logger } = deps;
  const lease = await holdLease(new Lease(redis), keys.storeBinding());
  try {
    const identity = await whenAvailable(() => store.identity(), logger, deps.retryMs ?? RETRY_MS);
    const recorded = await redis.get(keys.storeStamp());
    const otherStore = identity.stamp !== null && recorded !== null && identity.stamp !== recorded;
    // Listing the tenants scans Redis: only when the answer matters.
    const tenants = otherStore || identity.empty ? await documents.tenants() : [];
    const storeLost = identity.empty && tenants.length > 0;
    let droppedDocuments = 0;
    let rebuiltSources = 0;
    if (otherStore || storeLost) {
      for (const tenant of tenants) droppedDocuments += await documents.removeAll(tenant);
      rebuiltSources = await sources.rebuildAll();
      const reason = otherStore
        ? 'the vector store is not the one the document records describe'
        : 'the vector store holds none of the recorded documents';
      logger.warn(
        { droppedDocuments, rebuiltSources, storeStamp: identity.stamp, recordedStamp: recorded },
        `${reason}: dropped the records and queued every source to be read again; ` +
          'documents sent through the API must be sent again',
      );
    }
    const stamp = identity.stamp ?? (storeLost ? null : recorded) ?? randomUUID();
    if (identity.stamp !== stamp) await store.setStamp(stamp);
    if (recorded !== stamp) await redis.set(keys.storeStamp(), stamp);
    return { stamp, droppedDocuments, rebuiltSources };
  } finally {
    await lease.release();
  }
}

/**
 * The answer of `ask`, asked again while the vector store is unavailable (Qdrant not up yet), as
 * a worker waits for Redis: each wait a little longer, up to five times the first.
 */
async function whenAvailable<T>(ask: () => Promise<T>, logger: Logger, retryMs: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ask();
    } catch (err) {
      if (!(err instanceof DependencyUnavailableError)) throw err;
      logger.warn({ err: err.message, attempt }, 'the vector store is unavailable; waiting for it');
      await new Promise((resolve) => setTimeout(resolve, Math.min(attempt, 5) * retryMs));
    }
  }
}

/** Takes the lease, waiting while another worker holds it. */
async function holdLease(lease: Lease, key: string): Promise<HeldLease> {
  for (;;) {
    const held = await lease.acquire(key, BINDING_LEASE_MS);
    if (held) return held;
    await new Promise((resolve) => setTimeout(resolve, BINDING_POLL_MS));
  }
}
