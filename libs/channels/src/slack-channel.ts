import type { Logger } from 'pino';
import type { FeedbackRequest } from '@docqa/contracts';
import type { WebClient } from '@slack/web-api';
import { NotFoundError } from '@docqa/errors';
import { askInChannel } from './ask-in-channel';
import type { ChannelDeliveries, ChannelEngine } from './channel-engine';
import type { ChannelThreads } from './channel-threads';
import type { IntegrationStore, SlackApp } from './integration-store';
import { slackDetailsView, SLACK_DETAILS_VIEW, SLACK_FEEDBACK_ACTIONS } from './slack-message';
import {
  interactionPayload,
  parseSlackForm,
  parseSlackJson,
  verifySlackRequest,
  type SlackRequest,
} from './slack-request';
import { BackgroundTasks } from './background-tasks';
import { slackClient } from './slack-client';

/** Options of {@link SlackChannel}. */
export interface SlackChannelOptions {
  store: IntegrationStore;
  threads: ChannelThreads;
  engine: ChannelEngine;
  logger: Logger;
  /** Where answers are handed to the worker to post. */
  deliveries: ChannelDeliveries;
  /** Slack's Web API base (`SLACK_API_URL`). */
  apiUrl: string;
  /** @defaultValue Date.now */
  now?: () => number;
}

/** A message docqa answers: where it was posted and what it asks. */
interface Incoming {
  channel: string;
  /** The message's own `ts` (its id). */
  ts: string;
  /** The thread to answer in (the message's `thread_ts`, or its own `ts` at top level). */
  thread: string;
  user: string;
  text: string;
  /** A thread reply without a mention: answered only in a thread docqa answers in. */
  followUpOnly: boolean;
}

type Json = Record<string, unknown>;
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Slack as a channel (DESIGN §15): the Events API (URL verification, app mentions, direct
 * messages, thread follow-ups), the `/docqa` command and the 👍/👎 buttons. Every request is
 * verified first; the question is recorded and enqueued with its delivery before the
 * acknowledgement, and the worker posts the answer in the thread (see `ChannelDelivery`).
 */
export class SlackChannel {
  private readonly tasks: BackgroundTasks;
  private readonly now: () => number;

  constructor(private readonly opts: SlackChannelOptions) {
    this.tasks = new BackgroundTasks(opts.logger);
    this.now = opts.now ?? Date.now;
  }

  /** `POST /integrations/slack/events`: the answer to send Slack (the challenge, or nothing). */
  async event(request: SlackRequest): Promise<Json | undefined> {
    const { app, body } = await verifySlackRequest(
      this.opts.store,
      request,
      parseSlackJson,
      (b) => str(b.team_id),
      this.now(),
    );
    if (body.type === 'url_verification') return { challenge: str(body.challenge) ?? '' };
    if (body.type !== 'event_callback' || !body.event || typeof body.event !== 'object') return undefined;
    const message = incoming(body.event as Json, app);
    if (!message) return undefined;
    // Keyed by the message, not the event: a retry, and a mention delivered both as `app_mention`
    // and as `message`, are one question.
    if (!(await this.opts.threads.claim('slack', `${app.teamId}:${message.channel}:${message.ts}`)))
      return undefined;
    await this.accept(app, message);
    return undefined;
  }

  /** `POST /integrations/slack/commands`: `/docqa <question>` posts the question, answered in its thread. */
  async command(request: SlackRequest): Promise<Json> {
    const { app, body } = await verifySlackRequest(
      this.opts.store,
      request,
      parseSlackForm,
      (b) => b.team_id,
      this.now(),
    );
    const question = (body.text ?? '').trim();
    if (!question) return { response_type: 'ephemeral', text: 'Ask a question: `/docqa How do I …?`' };
    if (!body.channel_id || !body.user_id || !body.trigger_id)
      return { response_type: 'ephemeral', text: 'Nothing to answer.' };
    if (!(await this.opts.threads.claim('slack', `${app.teamId}:command:${body.trigger_id}`))) return {};
    const asked = await askInChannel(this.opts, {
      kind: 'slack',
      asker: { tenant: app.tenant, filters: app.filters },
      integration: app.teamId,
      member: body.user_id,
      question,
      chatId: null,
    });
    if ('notice' in asked) return { response_type: 'ephemeral', text: asked.notice };
    await this.opts.deliveries.enqueue(
      {
        tenant: app.tenant,
        channel: 'slack',
        integration: app.teamId,
        question_id: asked.question_id,
        chat_id: asked.chat_id,
        slack: {
          channel: body.channel_id,
          announce: `<@${body.user_id}> asked: ${question.replace(/[<>&]/g, '')}`,
        },
      },
      `slack-${asked.question_id}`,
    );
    return { response_type: 'ephemeral', text: 'Looking it up; the answer follows in a thread.' };
  }

