import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { startStack, type Stack } from '@docqa/system-tests/testing';
import { deletePrefix, freePort, testPrefix, testRedis } from '@docqa/testing';
import { runDocqa } from './testing/run-docqa';

const root = join(__dirname, '../../..');

describe('docqa when the API is not there or refuses the token the CLI minted', () => {
  let stack: Stack;
  let redis: Redis;
  const prefix = testPrefix('cli-conn');
  /** A prefix the API does not read: the CLI mints its token there when told so. */
  const elsewhere = testPrefix('cli-elsewhere');
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
    await deletePrefix(redis, elsewhere);
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

  it('says where it minted its token when the API does not know it, and what to set', async () => {
    const run = await runDocqa({ ...stack, prefix: elsewhere }, 'search', 'tokens');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('docqa: 401 Unauthorized: the token is unknown, revoked or expired; ');
    expect(run.stderr).toContain(
      `the CLI minted this token itself, in the Redis at ${stack.redisUrl} with prefix "${elsewhere}"`,
    );
    expect(run.stderr).toMatch(/Set REDIS_URL and REDIS_PREFIX as the API has them, or pass --token/);
  });
});
