import type {
  AnswerEvent,
  Conversation,
  FeedbackRequest,
  Filter,
  Problem,
  WidgetSettingsResponse,
} from '@docqa/contracts';
import type { ANSWER_LABELS } from '@docqa/contracts/answer-labels';
import { isFinalEvent, readAnswerEvents } from '@docqa/client/answer-events';

/** A new question to ask, or an asked one whose answer to replay. */
export type StreamTarget =
  | {
      question: string;
      chat_id?: string;
      filters: Filter[];
      page_url?: string;
      locale?: string;
      version?: string;
    }
  | { questionId: string };

/** The texts an error is told with (see `errorText`): their English defaults load with the answer kit. */
export type ErrorKey = Extract<keyof typeof ANSWER_LABELS, `ERROR_${string}`>;

/**
 * An error of the API, or none reaching it: which of the widget's texts tells it (`key`, in the
 * visitor's language, see `errorText`) and what fills that text's placeholders.
 */
export class WidgetError extends Error {
  constructor(
    readonly key: ErrorKey,
    /** The HTTP status the API answered; absent when it could not be reached. */
    readonly status?: number,
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }

  /** Whether the API refused the request (4xx): nothing was done, and it can be corrected and sent again. */
  get refused(): boolean {
    return this.status !== undefined && this.status >= 400 && this.status < 500;
  }
}

/** The texts of refusals and failures by status (see {@link errorOf}). */
const STATUS_ERRORS: Record<number, ErrorKey> = {
  401: 'ERROR_TOKEN',
  403: 'ERROR_FORBIDDEN',
  429: 'ERROR_RATE_LIMITED',
};

function errorOf(status: number, retryAfter: string | null, problem?: Partial<Problem>): WidgetError {
  const fields = problem?.errors ?? [];
  const reason = fields.map((f) => f.message).join('; ') || problem?.detail;
  if (status === 400 && reason)
    return new WidgetError(fields.length ? 'ERROR_INVALID_FIELDS' : 'ERROR_INVALID', status, {
      fields: fields.map((f) => f.path.replace(/^body\./, '')).join(', '),
      reason,
    });
  if (status === 429 && retryAfter)
    return new WidgetError('ERROR_RATE_LIMITED_SECONDS', status, { seconds: retryAfter });
  return new WidgetError(
    STATUS_ERRORS[status] ?? (status >= 500 ? 'ERROR_UNAVAILABLE' : 'ERROR_FAILED'),
    status,
  );
}

/** The widget's calls to the docqa API (`api_url` ends in `/api/v2/`). */
export class WidgetApi {
  constructor(
    private readonly apiUrl: string,
    private readonly token: string,
    private readonly debug: (...args: unknown[]) => void,
  ) {}

  /**
   * A request to the API (`path` relative to `api_url`, with the token); an error answer, or none,
   * throws a {@link WidgetError} that tells what happened.
   */
  async call(path: string, init: RequestInit = {}, signal?: AbortSignal): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(this.apiUrl + path, {
        ...init,
        signal,
        headers: {
          authorization: `Bearer ${this.token}`,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      this.debug('network error', err);
      throw new WidgetError('ERROR_UNREACHABLE');
    }
    if (!res.ok) {
      const problem = await problemOf(res);
      this.debug('API error', res.status, problem);
      throw errorOf(res.status, res.headers.get('retry-after'), problem);
    }
    return res;
  }

  /** The tenant's stored settings and the API's question length limit (absent from APIs before it). */
  async settings(
    signal?: AbortSignal,
  ): Promise<Omit<WidgetSettingsResponse, 'question_max_chars'> & { question_max_chars?: number }> {
    return (await this.call('settings/', {}, signal)).json();
  }

  async conversation(chatId: string, signal?: AbortSignal): Promise<Conversation> {
    return (
      await this.call('conversation/', { method: 'POST', body: JSON.stringify({ chat_id: chatId }) }, signal)
    ).json();
  }

  async feedback(questionId: string, body: FeedbackRequest, signal?: AbortSignal): Promise<void> {
    await this.call(
      `question/${encodeURIComponent(questionId)}/feedback/`,
      { method: 'POST', body: JSON.stringify(body) },
      signal,
    );
  }

  /**
   * Asks and streams the answer, or replays a question's stream from its first event (to resume
   * after a reload: the caller rebuilds the text from the events alone, so none is shown twice).
   * A stream cut before its last event (a network drop, an API replica stopping) is taken up again
   * from the last event received (`Last-Event-ID`), once for each cut after which events arrived.
   */
  async stream(
    target: StreamTarget,
    onEvent: (event: AnswerEvent) => void,
    signal: AbortSignal,
  ): Promise<void> {
    let questionId = 'questionId' in target ? target.questionId : undefined;
    let lastEventId: string | undefined;
    for (let resumed = false; ; resumed = true) {
      try {
        const res = questionId
          ? await this.call(
              `question/${encodeURIComponent(questionId)}/events`,
              lastEventId ? { headers: { 'last-event-id': lastEventId } } : {},
              signal,
            )
          : await this.call('questions/', { method: 'POST', body: JSON.stringify(target) }, signal);
        for await (const event of readAnswerEvents(res.body!)) {
          this.debug('event', event.type, event.data);
          if (event.id) lastEventId = event.id;
          if (event.type === 'question') questionId = event.data.question_id;
          resumed = false;
          onEvent(event);
          if (isFinalEvent(event)) return;
        }
      } catch (err) {
        // The API's own answers (a refusal, an error status) are final; only a lost connection is not.
        if (signal.aborted || err instanceof WidgetError) throw err;
        this.debug('stream cut', err);
      }
      if (!questionId || resumed) throw new WidgetError('ERROR_UNREACHABLE');
    }
  }
}

/** The problem details of an error response (RFC 9457), when its body is one. */
async function problemOf(res: Response): Promise<Partial<Problem> | undefined> {
  if (!/json/.test(res.headers.get('content-type') ?? '')) return undefined;
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? (body as Partial<Problem>) : undefined;
  } catch {
    return undefined;
  }
}
