import { ANSWER_LABELS } from '@docqa/contracts/answer-labels';
import { WidgetApi, WidgetError } from './api-client';
import { errorText } from './error-text';
import de from './locales/de';

/** What the visitor reads of an error, in English (the answer kit's texts) or in a language's pack. */
const told = (error: unknown, labels: Partial<Record<string, string>> = ANSWER_LABELS) =>
  errorText(error, labels);

/** A problem response of the API (RFC 9457), as `fetch` resolves it. */
const problem = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type: 'https://docqa.dev/problems/x', title: 'Error', status, ...body }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });

describe('the widget’s API errors', () => {
  const api = new WidgetApi('https://docqa.test/api/v2/', 'dq_token', () => undefined);
  const fetchMock = jest.spyOn(globalThis, 'fetch');
  afterAll(() => fetchMock.mockRestore());

  /** The error `settings()` fails with when the API answers `response`. */
  async function errorFor(response: Response | Error): Promise<WidgetError> {
    if (response instanceof Error) fetchMock.mockRejectedValueOnce(response);
    else fetchMock.mockResolvedValueOnce(response);
    const error = await api.settings().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(WidgetError);
    return error as WidgetError;
  }

  it('says the assistant is not allowed on this page for a 403 problem (the documented message)', async () => {
    const error = await errorFor(
      problem(403, { detail: 'origin https://blog.acme.test is not allowed by any token' }),
    );
    await expect(told(error)).resolves.toBe('This assistant is not allowed on this page.');
    expect(error.refused).toBe(true);
  });

  it('says the token is no longer valid for a 401 problem (a revoked or expired token, from its own page too)', async () => {
    const error = await errorFor(problem(401, { detail: 'the token is unknown, revoked or expired' }));
    await expect(told(error)).resolves.toBe(
      'This assistant’s access token is no longer valid (revoked or expired).',
    );
    expect(error.refused).toBe(true);
  });

  it('shows the reason of a 400 problem: the failing field and its message', async () => {
    const error = await errorFor(
      problem(400, {
        detail: 'the request body is invalid',
        errors: [{ path: 'body.question', message: 'Too big: expected string to have <=200 characters' }],
      }),
    );
    await expect(told(error)).resolves.toBe(
      'The assistant did not accept this (question): Too big: expected string to have <=200 characters.',
    );
    expect(error.refused).toBe(true);
  });

  it('shows the detail of a 400 problem without failing fields', async () => {
    const error = await errorFor(problem(400, { detail: 'the request body is not valid JSON' }));
    await expect(told(error)).resolves.toBe(
      'The assistant did not accept this: the request body is not valid JSON.',
    );
  });

  it('says when to try again when rate limited', async () => {
    const error = await errorFor(problem(429, { detail: 'rate limit reached' }, { 'retry-after': '17' }));
    await expect(told(error)).resolves.toBe('Too many questions right now. Please try again in 17 seconds.');
    await expect(told(error, de)).resolves.toBe(
      'Gerade zu viele Fragen. Bitte versuchen Sie es in 17 Sekunden erneut.',
    );
    expect(error.refused).toBe(true);
  });

  it('says the assistant cannot be reached when the request fails, which is not a refusal', async () => {
    const error = await errorFor(new TypeError('Failed to fetch'));
    await expect(told(error)).resolves.toBe(
      'Cannot reach the assistant. Check your connection and try again.',
    );
    await expect(told(error, de)).resolves.toBe(
      'Der Assistent ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    );
    expect(error.refused).toBe(false);
  });

  it('is not a refusal when the API is unavailable', async () => {
    const error = await errorFor(problem(503, { detail: 'Redis is unavailable' }));
    await expect(told(error)).resolves.toBe(
      'The assistant is unavailable right now. Please try again in a moment.',
    );
    expect(error.refused).toBe(false);
  });
});

describe('the widget’s answer stream', () => {
  const api = new WidgetApi('https://docqa.test/api/v2/', 'dq_token', () => undefined);
  // Spied on here, after the errors' spy is restored.
  let fetchMock: jest.SpiedFunction<typeof fetch>;
  beforeAll(() => (fetchMock = jest.spyOn(globalThis, 'fetch')));
  afterEach(() => fetchMock.mockReset());
  afterAll(() => fetchMock.mockRestore());

  const sse = (id: string, type: string, data: unknown) =>
    `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
  const QUESTION = sse('1-0', 'question', { question_id: 'q_1', chat_id: 'c_1' });
  const FIRST = sse('2-0', 'delta', { text: 'Run ' });
  const REST = sse('3-0', 'delta', { text: '`docqa`.' }) + sse('4-0', 'error', { problem: { title: 'x' } });
  /** An event stream response of `text`, which fails once it is read when `cut` (a network drop). */
  const stream = (text: string, cut = false) => {
    let sent = false;
    return new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (!sent) controller.enqueue(new TextEncoder().encode(text));
          else if (cut) controller.error(new TypeError('network error'));
          else controller.close();
          sent = true;
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
  };
  const ask = async () => {
    const texts: string[] = [];
    await api.stream(
      { question: 'How?', filters: [] },
      (e) => void (e.type === 'delta' && texts.push(e.data.text)),
      new AbortController().signal,
    );
    return texts;
  };
  /** The headers of the `n`th request. */
  const headersOf = (n: number) => fetchMock.mock.calls[n]![1]!.headers as Record<string, string>;

  it.each([
    ['ends early', false],
    ['fails', true],
  ])(
    'takes a stream that %s before its last event up again after the last event received',
    async (_, cut) => {
      fetchMock.mockResolvedValueOnce(stream(QUESTION + FIRST, cut)).mockResolvedValueOnce(stream(REST));
      await expect(ask()).resolves.toEqual(['Run ', '`docqa`.']);
      expect(fetchMock.mock.calls[1]![0]).toBe('https://docqa.test/api/v2/question/q_1/events');
      expect(headersOf(1)['last-event-id']).toBe('2-0');
    },
  );

  it('says the assistant cannot be reached when the stream taken up again brings nothing', async () => {
    fetchMock.mockResolvedValueOnce(stream(QUESTION + FIRST, true)).mockResolvedValueOnce(stream(''));
    await expect(ask()).rejects.toMatchObject({ key: 'ERROR_UNREACHABLE' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not ask again when the stream ends before the question was recorded', async () => {
    fetchMock.mockResolvedValueOnce(stream(''));
    await expect(ask()).rejects.toMatchObject({ key: 'ERROR_UNREACHABLE' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
