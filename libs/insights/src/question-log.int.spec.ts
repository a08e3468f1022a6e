import type { Redis } from 'ioredis';
import type { QuestionRecord } from '@docqa/contracts';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { InsightsReader } from './insights-reader';
import { dayOf } from './period';
import { QuestionLog } from './question-log';

const DAY = 86_400_000;

function record(id: string, askedAt: number, cited: boolean, url: string | null = null): QuestionRecord {
  return {
    id,
    text: 'How do I rotate a token?',
    response: 'Rotate it [1].',
    is_ready: true,
    chat_id: `c_${id.slice(2)}`,
    status: 'ready',
    sources: [
      {
        document_id: 'tokens',
        chunk_id: 'tokens#0',
        title: 'Tokens',
        url,
        snippet: '',
        score: 1,
        cited,
        metadata: {},
      },
    ],
    created_at: new Date(askedAt).toISOString(),
    updated_at: new Date(askedAt + 500).toISOString(),
  };
}

describe('QuestionLog', () => {
  let redis: Redis;
  const prefix = testPrefix('qlog');
  const keys = new Keys(prefix);
  const now = Date.now();

  beforeAll(() => {
    redis = testRedis();
  });
  afterAll(async () => {
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('logs a question once however often its job is retried', async () => {
    const log = new QuestionLog({ redis, keys, retentionDays: 90, now: () => now + 1000 });
    const question = { tenant: 'acme', channel: 'api' as const, record: record('q_retried01', now, true) };
    expect(await log.questionEnded(question, now + 200)).toBe(true);
    expect(await log.questionEnded(question, now + 200)).toBe(false);
    const insights = await new InsightsReader({ redis, keys, retentionDays: 90 }).insights('acme', {
      interval: 'day',
    });
    expect(insights.totals).toMatchObject({ questions: 1, not_covered: 0 });
    expect(insights.top_documents).toEqual([
      { document_id: 'tokens', title: 'Tokens', url: null, citations: 1 },
    ]);
  });

  it('links a cited document to its page, not to the section the latest answer cited', async () => {
    const log = new QuestionLog({ redis, keys, retentionDays: 90, now: () => now + 1000 });
    const page = 'https://docs.acme.com/tokens';
    for (const [id, anchor] of [
      ['q_linked001', 'create'],
      ['q_linked002', 'revoke'],
    ] as const)
      await log.questionEnded({
        tenant: 'linked',
        channel: 'api',
        record: record(id, now, true, `${page}#${anchor}`),
      });
    const insights = await new InsightsReader({ redis, keys, retentionDays: 90 }).insights('linked', {
      interval: 'day',
    });
    expect(insights.top_documents).toEqual([
      { document_id: 'tokens', title: 'Tokens', url: page, citations: 2 },
    ]);
  });

  it('applies a rating given before the question was logged once it is', async () => {
    const log = new QuestionLog({ redis, keys, retentionDays: 90 });
    const early = record('q_early0001', now, false);
    await log.feedback('rated', early, { rating: 'down', details: 'wrong page' });
    await log.questionEnded({ tenant: 'rated', channel: 'widget', record: early });
    const day = await redis.hgetall(keys.analyticsDay('rated', dayOf(now)));
    expect(day).toMatchObject({ q: '1', nc: '1', down: '1' });
  });

  it('keeps nothing of a question older than the retention', async () => {
    const log = new QuestionLog({ redis, keys, retentionDays: 90 });
    const old = record('q_tooold001', now - 91 * DAY, false);
    await log.questionEnded({ tenant: 'old', channel: 'api', record: old });
    // The tenant is a hash tag (`an:{old}:…`); braces are plain characters in a KEYS pattern.
    const left = await redis.keys(`${prefix}:an:{old}:*`);
    expect(left).toEqual([]);
  });

  it('keeps the log apart from the records: a day inside the retention expires with it', async () => {
    const log = new QuestionLog({ redis, keys, retentionDays: 90 });
    const recent = record('q_recent001', now - 89 * DAY, false);
    await log.questionEnded({ tenant: 'kept', channel: 'api', record: recent });
    const ttl = await redis.ttl(keys.analyticsQuestions('kept', dayOf(now - 89 * DAY)));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2 * 86_400);
  });
});
