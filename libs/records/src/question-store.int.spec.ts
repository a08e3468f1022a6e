import type { Redis } from 'ioredis';
import type { Problem, Source } from '@docqa/contracts';
import { IdempotencyConflictError, NotFoundError } from '@docqa/errors';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { withQuestionCommands } from './question-commands';
import { QuestionStore } from './question-store';

/** Each transition of the four question scripts, against the test run's own redis-server. */
describe('QuestionStore scripts', () => {
  const prefix = testPrefix('qstore');
  const keys = new Keys(prefix);
  const source: Source = {
    document_id: 'd_install1',
    chunk_id: 'd_install1:0',
    title: 'Install',
    url: 'https://docs.example/install',
    snippet: 'npm i',
    score: 0.9,
    cited: true,
    metadata: {},
  };
  const outage: Problem = { type: 'about:blank', title: 'Service Unavailable', status: 503 };
  let redis: Redis;
  let subscriber: Redis;
  let store: QuestionStore;

  const eventTypes = async (id: string) => (await store.readEvents(id)).map((e) => e.event.type);
  const ask = (extra: { chatId?: string; idempotencyKey?: string; text?: string; tenant?: string } = {}) =>
    store.create({ tenant: extra.tenant ?? 'acme', text: extra.text ?? 'How do I install?', ...extra });

  beforeAll(() => {
    redis = testRedis();
    subscriber = testRedis();
    store = new QuestionStore({ redis, keys, ttlSeconds: 600 });
  });
  afterAll(async () => {
    await deletePrefix(redis, prefix);
    await Promise.all([redis.quit(), subscriber.quit()]);
  });

  describe('create-question.lua', () => {
    it('creates a queued record at version 1 with a question and a queued event, and its TTL', async () => {
      const { questionId, chatId, replayed } = await ask();
      const stored = (await store.getStored(questionId))!;
      expect(replayed).toBe(false);
      expect(stored).toMatchObject({ tenant: 'acme', version: 1, attempt: 0, channel: 'api' });
      expect(stored.record).toMatchObject({ status: 'queued', is_ready: false, chat_id: chatId });
      expect(await eventTypes(questionId)).toEqual(['question', 'status']);
      expect(await redis.ttl(keys.question(questionId))).toBeGreaterThan(590);
    });

    it('replays the first ids for the same key and body, without writing the record again', async () => {
      const first = await ask({ idempotencyKey: 'replay-1' });
      await store.appendDelta(first.questionId, 0, 'partial');
      const again = await ask({ idempotencyKey: 'replay-1' });
      expect(again).toEqual({ ...first, replayed: true, reasked: false });
      expect((await store.getStored(first.questionId))!.record.response).toBe('partial');
    });

    it('refuses the same key with another body as a conflict', async () => {
      await ask({ idempotencyKey: 'conflict-1' });
      await expect(ask({ idempotencyKey: 'conflict-1', text: 'Another question' })).rejects.toThrow(
        IdempotencyConflictError,
      );
    });
  });

  describe('add-chat-question.lua', () => {
    it('writes a new chat without a key (its fresh id) with its tenant, time, first question and TTL', async () => {
      const { questionId, chatId } = await ask({ tenant: 'initech' });
      const chat = await store.getChat('initech', chatId);
      expect(chat.questions.map((q) => q.id)).toEqual([questionId]);
      expect(chat.created_at).toBe((await store.getStored(questionId))!.record.created_at);
      expect(await redis.hgetall(keys.chat(chatId))).toEqual({
        id: chatId,
        tenant: 'initech',
        created_at: chat.created_at,
      });
      expect(await redis.ttl(keys.chat(chatId))).toBeGreaterThan(590);
      expect(await redis.ttl(keys.chatQuestions(chatId))).toBeGreaterThan(590);
      await expect(store.getChat('acme', chatId)).rejects.toThrow(NotFoundError);
    });

    it('appends a question to an existing chat of the tenant, oldest first', async () => {
      const first = await ask();
      const second = await ask({ chatId: first.chatId, text: 'And to upgrade?' });
      const chat = await store.getChat('acme', first.chatId);
      expect(chat.questions.map((q) => q.id)).toEqual([first.questionId, second.questionId]);
    });

    it('adds a question once when a creation is retried under its key', async () => {
      const first = await ask({ idempotencyKey: 'chat-once' });
      await ask({ idempotencyKey: 'chat-once' });
      expect(await redis.lrange(keys.chatQuestions(first.chatId), 0, -1)).toEqual([first.questionId]);
    });

    it("refuses another tenant's chat, in the script as in the check before it", async () => {
      const { chatId } = await ask();
      await expect(ask({ chatId, tenant: 'globex' })).rejects.toThrow(NotFoundError);
      const commands = withQuestionCommands(redis);
      const added = await commands.addChatQuestion(
        keys.chat(chatId),
        keys.chatQuestions(chatId),
        chatId,
        'globex',
        new Date().toISOString(),
        '600',
        '0',
        'q_intruder1',
      );
      expect(added).toBe('chat_not_found');
      expect(await redis.lrange(keys.chatQuestions(chatId), 0, -1)).not.toContain('q_intruder1');
    });
  });

  describe('update-question.lua', () => {
    it('applies start, status, delta, sources and finish, one version and one event each', async () => {
      const { questionId: id } = await ask();
      const changes: string[] = [];
      await subscriber.subscribe(keys.questionChanged(id));
      subscriber.on('message', (_channel: string, version: string) => changes.push(version));
      expect(await store.start(id, 1, 'retrieving')).toMatchObject({ version: 2 });
      expect(await store.setStatus(id, 1, 'generating')).toMatchObject({ version: 3 });
      expect(await store.appendDelta(id, 1, 'Run ')).toMatchObject({ version: 4 });
      expect(await store.appendDelta(id, 1, 'npm i.')).toMatchObject({ version: 5 });
      expect(await store.setSources(id, 1, [source])).toMatchObject({ version: 6 });
      expect(await store.finish(id, 1, [source])).toMatchObject({ version: 7 });
      const stored = (await store.getStored(id))!;
      expect(stored.record).toMatchObject({ status: 'ready', is_ready: true, response: 'Run npm i.' });
      expect(stored.record.sources).toEqual([source]);
      expect((await eventTypes(id)).slice(2)).toEqual([
        'status',
        'status',
        'delta',
        'delta',
        'sources',
        'done',
      ]);
      // A ping on the subscriber's connection comes back after every message published before it.
      await subscriber.ping();
      expect(changes).toEqual(['2', '3', '4', '5', '6', '7']);
      await subscriber.unsubscribe();
    });

    it('restarts with a new attempt: partial text and sources are cleared', async () => {
      const { questionId: id } = await ask();
      await store.start(id, 1, 'generating');
      await store.appendDelta(id, 1, 'half an answ');
      await store.setSources(id, 1, [source]);
      await store.start(id, 2, 'retrieving');
      const stored = (await store.getStored(id))!;
      expect(stored).toMatchObject({
        attempt: 2,
        record: { response: '', sources: [], status: 'retrieving' },
      });
      expect((await store.readEvents(id)).at(-1)!.event).toEqual({
        type: 'status',
        data: { status: 'retrieving', restarted: true, attempt: 2 },
      });
    });

    it('refuses a write of an attempt that is no longer current as stale', async () => {
      const { questionId: id } = await ask();
      await store.start(id, 1, 'generating');
      await store.start(id, 2, 'generating');
      const before = (await store.getStored(id))!.version;
      expect(await store.appendDelta(id, 1, 'late')).toBe('stale');
      expect(await store.finish(id, 1, [])).toBe('stale');
      expect(await store.getStored(id)).toMatchObject({ version: before, record: { response: '' } });
    });

    it('refuses every write to a finished or failed record, and to a missing one, as terminal', async () => {
      const ready = (await ask()).questionId;
      await store.start(ready, 1, 'generating');
      await store.finish(ready, 1, []);
      const failed = (await ask()).questionId;
      await store.fail(failed, outage);
      for (const id of [ready, failed]) {
        const events = await store.readEvents(id);
        expect(await store.start(id, 2, 'retrieving')).toBe('terminal');
        expect(await store.appendDelta(id, 1, 'more')).toBe('terminal');
        expect(await store.readEvents(id)).toEqual(events);
      }
      expect(await store.fail(failed, { ...outage, status: 500 })).toBe('terminal');
      expect(await store.appendDelta('q_missing01', 1, 'x')).toBe('terminal');
      expect(await store.getStored('q_missing01')).toBeNull();
    });
  });

  describe('reask-question.lua', () => {
    it('asks a question that failed with a 503 again when its creation is replayed', async () => {
      const first = await ask({ idempotencyKey: 'outage-1' });
      await store.start(first.questionId, 1, 'generating');
      await store.fail(first.questionId, outage);
      const again = await ask({ idempotencyKey: 'outage-1' });
      expect(again).toMatchObject({ questionId: first.questionId, replayed: true, reasked: true });
      const stored = (await store.getStored(first.questionId))!;
      expect(stored).toMatchObject({ attempt: 0, record: { status: 'queued', is_ready: false } });
      expect(stored.record.error).toBeUndefined();
      expect(await eventTypes(first.questionId)).toEqual(['question', 'status']);
    });

    it('leaves a question that failed for another reason, or was answered, as it is', async () => {
      const broken = await ask({ idempotencyKey: 'failed-500' });
      await store.fail(broken.questionId, { ...outage, status: 500, title: 'Internal Server Error' });
      const answered = await ask({ idempotencyKey: 'answered' });
      await store.start(answered.questionId, 1, 'generating');
      await store.finish(answered.questionId, 1, []);
      for (const [key, id, status] of [
        ['failed-500', broken.questionId, 'failed'],
        ['answered', answered.questionId, 'ready'],
      ] as const) {
        const before = (await store.getStored(id))!;
        expect(await ask({ idempotencyKey: key })).toMatchObject({ replayed: true, reasked: false });
        expect(await store.getStored(id)).toEqual(before);
        expect(before.record.status).toBe(status);
      }
    });
  });
});
