import type { Command } from 'commander';
import type { JobRecord } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import { reindexBar } from './progress-bars';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** How often a queued re-chunking's record is read while waiting for it. */
const POLL_MS = 500;

/** A finished re-chunking, as one line. */
export function reindexSummary(tenant: string, job: JobRecord): string {
  const failed = job.failed
    ? `, ${job.failed} failed (${job.errors.map((e) => e.document_id).join(', ')})`
    : '';
  return `${tenant}: ${job.processed} of ${job.total} documents re-chunked (${job.chunks} chunks)${failed}`;
}

/**
 * Queues the re-chunking of each tenant's documents of an older chunking version (through Redis,
 * as the worker runs it), then follows the jobs one after the other; resolves to whether none
 * failed.
 */
async function reindex(opts: { tenant?: string[]; all?: boolean; wait: boolean }): Promise<boolean> {
  if (!opts.all && !opts.tenant?.length)
    throw new ValidationError('name the tenants with --tenant <name> (repeatable), or give --all');
  if (opts.all && opts.tenant?.length) throw new ValidationError('give either --tenant or --all');
  const { withReindexJobs } = await import('./reindex-jobs');
  return withReindexJobs(async (jobs) => {
    const tenants = opts.all ? await jobs.tenants() : opts.tenant!;
    const queued: [string, JobRecord][] = [];
    for (const tenant of tenants) {
      const job = await jobs.queue(tenant);
      process.stderr.write(`${tenant}: ${job.total} documents to re-chunk (job ${job.id})\n`);
      queued.push([tenant, job]);
    }
    if (!opts.wait) return true;
    let ok = true;
    for (const [tenant, { id }] of queued) {
      const job = await follow(() => jobs.read(tenant, id));
      process.stderr.write(`${reindexSummary(tenant, job)}\n`);
      ok &&= job.status === 'completed' && job.failed === 0;
    }
    return ok;
  });
}

/** Reads a job's record until it ends, drawing its progress; the record it ended with. */
async function follow(read: () => Promise<JobRecord>): Promise<JobRecord> {
  const bar = reindexBar();
  let job = await read();
  bar.start(job.total, 0);
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    job = await read();
    bar.update(job.processed + job.failed);
  }
  bar.stop();
  return job;
}

/** `reindex`: re-chunk documents indexed with an older chunking version (talks to Redis directly). */
export function reindexCommand(program: Command): void {
  program
    .command('reindex')
    .description(
      'Re-chunk the documents indexed before this version’s chunking, from their stored chunks (talks to Redis directly; a worker runs it)',
    )
    .option('--tenant <tenant>', 'a tenant whose documents to re-chunk (repeatable)', collect)
    .option('--all', 'every tenant that has documents')
    .option('--no-wait', 'queue the jobs and exit without following them')
    .action(async (opts) => {
      if (!(await reindex(opts))) process.exitCode = 1;
    });
}
