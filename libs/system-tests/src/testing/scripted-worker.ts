/**
 * A worker process answering with a scripted, slow answerer, for tests that kill a worker
 * mid-answer. Configured by the usual environment variables (REDIS_URL, REDIS_PREFIX, JOB_LOCK_MS).
 */
import pino from 'pino';
import { loadConfig } from '@docqa/config';
import { ScriptedAnswerer } from '@docqa/answering/testing';
import { composeWorker } from '@docqa/composition';

async function main(): Promise<void> {
  const config = loadConfig();
  const pieces = Array.from({ length: 40 }, (_, i) => `word${i} `);
  const answerer = new ScriptedAnswerer({ pieces, delayMs: Number(process.env.PIECE_DELAY_MS ?? 50) });
  const worker = await composeWorker(config, { answerer, logger: pino({ level: 'silent' }) });
  // As apps/worker does: SIGTERM finishes the answers in hand (within GRACE_MS), then exits.
  process.once('SIGTERM', () => {
    void worker.close(Number(process.env.GRACE_MS ?? 10_000)).then(() => process.exit(0));
  });
  process.stdout.write('ready\n');
}

void main();
