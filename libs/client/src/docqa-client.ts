import type { z } from 'zod';
import type {
  SourceRecord,
  SourceRequest,
  SourceUpdate,
  BatchCreated,
  ChatRecord,
  DocumentInputSchema,
  DocumentListSchema,
  DocumentRecord,
  FeedbackRequest,
  HealthMode,
  HealthResponse,
  IngestAccepted,
  JobRecord,
  QuestionCreated,
  QuestionRecord,
  QuestionRequestSchema,
  SearchRequestSchema,
  SearchResponse,
  StreamQuestionRequestSchema,
} from '@docqa/contracts';
import { AnswerTimeoutError } from './answer-timeout-error';
import { isFinalEvent, readAnswerEvents, type StreamedEvent } from './answer-events';
import { HttpTransport, sleep, type HttpTransportOptions } from './http-transport';
import { DocqaProblemError } from './problem-error';

/** Options of {@link DocqaClient}: where the API is, the token, and retry behaviour. */
export type DocqaClientOptions = HttpTransportOptions;

/**
 * A question as sent to `POST /question/` or in a batch: `filters` as a list or as the
 * `{property: value}` shorthand.
 */
export type QuestionInput = z.input<typeof QuestionRequestSchema>;
/** A question as sent to `POST /questions/`, whose answer is streamed (no `question_metadata`). */
export type StreamQuestionInput = z.input<typeof StreamQuestionRequestSchema>;
/** Body of `POST /rag/search/` as sent (mode and limit have server defaults). */
export type SearchInput = z.input<typeof SearchRequestSchema>;
/** A document as sent to `POST /documents/` (`content_type` defaults to Markdown). */
export type DocumentCreateInput = z.input<typeof DocumentInputSchema>;
/** A page of `GET /documents/`. */
export type DocumentPage = z.infer<typeof DocumentListSchema>;

/** Result of {@link DocqaClient.poll}: the record and its ETag, or "unchanged since `etag`". */
export type QuestionPoll =
  { notModified: false; record: QuestionRecord; etag: string | null } | { notModified: true; etag: string };

/** What {@link DocqaClient.stream} starts from: a new question, or a question to (re)attach to. */
export type StreamTarget = StreamQuestionInput | { questionId: string; lastEventId?: string };

/** Longest long poll the API grants, in seconds. */
const MAX_WAIT_SECONDS = 30;

/**
 * Typed client of the docqa HTTP API (`/api/v2/`): questions (polling, long polling, streaming
 * with resume), batches, chats, search, feedback, documents, ingest jobs and health. Error
 * answers are thrown as `DocqaProblemError`; 429 and 503 are retried with back-off.
 */
export class DocqaClient {
  private readonly http: HttpTransport;

  constructor(options: DocqaClientOptions) {
    this.http = new HttpTransport(options);
  }

  /** `POST /question/`: records and queues a question; same `idempotencyKey` + body → same ids. */
  ask(
    request: QuestionInput,
    opts: { idempotencyKey?: string; signal?: AbortSignal } = {},
  ): Promise<QuestionCreated> {
    return this.http.json('question/', {
      method: 'POST',
      body: request,
      headers: idempotency(opts.idempotencyKey),
      signal: opts.signal,
    });
  }

  /** `POST /question/batch/`: up to 100 questions at batch priority; ids in request order. */
  askBatch(
    requests: QuestionInput[],
    opts: { idempotencyKey?: string; signal?: AbortSignal } = {},
  ): Promise<BatchCreated> {
    return this.http.json('question/batch/', {
      method: 'POST',
      body: { questions: requests },
      headers: idempotency(opts.idempotencyKey),
      signal: opts.signal,
    });
  }

  /** `GET /question/{id}/`; with `wait`, returns as soon as the record changes (≤ 30 s). */
  async get(id: string, opts: { wait?: number; signal?: AbortSignal } = {}): Promise<QuestionRecord> {
    return this.http.json(questionPath(id, opts.wait), { signal: opts.signal });
  }

