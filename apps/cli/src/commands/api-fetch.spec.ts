import { DocqaClient } from '@docqa/client';
import { apiFetch, networkCause, type MintedToken } from './api-fetch';

const baseUrl = 'http://127.0.0.1:3999/api/v2/';
const minted: MintedToken = { redis: 'redis://localhost:6379', prefix: 'docqa' };

/** fetch's own failure when nothing listens: a TypeError whose cause has the code. */
const refused = () =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3999'), { code: 'ECONNREFUSED' }),
  });

const unknownToken = () =>
  Response.json(
    {
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      code: 'unauthenticated',
      detail: 'the token is unknown, revoked or expired',
    },
    { status: 401 },
  );

const client = (fetchImpl: typeof fetch, token?: MintedToken) =>
  new DocqaClient({
    baseUrl,
    token: 'dq_x',
    fetch: apiFetch({ baseUrl, minted: token, fetch: fetchImpl }),
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

  it('says where a token the CLI minted was minted when the API refuses it at once', async () => {
    const err = await client(async () => unknownToken(), minted)
      .search({ query: 'x' })
      .catch((e: Error) => e);
    expect(err).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect((err as Error).message).toMatch(
      /^401 Unauthorized: the token is unknown, revoked or expired; the CLI minted this token itself, in the Redis at redis:\/\/localhost:6379 with prefix "docqa"/,
    );
    expect((err as Error).message).toMatch(
      /Set REDIS_URL and REDIS_PREFIX as the API has them, or pass --token/,
    );
  });

  it('says a minted token ran out when the API took it before', async () => {
    const answers = [Response.json({ results: [], search_mode: 'hybrid', took_ms: 1 }), unknownToken()];
    const api = client(async () => answers.shift()!, minted);
    await api.search({ query: 'x' });
    await expect(api.search({ query: 'x' })).rejects.toThrow(
      /expired or was revoked while the command ran; run it again, or pass a --token/,
    );
  });

  it('leaves the refusal of a token given with --token as the API words it', async () => {
    await expect(client(async () => unknownToken()).search({ query: 'x' })).rejects.toThrow(
      /^401 Unauthorized: the token is unknown, revoked or expired$/,
    );
  });
});
