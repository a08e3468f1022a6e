import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocqaClient } from '@docqa/client';
import { ScriptedAnswerer } from '@docqa/answering/testing';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';

const root = join(__dirname, '../../..');
const lineCount = (file: string) =>
  readFileSync(file, { encoding: 'utf8', flag: 'a+' }).split('\n').filter(Boolean).length;

describe('interactive questions during a 1,000-question batch of the CLI', () => {
  let stack: Stack;
  let redis: Redis;
  let token: string;
  const prefix = testPrefix('cli-priority');

  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'cli', '--quiet'], {
      cwd: root,
    });
    redis = testRedis();
    stack = await startStack({
      prefix,
      answerer: new ScriptedAnswerer({ pieces: ['ok'], delayMs: 5 }),
      services: noKnowledgeBase(),
      env: { WORKER_CONCURRENCY: '2', RATE_LIMIT_PER_MINUTE: '100000' },
    });
    token = await stack.createToken({ tenant: 'acme', scopes: ['ask'] });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('answers them before the batch drains', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docqa-priority-'));
    const input = join(dir, 'in.jsonl');
    const out = join(dir, 'out.jsonl');
    writeFileSync(
      input,
      Array.from({ length: 1000 }, (_, i) => JSON.stringify({ question: `batch ${i}` })).join('\n'),
    );
    const child = spawn(
      process.execPath,
      [join(root, 'dist/apps/cli/main.js'), 'batch', input, '--out', out],
      {
        env: { ...process.env, DOCQA_URL: stack.apiUrl, DOCQA_TOKEN: token },
        stdio: 'ignore',
      },
    );
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Wait until the batch is under way.
    while (lineCount(out) < 20) await new Promise((r) => setTimeout(r, 20));

    const client = new DocqaClient({ baseUrl: stack.apiUrl, token });
    const batchDoneAt: number[] = [];
    const overtaken: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = lineCount(out);
      const { question_id } = await client.ask({ question: `interactive ${i}` });
      const record = await client.waitForAnswer(question_id, { timeoutMs: 60_000 });
      expect(record.status).toBe('ready');
      batchDoneAt.push(lineCount(out));
      overtaken.push(lineCount(out) - before);
    }
    expect(await exited).toBe(0);
    expect(lineCount(out)).toBe(1000);
    // Every interactive answer arrived while most of the batch was still to come, and only the
    // batch answers already in progress (plus those in flight to the output file) finished while
    // it waited; FIFO would have made it wait for the ~100 queued ahead of it.
    expect(Math.max(...batchDoneAt)).toBeLessThan(500);
    expect(Math.max(...overtaken)).toBeLessThan(40);
  }, 120_000);
});
