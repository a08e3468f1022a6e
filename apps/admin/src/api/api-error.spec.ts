import { ApiError } from './api-error';

const problem = (status: number, detail: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'x', status, detail }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });

describe('errors of the portal’s API calls', () => {
  it('says when to retry a rate-limited call once, in the server’s words when it gives them', async () => {
    const signIn = await ApiError.from(
      problem(429, 'too many sign-in attempts; retry in 891 s', { 'retry-after': '891' }),
    );
    expect(signIn.message).toBe('too many sign-in attempts; retry in 891 s');
    const other = await ApiError.from(problem(429, 'slow down', { 'retry-after': '12' }));
    expect(other.message).toBe('slow down. Try again in 12 seconds.');
  });

  it('keeps the problem, its status and its field errors', async () => {
    const res = new Response(
      JSON.stringify({
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'the request body is invalid',
        errors: [{ path: 'body.scopes', message: 'Too small: expected array to have >=1 items' }],
      }),
      { status: 400, headers: { 'content-type': 'application/problem+json' } },
    );
    const error = await ApiError.from(res);
    expect(error.status).toBe(400);
    expect(error.problem?.errors).toEqual([
      { path: 'body.scopes', message: 'Too small: expected array to have >=1 items' },
    ]);
  });
});