  /**
   * `GET /question/{id}/` with `If-None-Match: etag`: the changed record with its new ETag, or
   * `notModified` when the record is still the one `etag` names (after up to `wait` seconds).
   */
  async poll(
    id: string,
    opts: { etag?: string | null; wait?: number; signal?: AbortSignal } = {},
  ): Promise<QuestionPoll> {
    const res = await this.http.request(questionPath(id, opts.wait), {
      headers: opts.etag ? { 'if-none-match': opts.etag } : undefined,
      signal: opts.signal,
      accept: [304],
    });
    const etag = res.headers.get('etag');
    if (res.status === 304) return { notModified: true, etag: etag ?? opts.etag! };
    return { notModified: false, record: (await res.json()) as QuestionRecord, etag };
  }

  /**
   * Long-polls a question (with ETags) until it is ready or failed and returns the final record;
   * `onUpdate` sees every changed record on the way. Throws {@link AnswerTimeoutError} after
   * `timeoutMs` (default 5 minutes) and the signal's reason when `signal` aborts.
   */
  async waitForAnswer(
    id: string,
    opts: { signal?: AbortSignal; timeoutMs?: number; onUpdate?: (record: QuestionRecord) => void } = {},
  ): Promise<QuestionRecord> {
    const timeoutMs = opts.timeoutMs ?? 300_000;
    const deadline = Date.now() + timeoutMs;
    let etag: string | null = null;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) throw new AnswerTimeoutError(id, timeoutMs);
      const wait = Math.max(1, Math.min(MAX_WAIT_SECONDS, Math.floor(left / 1000)));
      const polled = await this.poll(id, { etag, wait, signal: opts.signal });
      etag = polled.etag;
      if (polled.notModified) continue;
      opts.onUpdate?.(polled.record);
      if (polled.record.is_ready) return polled.record;
    }
  }

  /**
   * Streams an answer as it is generated: asks through `POST /questions/` (first event
   * `question`), or attaches to a question's `GET /question/{id}/events` from `lastEventId`.
   * A dropped connection is resumed with `Last-Event-ID`, so no event is lost or repeated;
   * the stream ends after `done` or `error`.
   */
  async *stream(
    target: StreamTarget,
    opts: { signal?: AbortSignal; resumes?: number } = {},
  ): AsyncGenerator<StreamedEvent> {
    let questionId = 'questionId' in target ? target.questionId : undefined;
    let lastEventId = 'questionId' in target ? target.lastEventId : undefined;
    let failures = 0;
    let lastError: unknown;
    for (;;) {
      try {
        const res = await this.openStream(questionId ? { questionId, lastEventId } : target, opts.signal);
        for await (const event of readAnswerEvents(res.body!)) {
          failures = 0;
          if (event.id) lastEventId = event.id;
          if (event.type === 'question') questionId = event.data.question_id;
          yield event;
          if (isFinalEvent(event)) return;
        }
      } catch (err) {
        // An error answer is final; only a lost connection of a known question is resumed.
        if (opts.signal?.aborted || !questionId || err instanceof DocqaProblemError) throw err;
        lastError = err;
      }
      if (!questionId) throw new Error('the answer stream ended before the question was recorded');
      if (failures >= (opts.resumes ?? 5))
        throw lastError ?? new Error(`the answer stream of ${questionId} kept ending before its last event`);
      await sleep(250 * 2 ** failures++, opts.signal);
    }
  }

  private openStream(target: StreamTarget, signal: AbortSignal | undefined): Promise<Response> {
    if (!('questionId' in target))
      return this.http.request('questions/', {
        method: 'POST',
        body: target,
        headers: { accept: 'text/event-stream' },
        signal,
      });
    const resume: Record<string, string> = target.lastEventId ? { 'last-event-id': target.lastEventId } : {};
    return this.http.request(`question/${encodeURIComponent(target.questionId)}/events`, {
      headers: { accept: 'text/event-stream', ...resume },
      signal,
    });
  }

  /** `GET /chat/{id}/`: a chat with its questions, oldest first. */
  chat(id: string): Promise<ChatRecord> {
    return this.http.json(`chat/${encodeURIComponent(id)}/`);
  }

  /** `POST /rag/search/`: passages matching a query (scope `search`). */
  search(request: SearchInput): Promise<SearchResponse> {
    return this.http.json('rag/search/', { method: 'POST', body: request });
  }

  /** `POST /question/{id}/feedback/`: thumbs up or down on an answer. */
  async feedback(id: string, body: FeedbackRequest): Promise<void> {
    await this.http.request(`question/${encodeURIComponent(id)}/feedback/`, { method: 'POST', body });
  }

  /** Documents of the token's tenant (scope `ingest`). */
  readonly documents = {
    /** `POST /documents/`: adds or replaces documents; follow the returned job with `jobs.get`. */
    create: (documents: DocumentCreateInput[]): Promise<IngestAccepted> =>
      this.http.json('documents/', { method: 'POST', body: { documents } }),
    /**
     * `GET /documents/`: one page; pass `next_cursor` back as `cursor` for the next. With `q`, only
     * the documents whose title, URL or id hold every word of it; a page of a search may be short
     * (even empty) while `next_cursor` is set, so follow it until it is null.
     */
    list: (opts: { cursor?: string; limit?: number; q?: string } = {}): Promise<DocumentPage> => {
      const query = new URLSearchParams();
      if (opts.cursor) query.set('cursor', opts.cursor);
      if (opts.limit) query.set('limit', String(opts.limit));
      if (opts.q) query.set('q', opts.q);
      return this.http.json(`documents/${query.size ? `?${query}` : ''}`);
    },
    /** `GET /documents/{id}`. */
    get: (id: string): Promise<DocumentRecord> => this.http.json(`documents/${encodeURIComponent(id)}`),
    /** `DELETE /documents/{id}`: removes the document and its chunks. */
    delete: async (id: string): Promise<void> => {
      await this.http.request(`documents/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
  };

  /** Ingest jobs. */
  readonly jobs = {
    /** `GET /jobs/{id}`: progress of an ingest job. */
    get: (id: string): Promise<JobRecord> => this.http.json(`jobs/${encodeURIComponent(id)}`),
  };

  /** Sources kept in sync (sitemaps, pages, llms.txt, GitHub repositories). */
  readonly sources = {
    /** `POST /sources/`: adds a source, scheduled when it has a `schedule`. */
    create: (source: SourceRequest): Promise<SourceRecord> =>
      this.http.json('sources/', { method: 'POST', body: source }),
    /** `GET /sources/`. */
    list: async (): Promise<SourceRecord[]> =>
      ((await this.http.json('sources/')) as { sources: SourceRecord[] }).sources,
    /** `GET /sources/{id}`: the source with its latest syncs, newest first. */
    get: (id: string): Promise<SourceRecord> => this.http.json(`sources/${encodeURIComponent(id)}`),
    /**
     * `PATCH /sources/{id}`: changes the settings given (a token set, replaced, or removed with
     * `null`; metadata, globs, schedule, branch, base URL) and returns the source.
     */
    update: (id: string, changes: SourceUpdate): Promise<SourceRecord> =>
      this.http.json(`sources/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    /** `POST /sources/{id}/sync`: syncs now; the sync shows in `get(id).syncs` under `job_id`. */
    sync: (id: string): Promise<{ job_id: string }> =>
      this.http.json(`sources/${encodeURIComponent(id)}/sync`, { method: 'POST' }),
    /** `DELETE /sources/{id}`: removes the source and every document it brought in. */
    remove: async (id: string): Promise<void> => {
      await this.http.request(`sources/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
  };

  /** `GET /health?mode=`: a 503 answer (a dependency down) is returned, not thrown. */
  health(mode: HealthMode = 'basic'): Promise<HealthResponse> {
    return this.http.json(`health?mode=${mode}`, { accept: [503] });
  }
}

function questionPath(id: string, wait: number | undefined): string {
  return `question/${encodeURIComponent(id)}/${wait ? `?wait=${wait}` : ''}`;
}

function idempotency(key: string | undefined): Record<string, string> | undefined {
  return key ? { 'idempotency-key': key } : undefined;
}
