import type { Channels } from '@docqa/channels';
import {
  DiscordIntegrationRequestSchema,
  IntegrationKindSchema,
  IntegrationsSchema,
  SlackIntegrationRequestSchema,
  SlackOAuthAppRequestSchema,
} from '@docqa/contracts';
import { NotFoundError, ValidationError } from '@docqa/errors';
import { principalOf } from '../http/auth';
import type { RouteTable } from '../http/route';

/**
 * `GET /admin/integrations/`, `PUT /admin/integrations/slack|discord` and
 * `DELETE /admin/integrations/{kind}`: the tenant's Slack app and Discord application. Secrets go
 * in, encrypted with `SECRETS_KEY`, and never come out.
 */
export function adminIntegrationRoutes(routes: RouteTable, channels: Channels): void {
  const admin = { tag: 'Admin' as const, scope: 'admin' as const };
  routes.add(
    {
      ...admin,
      method: 'get',
      path: '/admin/integrations/',
      operationId: 'listIntegrations',
      summary: 'The tenant’s Slack and Discord integrations (never their secrets)',
      description:
        'Which integrations the tenant has: the Slack workspace and bot user, the Discord application, their filters and when they were set. Signing secrets and tokens are never returned.',
      responses: {
        200: { description: 'The integrations; `null` where none is set', schema: IntegrationsSchema },
      },
    },
    async (req, res) => {
      res.json(await channels.describe(principalOf(req).tenant));
    },
  );

  routes.add(
    {
      ...admin,
      method: 'put',
      path: '/admin/integrations/slack',
      operationId: 'putSlackIntegration',
      summary: 'Connect the tenant’s Slack app (signing secret and bot token)',
      description:
        'Stores the Slack app’s signing secret and bot token, encrypted with SECRETS_KEY, after Slack’s `auth.test` has named the workspace the token is of (400 when Slack refuses it, or when the workspace is another tenant’s). Replaces any earlier Slack app of the tenant. See docs/channels.md for creating the app.',
      body: SlackIntegrationRequestSchema,
      responses: { 204: { description: 'Connected' } },
    },
    async (req, res, { body }) => {
      await channels.connectSlack(principalOf(req).tenant, body);
      res.status(204).end();
    },
  );

  routes.add(
    {
      ...admin,
      method: 'put',
      path: '/admin/integrations/slack/oauth',
      operationId: 'putSlackOAuthApp',
      summary: 'Set the Slack app’s OAuth credentials, for its “Add to Slack” install link',
      description:
        'Stores the Slack app’s signing secret, client id and client secret (the secrets encrypted with SECRETS_KEY) for the OAuth v2 install flow; `GET /admin/integrations/` then gives `slack_install_url`, and installing the app stores the workspace’s bot token. Needs PUBLIC_URL (400 without), since Slack redirects to `/integrations/slack/oauth` there.',
      body: SlackOAuthAppRequestSchema,
      responses: { 204: { description: 'Stored' } },
    },
    async (req, res, { body }) => {
      channels.requireSecretsKey('body.client_secret');
      await channels.slackInstall.configure(principalOf(req).tenant, body);
      res.status(204).end();
    },
  );

  routes.add(
    {
      ...admin,
      method: 'put',
      path: '/admin/integrations/discord',
      operationId: 'putDiscordIntegration',
      summary: 'Connect the tenant’s Discord application (id, public key, bot token)',
      description:
        'Stores the Discord application’s id and public key, and its bot token encrypted with SECRETS_KEY (400 when the application is another tenant’s). Register `/ask` next with `docqa integrations discord register --tenant T`.',
      body: DiscordIntegrationRequestSchema,
      responses: { 204: { description: 'Connected' } },
    },
    async (req, res, { body }) => {
      await channels.connectDiscord(principalOf(req).tenant, body);
      res.status(204).end();
    },
  );

  routes.add(
    {
      ...admin,
      method: 'delete',
      path: '/admin/integrations/:kind',
      operationId: 'deleteIntegration',
      summary: 'Disconnect the tenant’s Slack app or Discord application',
      description:
        'Forgets the integration and its secrets; its workspace or application is refused (401) from then on. `kind` is `slack` or `discord`.',
      responses: { 204: { description: 'Disconnected' } },
    },
    async (req, res) => {
      const kind = IntegrationKindSchema.safeParse(req.params.kind);
      if (!kind.success)
        throw new ValidationError('the integration must be slack or discord', {
          errors: [{ path: 'params.kind', message: 'must be slack or discord' }],
        });
      if (!(await channels.store.remove(kind.data, principalOf(req).tenant)))
        throw new NotFoundError(`the tenant has no ${kind.data} integration`);
      res.status(204).end();
    },
  );
}
