import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Stack } from '@docqa/system-tests/testing';

const root = join(__dirname, '../../../..');

/** What a CLI run printed and how it exited. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Where a CLI run points: the API, the Redis (and prefix) it mints its token in, its folder. */
export type CliTarget = Pick<Stack, 'apiUrl' | 'redisUrl' | 'prefix'> & {
  /** The run's current folder. @defaultValue the test's */
  cwd?: string;
};

/**
 * Runs the built CLI (`dist/apps/cli/main.js`) for tenant `acme` against `stack`, with no
 * DOCQA_TOKEN: it mints a short-lived token through the stack's Redis.
 */
export function runDocqa(stack: CliTarget, ...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [join(root, 'dist/apps/cli/main.js'), ...args, '--tenant', 'acme'],
      {
        cwd: stack.cwd,
        env: {
          ...process.env,
          DOCQA_URL: stack.apiUrl,
          DOCQA_TOKEN: '',
          REDIS_URL: stack.redisUrl,
          REDIS_PREFIX: stack.prefix,
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
