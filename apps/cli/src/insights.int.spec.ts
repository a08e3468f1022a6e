import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { QuestionRecord } from '@docqa/contracts';
import { QuestionLog } from '@docqa/insights';
import { Keys } from '@docqa/redis';
import { startStack, type Stack } from '@docqa/system-tests/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { runDocqa } from './testing/run-docqa';

const root = join(__dirname, '../../..');

function record(id: string, text: string, cited: boolean): QuestionRecord {
  const now = new Date().toISOString();
  return {
    id,
    text,
    response: '',
    is_ready: true,
    chat_id: `c_${id.slice(2)}`,
    status: 'ready',
    sources: [
      {
        document_id: 'tokens',
        chunk_id: 't#0',
        title: 'Tokens',
        url: null,
        snippet: '',
        score: 1,
        cited,
        metadata: {},
      },
    ],
    created_at: now,
    updated_at: now,
  };
}

describe('docqa insights and docqa gaps', () => {
  let stack: Stack;
  let redis: Redis;
  const prefix = testPrefix('cli-insights');

  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'cli', '--quiet'], {
      cwd: root,
    });
    redis = testRedis();
    stack = await startStack({ prefix, noWorker: true });
    const log = new QuestionLog({ redis, keys: new Keys(prefix), retentionDays: 90 });
    await log.questionEnded({
      tenant: 'acme',
      channel: 'api',
      record: record('q_cliask001', 'How do I revoke a token?', true),
    });
    await log.questionEnded({
      tenant: 'acme',
      channel: 'widget',
      record: record('q_cliask002', 'Is there a dark mode?', false),
    });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const docqa = (...args: string[]) => runDocqa(stack, ...args);

  it('prints the insights as tables for people', async () => {
    const people = await docqa('insights');
    expect(people.code).toBe(0);
    expect(people.stdout).toContain('2 questions, 1 not covered');
    expect(people.stdout).toMatch(/How do I revoke a token\?\s+1/);
  }, 120_000);

  it('prints the coverage gaps as JSON with --json', async () => {
    const gaps = await docqa('gaps', '--json');
    expect(JSON.parse(gaps.stdout).clusters).toEqual([
      expect.objectContaining({ label: 'Is there a dark mode?', count: 1 }),
    ]);
  }, 120_000);

  it('says so when a period has no failed questions', async () => {
    const day = 86_400_000;
    const from = new Date(Date.now() - 10 * day).toISOString();
    const to = new Date(Date.now() - 9 * day).toISOString();
    const empty = await docqa('gaps', '--from', from, '--to', to);
    expect(empty.stdout).toBe('No failed questions in this period.\n');
  }, 120_000);
});
