import { DocqaProblemError } from '@docqa/client';
import type { BatchCreated, QuestionRecord, QuestionRequest } from '@docqa/contracts';
import { chunksOf, parseBatchLines } from './batch-file';
import { runBatch, type BatchResult } from './batch-runner';

/** The API as the batch sees it: idempotent batch submission, answers after a short delay. */
class FakeApi {
  readonly asked: string[] = [];
  readonly calls: number[] = [];
  private readonly byKey = new Map<string, BatchCreated>();
  private next = 0;

  async askBatch(requests: QuestionRequest[], opts: { idempotencyKey?: string } = {}): Promise<BatchCreated> {
    this.calls.push(requests.length);
    const replay = opts.idempotencyKey && this.byKey.get(opts.idempotencyKey);
    if (replay) return replay;
    const created = {
      questions: requests.map((r) => {
        this.asked.push(r.question);
        return { question_id: `q_${this.next++}_${r.question}`, chat_id: 'c' };
      }),
    };
    if (opts.idempotencyKey) this.byKey.set(opts.idempotencyKey, created);
    return created;
  }

  async waitForAnswer(id: string, opts: { signal?: AbortSignal } = {}): Promise<QuestionRecord> {
    await new Promise((r) => setTimeout(r, 2));
    opts.signal?.throwIfAborted();
    const failed = id.endsWith('fail?');
    return {
      id,
      text: id,
      response: failed ? '' : `answer to ${id}`,
      is_ready: true,
      chat_id: 'c',
      status: failed ? 'failed' : 'ready',
      sources: [],
      created_at: '',
      updated_at: '',
      ...(failed ? { error: { type: 'about:blank', title: 'Model down', status: 503 } } : {}),
    };
  }
}

const input = (n: number) =>
  parseBatchLines(Array.from({ length: n }, (_, i) => JSON.stringify({ question: `q${i + 1}?` })).join('\n'));

describe('runBatch', () => {
  it('says to lower --batch-size when the server refuses a block as too many questions', async () => {
    const api = new FakeApi();
    const problem = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'the request body is invalid',
      errors: [{ path: 'body.questions', message: 'Too big: expected array to have <=50 items' }],
    };
    api.askBatch = () => Promise.reject(new DocqaProblemError(problem, new Headers()));
    const run = runBatch({
      client: api,
      chunks: chunksOf('f', input(100)),
      done: new Set(),
      concurrency: 2,
      write: () => undefined,
    });
    await expect(run).rejects.toThrow(
      '400 Bad Request: the request body is invalid (body.questions: Too big: expected array to have <=50 items); the server takes fewer questions a request (BATCH_MAX_QUESTIONS): run again with a smaller --batch-size',
    );
  });

  it('writes one result per question, submitting chunks of at most 100', async () => {
    const api = new FakeApi();
    const results: BatchResult[] = [];
    await runBatch({
      client: api,
      chunks: chunksOf('f', input(230)),
      done: new Set(),
      concurrency: 8,
      write: (r) => results.push(r),
    });
    expect(api.calls).toEqual([100, 100, 30]);
    expect(results.map((r) => r.line).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 230 }, (_, i) => i + 1),
    );
    expect(results[0]).toMatchObject({
      status: 'ready',
      answer: expect.stringMatching(/^answer to q_/),
      error: null,
    });
  });

  it('resumes an interrupted run without asking any question twice', async () => {
    const api = new FakeApi();
    const lines = input(150);
    const written: BatchResult[] = [];
    const abort = new AbortController();
    await expect(
      runBatch({
        client: api,
        chunks: chunksOf('f', lines),
        done: new Set(),
        concurrency: 4,
        signal: abort.signal,
        write: (r) => written.push(r),
        onResult: () => written.length === 20 && abort.abort(new Error('interrupted')),
      }),
    ).rejects.toThrow('interrupted');
    expect(written.length).toBeLessThan(150);

    await runBatch({
      client: api,
      chunks: chunksOf('f', lines),
      done: new Set(written.map((r) => r.line)),
      concurrency: 4,
      write: (r) => written.push(r),
    });
    const lineNumbers = written.map((r) => r.line);
    expect(new Set(lineNumbers).size).toBe(150);
    expect(lineNumbers).toHaveLength(150);
    expect(api.asked).toHaveLength(150);
  });

  it('records a failed answer with its problem and goes on', async () => {
    const api = new FakeApi();
    const results: BatchResult[] = [];
    const lines = parseBatchLines(['{"question":"fine?"}', '{"question":"fail?"}'].join('\n'));
    await runBatch({
      client: api,
      chunks: chunksOf('f', lines),
      done: new Set(),
      concurrency: 2,
      write: (r) => results.push(r),
    });
    expect(results.find((r) => r.line === 2)).toMatchObject({
      status: 'failed',
      error: { title: 'Model down' },
    });
    expect(results.find((r) => r.line === 1)).toMatchObject({ status: 'ready' });
  });
});
