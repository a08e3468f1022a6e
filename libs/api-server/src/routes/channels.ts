import express, { type Request } from 'express';
import type { Channels } from '@docqa/channels';
import {
  DiscordInteractionSchema,
  SlackEventBodySchema,
  SlackFormBodySchema,
  SlackOAuthCallbackQuerySchema,
  z,
} from '@docqa/contracts';
import type { ApiDeps } from '../api-deps';
import { middlewareCheck, type RouteTable } from '../http/route';

const FORM = 'application/x-www-form-urlencoded';
const SIGNED_401 = 'Missing, stale or bad signature, or an unknown workspace or application.';

/**
 * The endpoints Slack and Discord call (DESIGN §15): public, each request verified by its
 * platform's signature over the raw body before anything else; no docqa token.
 */
export function channelRoutes(routes: RouteTable, deps: ApiDeps, channels: Channels): void {
  const raw = middlewareCheck(express.raw({ type: () => true, limit: deps.bodyLimit }));
  const slackHeaders = (req: Request) => ({
    raw: rawBody(req),
    timestamp: req.get('x-slack-request-timestamp'),
    signature: req.get('x-slack-signature'),
  });
  const slack = {
    tag: 'Integrations' as const,
    scope: null,
  };

  routes.add(
    {
      ...slack,
      method: 'post',
      path: '/integrations/slack/events',
      operationId: 'slackEvents',
      summary: 'Slack’s Events API: URL verification, app mentions, direct messages, thread replies',
      description:
        'The Event Subscriptions request URL of a tenant’s Slack app. Verifies `X-Slack-Signature` (v0, HMAC-SHA256 of the raw body with the app’s signing secret) and `X-Slack-Request-Timestamp` (within 5 minutes) first; answers `url_verification` with its challenge; acknowledges events at once and posts the answer in the thread, edited while it streams. Slack’s retries (`X-Slack-Retry-Num`) and duplicate deliveries never ask twice.',
      signedBody: { contentType: 'application/json', schema: SlackEventBodySchema },
      responses: {
        200: {
          description: 'Acknowledged (`{challenge}` for URL verification)',
          schema: z.object({ challenge: z.string().optional() }),
        },
        401: { description: SIGNED_401 },
      },
    },
    async (req, res) => {
      res.json((await channels.slack.event(slackHeaders(req))) ?? {});
    },
    raw,
  );

  routes.add(
    {
      ...slack,
      method: 'post',
      path: '/integrations/slack/commands',
      operationId: 'slackCommand',
      summary: 'Slack’s `/docqa` slash command',
      description:
        'The slash command’s request URL. `/docqa <question>` posts the question in the channel and answers it in its thread; the acknowledgement (seen only by the asker) comes at once.',
      signedBody: { contentType: FORM, schema: SlackFormBodySchema },
      responses: {
        200: {
          description: 'Acknowledged with a message only the asker sees',
          schema: z.record(z.string(), z.unknown()),
        },
        401: { description: SIGNED_401 },
      },
    },
    async (req, res) => {
      res.json(await channels.slack.command(slackHeaders(req)));
    },
    raw,
  );

  routes.add(
    {
      ...slack,
      method: 'post',
      path: '/integrations/slack/interactions',
      operationId: 'slackInteraction',
      summary: 'Slack’s interactivity request URL: the 👍/👎 buttons and the details dialog',
      description:
        'Stores a 👍 or 👎 on an answer as the widget’s feedback does (a 👎 opens a dialog asking what was wrong; its text is stored as the rating’s details).',
      signedBody: { contentType: FORM, schema: SlackFormBodySchema },
      responses: { 200: { description: 'Acknowledged' }, 401: { description: SIGNED_401 } },
    },
    async (req, res) => {
      await channels.slack.interaction(slackHeaders(req));
      res.status(200).end();
    },
    raw,
  );

  routes.add(
    {
      ...slack,
      method: 'get',
      path: '/integrations/slack/oauth',
      operationId: 'slackOAuthRedirect',
      summary: 'Where Slack sends an admin back after “Add to Slack” (OAuth v2)',
      description:
        'Checks the state docqa put in the install link (sealed, one hour), exchanges the code for the workspace’s bot token with `oauth.v2.access`, stores it for the link’s tenant and redirects to the portal’s Integrations page. A forged or expired link, or an install Slack refused, answers 400.',
      query: SlackOAuthCallbackQuerySchema,
      responses: {
        303: {
          description: 'Installed; redirects to the portal’s Integrations page',
          headers: { Location: 'The portal page' },
        },
      },
    },
    async (_req, res, { query }) => {
      await channels.slackInstall.complete(query);
      res.redirect(303, '/admin/integrations');
    },
  );

  routes.add(
    {
      tag: 'Integrations',
      scope: null,
      method: 'post',
      path: '/integrations/discord/interactions',
      operationId: 'discordInteraction',
      summary: 'Discord’s interactions endpoint: PING, `/ask`, feedback and follow-up buttons',
      description:
        'The Interactions Endpoint URL of a tenant’s Discord application. Verifies `X-Signature-Ed25519` over `X-Signature-Timestamp` and the raw body with the application’s public key first; answers PING; `/ask` gets a deferred response at once, then the answer is edited in through the interaction webhook while it streams, with source links, 👍/👎 and an "Ask a follow-up" button that continues the chat.',
      signedBody: { contentType: 'application/json', schema: DiscordInteractionSchema },
      responses: {
        200: { description: 'The interaction response', schema: z.object({ type: z.number().int() }) },
        401: { description: SIGNED_401 },
      },
    },
    async (req, res) => {
      res.json(
        await channels.discord.interaction({
          raw: rawBody(req),
          signature: req.get('x-signature-ed25519'),
          timestamp: req.get('x-signature-timestamp'),
        }),
      );
    },
    raw,
  );
}

/** The raw body `express.raw` read (empty when there was none). */
function rawBody(req: Request): Buffer {
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}
