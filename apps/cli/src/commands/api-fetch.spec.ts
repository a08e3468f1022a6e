import { DocqaClient } from '@docqa/client';
import { apiFetch, networkCause } from './api-fetch';

const baseUrl = 'http://127.0.0.1:3999/api/v2/';

/** fetch's own failure when nothing listens: a TypeError whose cause has the code. */
const refused = () =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3999'), { code: 'ECONNREFUSED' }),
  });

const client = (fetchImpl: typeof fetch) =>
  new DocqaClient({
    baseUrl,
    token: 'dq_x',
    fetch: apiFetch({ baseUrl, fetch: fetchImpl }),
    retries: 0,
  });

describe('apiFetch', () => {
  it('names the URL and the cause when the API cannot be reached', async () => {
    const fetchImpl = jest.fn(async () => Promise.reject(refused()));
    await expect(client(fetchImpl).search({ query: 'x' })).rejects.toThrow(
      'cannot reach http://127.0.0.1:3999/api/v2/ (ECONNREFUSED)',
    );
  });

  it('finds the code of a failure that tried several addresses', () => {
    const both = new AggregateError([
      Object.assign(new Error('connect ECONNREFUSED ::1:3000'), { code: 'ECONNREFUSED' }),
    ]);
    expect(networkCause(new TypeError('fetch failed', { cause: both }))).toBe('ECONNREFUSED');
    expect(networkCause(new TypeError('fetch failed', { cause: new Error('other side closed') }))).toBe(
      'other side closed',
    );
  });

  it('passes a cancelled request’s own error on', async () => {
    const abort = new AbortController();
    abort.abort(new Error('interrupted'));
    const fetchImpl = jest.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(apiFetch({ baseUrl, fetch: fetchImpl })(baseUrl, { signal: abort.signal })).rejects.toThrow(
      'aborted',
    );
  });
});
