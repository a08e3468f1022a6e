import type { Command } from 'commander';
import { CHUNK_LINES } from './batch-defaults';
import { withConnectionOptions } from './connection-options';
import { integerOption } from './option-parsers';

/**
 * `batch FILE.jsonl --out OUT.jsonl [--concurrency N] [--batch-size N] [--retry-failed]`: asks every
 * line at batch priority and writes one result line per input line; a re-run resumes where the last
 * one stopped, and with `--retry-failed` asks again the questions whose answers failed.
 */
export function batchCommand(program: Command): void {
  withConnectionOptions(
    program
      .command('batch <file>')
      .description('Ask every question of a JSONL file at batch priority (resumable)')
      .requiredOption('--out <file>', 'output JSONL, one result per input line')
      .option(
        '--concurrency <n>',
        'answers waited for at once',
        integerOption('--concurrency', { min: 1 }),
        16,
      )
      .option(
        '--batch-size <n>',
        "questions per POST /question/batch/ (at most the server's BATCH_MAX_QUESTIONS)",
        integerOption('--batch-size', { min: 1 }),
        CHUNK_LINES,
      )
      .option('--retry-failed', 'ask again the questions whose answers failed in an earlier run', false),
  ).action(async (file: string, opts) => {
    const { runBatchFile } = await import('./batch-action');
    await runBatchFile(file, opts);
  });
}
