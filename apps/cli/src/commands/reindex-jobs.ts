import type { JobRecord } from '@docqa/contracts';
import { DocumentStore, queueReindex } from '@docqa/ingest';
import { IngestQueue } from '@docqa/queue';
import { bullConnection, redisTarget } from '@docqa/redis';
import { cliConfig } from './cli-config';
import { withRedis } from './redis-clients';

/** What `reindex` does with the records and the `ingest` queue of the configured Redis. */
export interface ReindexJobs {
  /** Every tenant that has documents. */
  tenants(): Promise<string[]>;
  /** Records and queues the re-chunking of a tenant's outdated documents. */
  queue(tenant: string): Promise<JobRecord>;
  /** A job's record as it stands. */
  read(tenant: string, jobId: string): Promise<JobRecord>;
}

/**
 * Runs `run` with the document records and `ingest` queue of the configured Redis (loaded only
 * when `reindex` runs), then closes them.
 */
export function withReindexJobs<T>(run: (jobs: ReindexJobs) => Promise<T>): Promise<T> {
  const config = cliConfig();
  return withRedis(async ({ redis, keys }) => {
    const documents = new DocumentStore({ redis, keys });
    const queue = new IngestQueue({
      connection: bullConnection(redisTarget(config), 'command', 'docqa-cli-queue'),
      prefix: keys.queuePrefix(),
      attempts: config.jobAttempts,
    });
    try {
      return await run({
        tenants: () => documents.tenants(),
        queue: (tenant) => queueReindex({ documents, queue }, tenant),
        read: (tenant, jobId) => documents.getJob(tenant, jobId),
      });
    } finally {
      await queue.close();
    }
  });
}
