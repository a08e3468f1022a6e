import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AnswerEvent, QuestionRecord } from '@docqa/contracts';
import { WidgetError, type StreamTarget } from './api-client';
import { errorText } from './error-text';
import type { SettingsController } from './settings-controller';
import { newTurn, turnOf, type Rating, type Turn } from './turn';
import { WidgetStorage } from './widget-storage';

/** Why a question longer than the API takes (`max` characters) is not sent. */
const tooLong = (chars: number, max: number) =>
  `This question is ${chars.toLocaleString('en-US')} characters long; the assistant takes at most ` +
  `${max.toLocaleString('en-US')}. Please shorten it.`;

/** What the host needs besides rendering: it announces finished answers. */
export type ChatHost = ReactiveControllerHost & EventTarget;

/**
 * The conversation: asks questions and streams their answers, restores the chat in chat mode
 * (`POST /conversation/`), resumes an answer cut off by a reload in either mode, and sends
 * feedback. Work starts once the settings are loaded, so a question asked right after mounting
 * carries the tenant's stored filters and is never overwritten by the restored history. Every
 * request is cancelled when the host disconnects.
 *
 * Must be created after the {@link SettingsController} it reads, so that its `ready` is the current
 * one when this controller connects.
 */
export class ChatController implements ReactiveController {
  /** The turns shown, oldest first. */
  turns: Turn[] = [];
  /** Whether an answer is streaming (one at a time). */
  busy = false;
  /**
   * Why the last question was not asked: too long to send, refused by the API (a 4xx), or not taken
   * because the API could not be reached or was unavailable. It is not in the list; the question
   * field keeps it to be corrected or sent again. Cleared by the next question.
   */
  refusal?: string;
  private chatId?: string;
  /** The status of the API's refusal of the last question (see `refusal`). */
  private refusedWith?: number;
  private storage = new WidgetStorage('');
  private abort = new AbortController();
  private started: Promise<void> = Promise.resolve();

  constructor(
    private readonly host: ChatHost,
    private readonly settings: SettingsController,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.abort = new AbortController();
    const signal = this.abort.signal;
    this.storage = new WidgetStorage(this.settings.value.api_url);
    this.started = this.settings.ready.then(() => this.restore(signal));
  }

  hostDisconnected(): void {
    this.abort.abort();
  }

  /**
   * Asks `text` (after the settings have loaded), in the current chat in chat mode. Resolves once
   * the answer is complete: true, or false when the question was not asked (empty, an answer still
   * streaming, or refused: `refusal` says why).
   */
  async ask(text: string): Promise<boolean> {
    const question = text.trim();
    if (!question) return false;
    // A question longer than the API takes (GET /settings/ says how long) is refused before it
    // is sent.
    await this.settings.ready;
    const max = this.settings.questionMaxChars;
    this.refusal = question.length > max ? tooLong(question.length, max) : undefined;
    this.host.requestUpdate();
    if (this.refusal) return false;
    await this.started;
    const { api, value } = this.settings;
    const signal = this.abort.signal;
    if (!api || this.busy || signal.aborted) return false;
    const before = this.turns;
    const turn = newTurn(question);
    // Search mode's answers take follow-ups too, within the page's visit (the chat is not kept).
    const chat = value.mode !== 'question';
    this.turns = chat ? [...before, turn] : [turn];
    const filters = this.settings.filters();
    // The page and the language: a question about "this page" is answered from it, in the visitor's language.
    const page = { page_url: pageUrl(), locale: value.locale, version: this.settings.version() };
    const target = { question, chat_id: chat ? this.chatId : undefined, filters, ...page };
    if (await this.follow(turn, target, signal)) return true;
    if (target.chat_id && this.refusedWith === 404) {
      // The chat is gone (its records expired): the question starts a new one.
      this.storage.chatId = this.chatId = undefined;
      this.refusal = undefined;
      if (await this.follow(turn, { ...target, chat_id: undefined }, signal)) return true;
    }
    // Refused before it was asked: the list is as it was, and `refusal` tells why.
    this.turns = before;
    this.host.requestUpdate();
    return false;
  }

  /** Forgets the chat and starts over, dropping an answer of the old chat still streaming. */
  newChat(): void {
    // Left to stream unseen, that answer would keep Ask disabled until it ended.
    this.abort.abort();
    this.abort = new AbortController();
    this.storage.chatId = undefined;
    this.storage.pending = undefined;
    this.storage.forgetRatings();
    this.chatId = undefined;
    this.turns = [];
    this.refusal = undefined;
    this.host.requestUpdate();
  }

