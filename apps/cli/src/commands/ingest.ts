import type { Command } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import type { DocqaClient } from '@docqa/client';
import { loadPaths, type LoadIssue, type LoadedDocument } from '@docqa/ingest';
import { ValidationError } from '@docqa/errors';
import { clientFor, withConnectionOptions } from './http-client';

/** Documents per request: well under the 10 MB body limit for typical docs. */
const BATCH = 50;

/** Skipped and failed sources listed in the summary; the rest are counted. */
const LISTED = 20;

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Parses `--metadata key=value`. */
export function parseMetadata(values: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values) {
    const match = /^([^=]+)=(.*)$/.exec(value);
    if (!match) throw new ValidationError(`--metadata "${value}": use key=value`);
    out[match[1]!.trim()] = match[2]!;
  }
  return out;
}

/** Polls an ingest job until it ends, reporting the documents processed so far. */
async function waitForJob(client: DocqaClient, jobId: string, onProgress: (processed: number) => void) {
  for (;;) {
    const job = await client.jobs.get(jobId);
    onProgress(job.processed);
    if (job.status === 'completed' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 300));
  }
}

function list(verb: string, issues: LoadIssue[]): void {
  for (const issue of issues.slice(0, LISTED))
    process.stderr.write(`  ${verb} ${issue.source}: ${issue.reason}\n`);
  if (issues.length > LISTED) process.stderr.write(`  … and ${issues.length - LISTED} more ${verb}\n`);
}

/** Sends the documents in batches, following each ingest job with a progress bar. */
async function send(client: DocqaClient, documents: LoadedDocument[]) {
  const bar = new SingleBar(
    { format: 'ingest [{bar}] {value}/{total} documents | {eta_formatted} left', stream: process.stderr },
    Presets.shades_classic,
  );
  bar.start(documents.length, 0);
  const totals = { chunks: 0, skipped: 0, failed: 0, errors: [] as string[] };
  for (let i = 0; i < documents.length; i += BATCH) {
    const batch = documents.slice(i, i + BATCH);
    const { job_id } = await client.documents.create(batch);
    const job = await waitForJob(client, job_id, (processed) => bar.update(i + processed));
    totals.chunks += job.chunks;
    totals.skipped += job.skipped;
    totals.failed += job.failed;
    totals.errors.push(...job.errors.map((e) => `${e.document_id}: ${e.message}`));
    bar.update(i + batch.length);
  }
  bar.stop();
  return totals;
}

/**
 * `ingest PATH... --tenant T [--metadata k=v]...`: loads files and folders and sends them to the
 * API, with a progress bar and a summary. Exits with 1 when a file or document failed; the others
 * are ingested all the same.
 */
export function ingestCommand(program: Command): void {
  withConnectionOptions(
    program
      .command('ingest <paths...>')
      .description('Ingest files and folders (Markdown, MDX, HTML, text, PDF) into a tenant')
      .option('--metadata <key=value>', 'metadata added to every document (repeatable)', collect)
      .option(
        '--include <glob>',
        'in folders, load only files whose relative path matches (repeatable)',
        collect,
      )
      .option(
        '--exclude <glob>',
        'in folders, leave out files whose relative path matches (repeatable)',
        collect,
      ),
  ).action(async (paths: string[], opts) => {
    const urls = paths.filter((p) => /^https?:\/\//i.test(p));
    if (urls.length)
      throw new ValidationError(
        `cannot ingest ${urls.join(', ')}: URLs are not supported yet, only files and folders`,
      );
    const { documents, skipped, failed } = await loadPaths(paths, {
      metadata: parseMetadata(opts.metadata),
      include: opts.include,
      exclude: opts.exclude,
    });
    list('skipped', skipped);
    list('failed', failed);
    if (skipped.length || failed.length)
      process.stderr.write(
        `Loaded ${documents.length} documents (${skipped.length} skipped, ${failed.length} failed)\n`,
      );
    if (!documents.length) {
      if (failed.length) process.exitCode = 1;
      else throw new ValidationError('no Markdown, MDX, HTML, text or PDF files found');
      return;
    }
    const client = await clientFor(opts, ['ingest']);
    const totals = await send(client, documents);
    for (const e of totals.errors) process.stderr.write(`  failed ${e}\n`);
    process.stderr.write(
      `Ingested ${documents.length - totals.failed} of ${documents.length} documents (${totals.chunks} new chunks, ${totals.skipped} unchanged, ${totals.failed} failed)\n`,
    );
    if (totals.failed || failed.length) process.exitCode = 1;
  });
}
