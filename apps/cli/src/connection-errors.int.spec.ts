import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { startStack, type Stack } from '@docqa/api-server/testing';
import { deletePrefix, freePort, testPrefix, testRedis } from '@docqa/testing';
import { runDocqa } from './testing/run-docqa';

const root = join(__dirname, '../../..');

describe('docqa when the API is not there', () => {
  let stack: Stack;
  let redis: Redis;
  const prefix = testPrefix('cli-conn');
  const dir = mkdtempSync(join(tmpdir(), 'docqa-conn-'));

  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'cli', '--quiet'], {
      cwd: root,
    });
    redis = testRedis();
    stack = await startStack({ prefix });
    writeFileSync(join(dir, 'doc.md'), '# Doc\n\nSome text.\n');
    writeFileSync(join(dir, 'questions.jsonl'), `${JSON.stringify({ question: 'Why?' })}\n`);
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the URL and the cause when nothing listens there, for ask, search, ingest and batch', async () => {
    const url = `http://127.0.0.1:${await freePort()}/api/v2/`;
    const commands = [
      ['ask', 'x'],
      ['search', 'x'],
      ['ingest', join(dir, 'doc.md')],
      ['batch', join(dir, 'questions.jsonl'), '--out', join(dir, 'answers.jsonl')],
    ];
    for (const command of commands) {
      const run = await runDocqa({ ...stack, apiUrl: url }, ...command, '--url', url, '--token', 'dq_x');
      expect(run.stderr).toContain(`docqa: cannot reach ${url} (ECONNREFUSED)\n`);
      expect(run.code).toBe(1);
    }
  }, 60_000);
});