  /** Sends thumbs up or down (with the feedback form's details) for a turn. */
  async rate(turn: Turn, rating: Rating, details?: string, url?: string): Promise<void> {
    const { api } = this.settings;
    if (!turn.id || !api) return;
    try {
      const body = { rating, details: details || undefined, url: url || undefined };
      await api.feedback(turn.id, body, this.abort.signal);
      turn.rated = rating;
      this.storage.rate(turn.id, rating);
      turn.feedbackOpen = false;
    } catch (err) {
      if (this.abort.signal.aborted) return;
      turn.error = await errorText(err, this.settings.value.labels, 'ERROR_FEEDBACK');
    }
    this.host.requestUpdate();
  }

  private async restore(signal: AbortSignal): Promise<void> {
    const { api, value, error } = this.settings;
    // Without settings the API is unusable (bad token, origin, network): keep what is stored.
    if (!api || error || signal.aborted) return;
    this.chatId = value.mode === 'chat' ? this.storage.chatId : undefined;
    if (this.chatId) {
      try {
        const { questions } = await api.conversation(this.chatId, signal);
        // The records do not say how the visitor rated them: the widget remembers it.
        this.turns = questions.map((q) => ({ ...turnOf(q), rated: this.storage.rating(q.id) }));
      } catch (err) {
        if (signal.aborted) return;
        // Only a chat the API no longer knows is dropped: one it could not read just now (an
        // outage, a restart) is kept, and shown again by the next load.
        if (err instanceof WidgetError && err.status === 404) this.storage.chatId = this.chatId = undefined;
      }
      this.host.requestUpdate();
    }
    await this.resume(signal);
  }

  /**
   * Picks up the answer that was streaming when the page went away. Its events are replayed from
   * the first one and the text rebuilt from them alone, so no part of it is ever shown twice.
   */
  private async resume(signal: AbortSignal): Promise<void> {
    const pending = this.storage.pending;
    if (!pending) return;
    let turn = this.turns.find((t) => t.id === pending.id);
    if (!turn && this.settings.value.mode === 'question') {
      turn = newTurn(pending.question, pending.id);
      this.turns = [turn];
    }
    if (!turn || turn.done) {
      this.storage.pending = undefined;
      return;
    }
    turn.answer = '';
    turn.sources = [];
    await this.follow(turn, { questionId: pending.id }, signal);
  }

  /**
   * Streams a turn's answer. Resolves false when the API did not take a new question (`refusal`
   * then says why; the turn is not the record of any question), else true.
   */
  private async follow(turn: Turn, target: StreamTarget, signal: AbortSignal): Promise<boolean> {
    this.busy = true;
    this.host.requestUpdate();
    try {
      // Events read before an abort are not applied: they would write a dropped chat back.
      const onEvent = (event: AnswerEvent) => {
        if (!signal.aborted) this.apply(turn, event);
      };
      await this.settings.api!.stream(target, onEvent, signal);
    } catch (err) {
      // Aborted by an unmount (the question stays pending, and the next mount resumes it) or by
      // New chat.
      if (signal.aborted) return true;
      // Not taken by the API (refused, unreachable, unavailable): nothing was asked, and the
      // question goes back to the field to be sent again.
      const text = await errorText(err, this.settings.value.labels);
      if (err instanceof WidgetError && !turn.id) {
        this.refusal = text;
        this.refusedWith = err.status;
        return false;
      }
      turn.error = text;
      if (turn.id) this.storage.pending = undefined;
    } finally {
      turn.done = true;
      this.busy = false;
      this.host.requestUpdate();
    }
    return true;
  }

  private apply(turn: Turn, event: AnswerEvent): void {
    const { storage } = this;
    switch (event.type) {
      case 'question':
        turn.id = event.data.question_id;
        storage.pending = { id: turn.id, question: turn.question };
        if (this.settings.value.mode !== 'question') this.chatId = event.data.chat_id;
        if (this.settings.value.mode === 'chat') storage.chatId = this.chatId;
        break;
      case 'status':
        // A worker took the answer over and starts it again.
        if (event.data.restarted) turn.answer = '';
        break;
      case 'delta':
        turn.answer += event.data.text;
        break;
      case 'sources':
        turn.sources = event.data.sources;
        break;
      case 'done':
        Object.assign(turn, turnOf(event.data.record));
        storage.pending = undefined;
        this.announce(event.data.record);
        break;
      case 'error':
        turn.error = event.data.problem.detail ?? event.data.problem.title;
        storage.pending = undefined;
        break;
    }
    this.host.requestUpdate();
  }

  private announce(record: QuestionRecord): void {
    this.host.dispatchEvent(
      new CustomEvent('assistant-answer', { detail: record, bubbles: true, composed: true }),
    );
  }
}

/**
 * The page the visitor is on, without its query or fragment (which may hold what is private); on
 * a hash-routed docs site (docsify's `…/#/configuration?id=x`) its route, which names the page.
 */
export function pageUrl(): string | undefined {
  if (!/^https?:$/.test(location.protocol)) return undefined;
  const route = /^#\/[^?#]*/.exec(location.hash)?.[0] ?? '';
  return location.origin + location.pathname + route;
}
