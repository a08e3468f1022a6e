import {
  InteractionResponseFlags,
  InteractionResponseType,
  InteractionType,
  verifyKey,
} from 'discord-interactions';
import { NotFoundError, UnauthenticatedError, ValidationError } from '@docqa/errors';
import { askInChannel } from './ask-in-channel';
import type { ChannelDeliveries, ChannelEngine } from './channel-engine';
import type { ChannelThreads } from './channel-threads';
import type { DeliveryState } from './delivery-state';
import { discordModal, parseCustomId } from './discord-message';
import type { DiscordApp, IntegrationStore } from './integration-store';
import { SLACK_MAX_SKEW_SECONDS } from './slack-signature';

/** Options of {@link DiscordChannel}. */
export interface DiscordChannelOptions {
  store: IntegrationStore;
  threads: ChannelThreads;
  engine: ChannelEngine;
  /** Where answers are handed to the worker to post. */
  deliveries: ChannelDeliveries;
  /** Where an interaction's token is kept, sealed, for the delivery that edits its response. */
  state: DeliveryState;
  /** @defaultValue Date.now */
  now?: () => number;
}

/** An interactions request as it arrived: the raw body and Discord's signing headers. */
export interface DiscordRequest {
  raw: Buffer;
  /** `X-Signature-Ed25519`. */
  signature: string | undefined;
  /** `X-Signature-Timestamp`, Unix seconds. */
  timestamp: string | undefined;
}

type Json = Record<string, unknown>;
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
/** Channel types of threads: a `/ask` there continues the thread's chat. */
const THREAD_TYPES = new Set([10, 11, 12]);

/**
 * Discord as a channel (DESIGN §15): the interactions endpoint (Ed25519-verified), `PING`, `/ask`
 * recorded and answered with a deferred response at once; the worker then edits the answer in
 * through the interaction webhook while it streams, with source links, 👍/👎 and a follow-up
 * button (see `ChannelDelivery`).
 */
export class DiscordChannel {
  private readonly now: () => number;

  constructor(private readonly opts: DiscordChannelOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** `POST /integrations/discord/interactions`: verifies, then answers Discord's interaction. */
  async interaction(request: DiscordRequest): Promise<Json> {
    const { app, body } = await this.verify(request);
    if (body.type === InteractionType.PING) return { type: InteractionResponseType.PONG };
    const id = str(body.id) ?? '';
    if (!(await this.opts.threads.claim('discord', id)))
      return ephemeral('This interaction was already handled.');
    if (body.type === InteractionType.APPLICATION_COMMAND) return this.command(app, body);
    const action = parseCustomId(((body.data ?? {}) as Json).custom_id);
    if (!action) return ephemeral('Nothing to do.');
    if (body.type === InteractionType.MODAL_SUBMIT) return this.submit(app, body, action);
    if (action.action === 'follow')
      return { type: InteractionResponseType.MODAL, data: discordModal('ask', action.id) };
    if (action.action === 'up' || action.action === 'down') {
      const stored = await this.opts.engine.rate(app.tenant, action.id, { rating: action.action }).then(
        () => true,
        (err: unknown) => (err instanceof NotFoundError ? false : Promise.reject(err)),
      );
      if (!stored) return ephemeral('That answer is no longer available.');
      if (action.action === 'down')
        return { type: InteractionResponseType.MODAL, data: discordModal('details', action.id) };
      return ephemeral('Thanks for the feedback!');
    }
    return ephemeral('Nothing to do.');
  }

  private async verify(request: DiscordRequest): Promise<{ app: DiscordApp; body: Json }> {
    const ts = request.timestamp;
    if (!ts || !/^\d{1,12}$/.test(ts) || Math.abs(this.now() / 1000 - Number(ts)) > SLACK_MAX_SKEW_SECONDS)
      throw new UnauthenticatedError('the request’s X-Signature-Timestamp is missing or stale');
    if (!request.signature || !/^[0-9a-f]{128}$/i.test(request.signature))
      throw new UnauthenticatedError('the request has no valid X-Signature-Ed25519');
    let body: Json;
    try {
      body = JSON.parse(request.raw.toString('utf8')) as Json;
    } catch {
      throw new ValidationError('the body is not a Discord interaction (JSON)');
    }
    const app = await this.opts.store.discordApp(str(body?.application_id) ?? '');
    if (!app || !(await verifyKey(request.raw, request.signature, ts, app.publicKey)))
      throw new UnauthenticatedError('unknown Discord application or bad signature');
    return { app, body };
  }

  private async command(app: DiscordApp, body: Json): Promise<Json> {
    const data = (body.data ?? {}) as Json;
    const option = ((data.options as Json[] | undefined) ?? []).find((o) => o.name === 'question');
    const question = str(option?.value)?.trim();
    if (data.name !== 'ask' || !question) return ephemeral('Ask a question: `/ask question: How do I …?`');
    const channel = (body.channel ?? {}) as Json;
    const thread = THREAD_TYPES.has(Number(channel.type)) ? str(body.channel_id) : undefined;
    const chatId = thread ? await this.opts.threads.chatOf('discord', app.tenant, thread) : null;
    return this.accept(app, body, question, chatId, thread);
  }

  private async submit(app: DiscordApp, body: Json, action: { action: string; id: string }): Promise<Json> {
    const text = modalText(body);
    if (action.action === 'details') {
      if (text) await this.opts.engine.rate(app.tenant, action.id, { rating: 'down', details: text });
      return ephemeral('Thanks, that helps us improve the docs.');
    }
    if (action.action !== 'ask' || !text) return ephemeral('Nothing to ask.');
    return this.accept(app, body, text, action.id, undefined);
  }

  /**
   * Asks the question and hands its answer to the worker, which edits it into the deferred
   * response while it streams; a member over their limit is told at once, only to them.
   */
  private async accept(
    app: DiscordApp,
    body: Json,
    question: string,
    chatId: string | null,
    thread?: string,
  ): Promise<Json> {
    const user = ((body.member as Json | undefined)?.user ?? body.user ?? {}) as Json;
    const asked = await askInChannel(this.opts, {
      kind: 'discord',
      asker: { tenant: app.tenant, filters: app.filters },
      integration: app.applicationId,
      member: str(user.id) ?? 'unknown',
      question,
      chatId,
      thread,
    });
    if ('notice' in asked) return ephemeral(asked.notice);
    const deliveryId = `discord-${asked.question_id}`;
    await this.opts.state.keepToken(deliveryId, str(body.token) ?? '');
    await this.opts.deliveries.enqueue(
      {
        tenant: app.tenant,
        channel: 'discord',
        integration: app.applicationId,
        question_id: asked.question_id,
        chat_id: asked.chat_id,
      },
      deliveryId,
    );
    return { type: InteractionResponseType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE };
  }
}

/** An answer only the person who clicked sees. */
function ephemeral(content: string): Json {
  return {
    type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
    data: { content, flags: InteractionResponseFlags.EPHEMERAL },
  };
}

/** The text field of a submitted docqa modal. */
function modalText(body: Json): string | undefined {
  const rows = (((body.data ?? {}) as Json).components as Json[] | undefined) ?? [];
  const field = rows
    .flatMap((row) => (row.components as Json[] | undefined) ?? [])
    .find((c) => c.custom_id === 'text');
  return str(field?.value)?.trim() || undefined;
}
