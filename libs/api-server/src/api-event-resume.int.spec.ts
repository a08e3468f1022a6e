import type { EventSourceMessage } from 'eventsource-parser/stream';
import { ScriptedAnswerer } from '@docqa/answering/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';
import { readEvents } from './testing/read-events';

describe('resuming the event stream of an answer', () => {
  let stack: Stack;
  let redis: Redis;
  let token: string;
  let questionId: string;
  let all: EventSourceMessage[];
  const prefix = testPrefix('resume');

  beforeAll(async () => {
    redis = testRedis();
    // A stream that is not closed at once sends heartbeats for ever: the test's time limit reports it.
    stack = await startStack({ prefix, answerer: new ScriptedAnswerer(), services: noKnowledgeBase() });
    token = await stack.createToken({ tenant: 'acme', scopes: ['ask'] });
    const res = await events('questions/', { method: 'POST', body: JSON.stringify({ question: 'hi' }) });
    all = await readEvents(res);
    questionId = JSON.parse(all[0]!.data).question_id;
    expect(all.at(-1)!.event).toBe('done');
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  function events(path: string, init: RequestInit = {}, headers: Record<string, string> = {}) {
    return fetch(stack.apiUrl + path, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    });
  }
  const resume = (lastEventId: string) =>
    events(`question/${questionId}/events`, {}, { 'last-event-id': lastEventId });

  it('ends at once, sending nothing, when resumed after the done event (what EventSource sends)', async () => {
    const res = await resume(all.at(-1)!.id!);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it.each([['$'], ['99999999999999-0']])(
    'ends at once, sending nothing, when resumed from %s',
    async (id) => {
      expect(await (await resume(id)).text()).toBe('');
    },
  );

  it('replays the whole answer from - (the start) and ends', async () => {
    expect((await readEvents(await resume('-'))).map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it.each([['abc'], ['1-x'], ['-1']])(
    'answers 400 as a problem for a malformed Last-Event-ID %s',
    async (id) => {
      const res = await resume(id);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const fromQuery = await events(`question/${questionId}/events?last_event_id=${encodeURIComponent(id)}`);
      expect(fromQuery.status).toBe(400);
    },
  );
});