  /** `POST /integrations/slack/interactions`: the feedback buttons and the details dialog. */
  async interaction(request: SlackRequest): Promise<void> {
    const { app, body } = await verifySlackRequest(
      this.opts.store,
      request,
      (raw) => interactionPayload(parseSlackForm(raw)),
      (b) => str((b.team as Json | undefined)?.id) ?? str((b.user as Json | undefined)?.team_id),
      this.now(),
    );
    if (body.type === 'block_actions') {
      const action = ((body.actions as Json[] | undefined) ?? [])[0];
      const questionId = str(action?.value);
      const rating =
        action?.action_id === SLACK_FEEDBACK_ACTIONS.up
          ? 'up'
          : action?.action_id === SLACK_FEEDBACK_ACTIONS.down
            ? 'down'
            : null;
      if (!questionId || !rating) return;
      if (!(await this.rate(app, questionId, { rating }))) return;
      const trigger = str(body.trigger_id);
      if (rating === 'down' && trigger)
        this.tasks.run(() =>
          this.client(app).views.open({ trigger_id: trigger, view: slackDetailsView(questionId) as never }),
        );
    } else if (body.type === 'view_submission') {
      const view = (body.view ?? {}) as Json;
      if (view.callback_id !== SLACK_DETAILS_VIEW) return;
      const questionId = str(view.private_metadata) ?? '';
      const values = ((view.state as Json | undefined)?.values ?? {}) as Record<string, Record<string, Json>>;
      const details = str(values.details?.details?.value)?.trim();
      if (details) await this.rate(app, questionId, { rating: 'down', details });
    }
  }

  /** Resolves once every answer and feedback started so far is done (tests, shutdown). */
  idle(): Promise<void> {
    return this.tasks.idle();
  }

  /** Stores a rating; false for a question the workspace's tenant does not have. */
  private async rate(app: SlackApp, questionId: string, feedback: FeedbackRequest): Promise<boolean> {
    try {
      await this.opts.engine.rate(app.tenant, questionId, feedback);
      return true;
    } catch (err) {
      if (err instanceof NotFoundError) return false;
      throw err;
    }
  }

  /**
   * Asks the message's question (a follow-up in its thread's chat) and hands its answer to the
   * worker to post in the thread; a member over their limit, or a mention without a question, gets
   * a notice there instead.
   */
  private async accept(app: SlackApp, message: Incoming): Promise<void> {
    const thread = `${message.channel}:${message.thread}`;
    const chatId = await this.opts.threads.chatOf('slack', app.tenant, thread);
    if (message.followUpOnly && !chatId) return;
    const where = { channel: message.channel, thread_ts: message.thread };
    const base = { tenant: app.tenant, channel: 'slack' as const, integration: app.teamId, slack: where };
    const notice = (text: string) =>
      this.opts.deliveries.enqueue({ ...base, notice: text }, `slack-notice-${app.teamId}-${message.ts}`);
    if (!message.text) return notice('Ask me a question about the docs, e.g. “How do I create a token?”');
    const asked = await askInChannel(this.opts, {
      kind: 'slack',
      asker: { tenant: app.tenant, filters: app.filters },
      integration: app.teamId,
      member: message.user,
      question: message.text,
      chatId,
      thread,
    });
    if ('notice' in asked) return notice(asked.notice);
    await this.opts.deliveries.enqueue(
      { ...base, question_id: asked.question_id, chat_id: asked.chat_id },
      `slack-${asked.question_id}`,
    );
  }

  private client(app: SlackApp): WebClient {
    return slackClient(app.botToken, this.opts.apiUrl, this.opts.logger);
  }
}

/** The message an event asks docqa to answer, or null (bots, edits, other people's threads). */
function incoming(event: Json, app: SlackApp): Incoming | null {
  const user = str(event.user);
  const channel = str(event.channel);
  const ts = str(event.ts);
  if (!user || !channel || !ts || event.bot_id || event.subtype || user === app.botUserId) return null;
  const raw = str(event.text) ?? '';
  const mention = `<@${app.botUserId}>`;
  const threadTs = str(event.thread_ts);
  const base = { channel, ts, thread: threadTs ?? ts, user, text: raw.split(mention).join('').trim() };
  if (event.type === 'app_mention') return { ...base, followUpOnly: false };
  if (event.type !== 'message' || raw.includes(mention)) return null;
  if (event.channel_type === 'im') return { ...base, followUpOnly: false };
  return threadTs ? { ...base, followUpOnly: true } : null;
}
