import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { UnrecoverableError } from 'bullmq';
import { DiscordAPIError } from '@discordjs/rest';
import { WebAPIPlatformError } from '@slack/web-api';
import type { ChannelDeliveryJob } from '@docqa/contracts';
import { NotFoundError } from '@docqa/errors';
import type { Keys } from '@docqa/redis';
import type { SecretBox } from '@docqa/sync';
import { relayAnswer, summary } from './answer-relay';
import type { AnswerFeed } from './channel-engine';
import { ChannelThreads } from './channel-threads';
import { DeliveryState } from './delivery-state';
import { discordMessage } from './discord-message';
import { discordRest } from './discord-rest';
import { IntegrationStore } from './integration-store';
import { slackClient } from './slack-client';
import { slackMessage } from './slack-message';

/** Options of {@link ChannelDelivery}. */
export interface ChannelDeliveryOptions {
  redis: Redis;
  keys: Keys;
  /** Opens the integrations' secrets and the sealed interaction tokens (`SECRETS_KEY`). */
  secrets: SecretBox;
  /** The answers' events and records. */
  feed: AnswerFeed;
  logger: Logger;
  /** `SLACK_API_URL`. */
  slackApiUrl: string;
  /** `DISCORD_API_URL`. */
  discordApiUrl: string;
  /** How long a thread's link to its chat lives, seconds (the records' TTL). */
  ttlSeconds: number;
  /** Least time between two edits of a streaming answer, ms. @defaultValue 1000 */
  updateIntervalMs?: number;
  /** @defaultValue Date.now */
  now?: () => number;
}

/**
 * The worker's half of a channel answer (a `deliveries` job): follows the answer's stored events
 * and posts it to its Slack thread or Discord interaction, edited about once a second while it
 * streams (the platforms' 429s waited out as their `Retry-After` says), ending with sources and
 * feedback buttons. What it posted is kept in {@link DeliveryState}, so an attempt after a crash
 * or an outage edits the same message. Rejects when the answer could not be posted, for the queue
 * to try again; with BullMQ's UnrecoverableError when no attempt can succeed. Its errors carry no
 * request (Discord's name the webhook URL, which holds the interaction token).
 */
export class ChannelDelivery {
  private readonly store: IntegrationStore;
  private readonly threads: ChannelThreads;
  private readonly state: DeliveryState;
  private readonly rest;

  constructor(private readonly opts: ChannelDeliveryOptions) {
    const { redis, keys, secrets } = opts;
    this.store = new IntegrationStore({ redis, keys, secrets });
    this.threads = new ChannelThreads({ redis, keys, ttlSeconds: opts.ttlSeconds });
    this.state = new DeliveryState({ redis, keys, secrets });
    this.rest = discordRest(opts.discordApiUrl);
  }

  /** Posts a delivery's answer or notice; `deliveryId` is its job id. */
  async deliver(job: ChannelDeliveryJob, deliveryId: string): Promise<void> {
    try {
      if (job.channel === 'slack') await this.slack(job, deliveryId);
      else await this.discord(job, deliveryId);
    } catch (err) {
      if (err instanceof UnrecoverableError) throw err;
      const { name, message } = summary(err);
      const text = `${name ?? 'Error'}: ${message}`;
      throw permanent(err) ? new UnrecoverableError(text) : new Error(text);
    }
  }

  /** Stops the Discord client's sweep timers. */
  close(): void {
    this.rest.clearHashSweeper();
    this.rest.clearHandlerSweeper();
  }

  private async slack(job: ChannelDeliveryJob, id: string): Promise<void> {
    const app = await this.store.slackApp(job.integration);
    if (!app || app.tenant !== job.tenant || !job.slack)
      throw new UnrecoverableError('the delivery’s Slack integration is gone');
    const client = slackClient(app.botToken, this.opts.slackApiUrl, this.opts.logger);
    const { channel, announce } = job.slack;
    let thread = job.slack.thread_ts ?? (await this.state.get(id, 'thread'));
    if (!thread) {
      // A slash command's question, posted by docqa, starts the thread of its answer.
      thread = (await client.chat.postMessage({ channel, text: announce ?? '' })).ts!;
      await this.state.set(id, 'thread', thread);
    }
    if (!job.slack.thread_ts && job.chat_id)
      await this.threads.remember('slack', app.tenant, `${channel}:${thread}`, job.chat_id);
    let ts = await this.state.get(id, 'ts');
    const post = async (payload: { text: string; blocks?: object[] }) => {
      if (ts) return void (await client.chat.update({ channel, ts, ...payload }));
      ts = (await client.chat.postMessage({ channel, thread_ts: thread, ...payload })).ts!;
      await this.state.set(id, 'ts', ts);
    };
    if (job.notice !== undefined) return post({ text: job.notice });
    await this.relay(job, (draft) => post(slackMessage(draft)));
  }

  private async discord(job: ChannelDeliveryJob, id: string): Promise<void> {
    const app = await this.store.discordApp(job.integration);
    if (!app || app.tenant !== job.tenant)
      throw new UnrecoverableError('the delivery’s Discord application is gone');
    const token = await this.state.token(id);
    if (!token) throw new UnrecoverableError('the interaction’s token expired before its answer was posted');
    const original = `/webhooks/${app.applicationId}/${token}/messages/@original` as const;
    const edit = async (payload: object) =>
      void (await this.rest.patch(original, { body: payload, auth: false }));
    if (job.notice !== undefined) return edit({ content: job.notice });
    await this.relay(job, (draft) => edit(discordMessage(draft, job.chat_id ?? '')));
  }

  private relay(job: ChannelDeliveryJob, show: Parameters<typeof relayAnswer>[0]['show']): Promise<void> {
    if (!job.question_id) throw new UnrecoverableError('the delivery names neither a question nor a notice');
    return relayAnswer({
      feed: this.opts.feed,
      tenant: job.tenant,
      questionId: job.question_id,
      logger: this.opts.logger,
      intervalMs: this.opts.updateIntervalMs,
      now: this.opts.now,
      show,
    });
  }
}

/**
 * A failure no later attempt can fix: Slack refusing the call (`ok: false`, e.g. `channel_not_found`),
 * Discord answering 4xx (not 429, which its client waits out), a question that is gone.
 */
function permanent(err: unknown): boolean {
  if (err instanceof NotFoundError || err instanceof WebAPIPlatformError) return true;
  return err instanceof DiscordAPIError && err.status >= 400 && err.status < 500 && err.status !== 429;
}
