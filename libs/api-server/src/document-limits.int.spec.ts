import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { startStack, type Stack } from '@docqa/system-tests/testing';

describe('POST /documents/ past the parse limits', () => {
  let stack: Stack;
  let redis: Redis;
  let headers: Record<string, string>;
  const prefix = testPrefix('doc-limits');

  beforeAll(async () => {
    redis = testRedis();
    // No worker: these tests are about what the API accepts, and ingesting the 3 MB document
    // accepted last would hold the stack's close for minutes on a busy machine.
    stack = await startStack({ prefix, noWorker: true, env: { PARSE_MAX_TEXT_CHARS: '3000000' } });
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ingest'] });
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const post = (documents: object[]) =>
    fetch(stack.apiUrl + 'documents/', { method: 'POST', headers, body: JSON.stringify({ documents }) });
  const jobKeys = async () => (await redis.keys(`${prefix}:job:*`)).length;

  it('refuses HTML of 200,000 nested elements with 400 at once, queueing nothing', async () => {
    const deep = `<html><body>${'<div>'.repeat(200_000)}deep${'</div>'.repeat(200_000)}</body></html>`;
    const res = await post([
      { id: 'fine', title: 'Fine', content: '<p>Fine</p>', content_type: 'text/html' },
      { id: 'deep', title: 'Deep', content: deep, content_type: 'text/html' },
    ]);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      detail: 'documents.1.content: the HTML nests elements more than 500 levels deep',
      errors: [{ path: 'documents.1.content', message: 'the HTML nests elements more than 500 levels deep' }],
    });
    expect(await jobKeys()).toBe(0);
  });

  it('refuses content past PARSE_MAX_TEXT_CHARS, naming every document past a limit', async () => {
    const res = await post([
      { id: 'long', title: 'Long', content: 'x'.repeat(3_000_001) },
      { id: 'deep', title: 'Deep', content: '<b>'.repeat(600), content_type: 'text/html' },
    ]);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      detail: '2 documents are past the limits',
      errors: [
        { path: 'documents.0.content', message: 'the text runs past 3,000,000 characters' },
        { path: 'documents.1.content', message: 'the HTML nests elements more than 500 levels deep' },
      ],
    });
  });

  it('accepts HTML at the depth limit and text at the length limit', async () => {
    const nested = `${'<div>'.repeat(500)}ok${'</div>'.repeat(500)}`;
    const res = await post([
      { id: 'nested', title: 'Nested', content: nested, content_type: 'text/html' },
      { id: 'long', title: 'Long', content: 'x'.repeat(3_000_000) },
    ]);
    expect(res.status).toBe(202);
  });
});
