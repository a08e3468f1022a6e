import type { AnswerEvent, Conversation, Filter, WidgetSettings } from '@docqa/contracts';
import { readAnswerEvents } from '@docqa/client/answer-events';

/** A new question to ask, or an asked one whose answer to replay. */
export type StreamTarget = { question: string; chat_id?: string; filters: Filter[] } | { questionId: string };

/** An error of the API, turned into a sentence a visitor understands. */
export class WidgetError extends Error {}

function humanMessage(status: number, retryAfter: string | null): string {
  if (status === 401)
    return 'This assistant is not set up correctly (its access token is invalid or expired).';
  if (status === 403) return 'This assistant is not allowed on this page.';
  if (status === 429)
    return `Too many questions right now. Please try again in ${retryAfter ?? 'a few'} seconds.`;
  if (status >= 500) return 'The assistant is unavailable right now. Please try again in a moment.';
  return 'Something went wrong with this question. Please try again.';
}

/** The widget's calls to the docqa API (`api_url` ends in `/api/v2/`). */
export class WidgetApi {
  constructor(
    private readonly apiUrl: string,
    private readonly token: string,
    private readonly debug: (...args: unknown[]) => void,
  ) {}

  private async call(path: string, init: RequestInit = {}, signal?: AbortSignal): Promise<Response> {
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
      throw new WidgetError('Cannot reach the assistant. Check your connection and try again.');
    }
    if (!res.ok) {
      this.debug('API error', res.status, await res.clone().text());
      throw new WidgetError(humanMessage(res.status, res.headers.get('retry-after')));
    }
    return res;
  }

  async settings(signal?: AbortSignal): Promise<WidgetSettings> {
    return (await this.call('settings/', {}, signal)).json();
  }

  async conversation(chatId: string, signal?: AbortSignal): Promise<Conversation> {
    return (
      await this.call('conversation/', { method: 'POST', body: JSON.stringify({ chat_id: chatId }) }, signal)
    ).json();
  }

  async feedback(
    questionId: string,
    body: { rating: 'up' | 'down'; details?: string; url?: string },
    signal?: AbortSignal,
  ): Promise<void> {
    await this.call(
      `question/${encodeURIComponent(questionId)}/feedback/`,
      { method: 'POST', body: JSON.stringify(body) },
      signal,
    );
  }

  /**
   * Asks and streams the answer, or replays a question's stream from its first event (to resume
   * after a reload: the caller rebuilds the text from the events alone, so none is shown twice).
   */
  async stream(
    target: StreamTarget,
    onEvent: (event: AnswerEvent) => void,
    signal: AbortSignal,
  ): Promise<void> {
    const res =
      'questionId' in target
        ? await this.call(`question/${encodeURIComponent(target.questionId)}/events`, {}, signal)
        : await this.call('questions/', { method: 'POST', body: JSON.stringify(target) }, signal);
    for await (const event of readAnswerEvents(res.body!)) {
      this.debug('event', event.type, event.data);
      onEvent(event);
    }
  }
}
