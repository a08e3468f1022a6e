import type { Command } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import type { DocqaClient } from '@docqa/client';
import { loadPaths, type LoadedDocument } from '@docqa/ingest';
import { ValidationError } from '@docqa/errors';
import { clientFor, withConnectionOptions } from './http-client';

/** Documents per request: well under the 10 MB body limit for typical docs. */
const BATCH = 50;

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

/** `ingest PATH... --tenant T [--metadata k=v]...`: loads files and folders and sends them to the API. */
export function ingestCommand(program: Command): void {
  withConnectionOptions(
    program
      .command('ingest <paths...>')
      .description('Ingest files and folders (Markdown, MDX, HTML, text) into a tenant')
      .option(
        '--metadata <key=value>',
        'metadata added to every document (repeatable)',
        (v: string, p: string[] = []) => [...p, v],
      ),
  ).action(async (paths: string[], opts) => {
    const urls = paths.filter((p) => /^https?:\/\//i.test(p));
    if (urls.length)
      throw new ValidationError(
        `cannot ingest ${urls.join(', ')}: URLs are not supported yet, only files and folders`,
      );
    const documents: LoadedDocument[] = await loadPaths(paths, parseMetadata(opts.metadata));
    if (!documents.length) throw new ValidationError('no Markdown, HTML or text files found');
    const client = await clientFor(opts, ['ingest']);
    const bar = new SingleBar(
      { format: 'ingest [{bar}] {value}/{total} documents | {eta_formatted} left', stream: process.stderr },
      Presets.shades_classic,
    );
    bar.start(documents.length, 0);
    const totals = { chunks: 0, skipped: 0, failed: 0 };
    const errors: string[] = [];
    for (let i = 0; i < documents.length; i += BATCH) {
      const batch = documents.slice(i, i + BATCH);
      const { job_id } = await client.documents.create(batch);
      const job = await waitForJob(client, job_id, (processed) => bar.update(i + processed));
      totals.chunks += job.chunks;
      totals.skipped += job.skipped;
      totals.failed += job.failed;
      errors.push(...job.errors.map((e) => `${e.document_id}: ${e.message}`));
      bar.update(i + batch.length);
    }
    bar.stop();
    for (const e of errors) process.stderr.write(`  failed ${e}\n`);
    process.stderr.write(
      `Ingested ${documents.length - totals.failed} of ${documents.length} documents (${totals.chunks} new chunks, ${totals.skipped} unchanged, ${totals.failed} failed)\n`,
    );
    if (totals.failed) process.exitCode = 1;
  });
}
