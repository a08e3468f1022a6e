import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  chunksOf,
  doneLines,
  failedAnswers,
  isItem,
  keptResults,
  linesWithStatus,
  readBatchFile,
  retryChunks,
} from './batch-file';
import type { ConnectionOptions } from './connection-options';
import { runBatch, type BatchResult } from './batch-runner';
import { BatchTally } from './batch-tally';
import { clientFor } from './http-client';
import { batchBar } from './progress-bars';

/** The `batch` command's work (see `batchCommand`), loaded only when the command runs. */
export async function runBatchFile(
  file: string,
  opts: ConnectionOptions & {
    out: string;
    concurrency: number;
    batchSize: number;
    retryFailed?: boolean;
  },
): Promise<void> {
  const { concurrency, batchSize, retryFailed = false } = opts;
  const lines = readBatchFile(file, readFileSync(file));
  const previous = existsSync(opts.out) ? readFileSync(opts.out, 'utf8') : '';
  // Answers that failed, asked again with --retry-failed.
  const retry = retryFailed ? failedAnswers(previous) : new Map<number, string>();
  // Drops a line an interruption cut off and results to wait for again (status `error`, and
  // `failed` with --retry-failed).
  const kept = keptResults(previous, { retryFailed });
  if (kept !== previous) writeFileSync(opts.out, kept);
  const done = doneLines(kept);
  const write = (result: BatchResult) => appendFileSync(opts.out, `${JSON.stringify(result)}\n`);

  for (const bad of lines) {
    if (isItem(bad)) continue;
    process.stderr.write(`line ${bad.line}: skipped, ${bad.error}\n`);
    if (!done.has(bad.line))
      write({ line: bad.line, id: null, answer: null, sources: [], status: 'invalid', error: bad.error });
  }
  const items = lines.filter(isItem);
  // Questions the server refused in an earlier run are in the output as invalid, not as answers;
  // answers that failed in an earlier run count as failed again.
  const refused = linesWithStatus(kept, 'invalid');
  const refusedBefore = items.filter((item) => refused.has(item.line)).length;
  const failed = linesWithStatus(kept, 'failed');
  const failedBefore = items.filter((item) => failed.has(item.line)).length;
  const before = items.filter((item) => done.has(item.line)).length - refusedBefore;
  if (before) process.stderr.write(`resuming: ${before} answers already in ${opts.out}\n`);
  if (retry.size) process.stderr.write(`asking ${retry.size} questions again whose answers failed\n`);

  const client = await clientFor(opts, ['ask']);
  const bar = batchBar();
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort(new Error(`interrupted; run again to resume into ${opts.out}`)));
  const tally = new BatchTally(bar, {
    before,
    failedBefore,
    invalid: lines.length - items.length + refusedBefore,
    todo: items.length - before - refusedBefore,
  });
  try {
    const chunks = chunksOf(resolve(file), lines, batchSize);
    await runBatch({
      client,
      chunks: [...chunks, ...retryChunks(chunks, retry)],
      // A retried line is asked by its retry chunk, not by the chunk it first came in.
      done: new Set([...done, ...retry.keys()]),
      concurrency,
      write,
      signal: abort.signal,
      onResult: (result) => {
        if (result.status === 'invalid')
          process.stderr.write(`\nline ${result.line}: skipped, ${String(result.error)}\n`);
        tally.add(result);
      },
    });
  } finally {
    bar.stop();
  }
  process.stderr.write(`${tally.summary(opts.out)}\n`);
  if (!tally.ok) process.exitCode = 1;
}
