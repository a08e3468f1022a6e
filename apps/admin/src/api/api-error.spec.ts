import { ApiError } from './api-error';

const problem = (status: number, detail: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'x', status, detail }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });

describe('errors of the portal’s API calls', () => {
  it('says once when to retry a rate-limited call, in minutes for a wait over a minute', async () => {
    const signIn = await ApiError.from(
      problem(429, 'too many sign-in attempts; retry in 893 s', { 'retry-after': '893' }),
    );
    expect(signIn.message).toMatch(/^too many sign-in attempts\. Try again in 15 minutes\.$/);
    const other = await ApiError.from(problem(429, 'slow down', { 'retry-after': '12' }));
    expect(other.message).toMatch(/^slow down\. Try again in 12 seconds\.$/);
    const untimed = await ApiError.from(problem(429, 'slow down; retry later'));
    expect(untimed.message).toBe('slow down; retry later');
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
