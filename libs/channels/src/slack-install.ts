import type { Logger } from 'pino';
import { WebAPIPlatformError } from '@slack/web-api';
import { API_BASE_PATH, type SlackOAuthAppRequest } from '@docqa/contracts';
import { DependencyUnavailableError, ValidationError } from '@docqa/errors';
import type { SecretBox } from '@docqa/sync';
import type { IntegrationStore } from './integration-store';
import { slackClient } from './slack-client';

/** The bot scopes the install asks for (docs/channels.md lists why each). */
export const SLACK_BOT_SCOPES = [
  'app_mentions:read',
  'chat:write',
  'im:history',
  'channels:history',
  'groups:history',
  'commands',
];

/** How long an install link works, ms. */
const STATE_MS = 60 * 60_000;

/** Options of {@link SlackInstall}. */
export interface SlackInstallOptions {
  store: IntegrationStore;
  /** Seals the install link's state (tenant and expiry), so nobody forges one for another tenant. */
  secrets: SecretBox;
  /** `SLACK_API_URL`; Slack's authorize page is beside it (`…/oauth/v2/authorize`). */
  apiUrl: string;
  /** `PUBLIC_URL`: no install flow without one (Slack must reach the redirect). */
  publicUrl?: string;
  logger: Logger;
  /** @defaultValue Date.now */
  now?: () => number;
}

/**
 * Slack's OAuth v2 install flow (DESIGN §15): with the app's client id and secret stored, an admin
 * follows the "Add to Slack" link; Slack redirects to `/integrations/slack/oauth` with a code that
 * `oauth.v2.access` exchanges for the workspace's bot token, stored as a pasted one would be.
 */
export class SlackInstall {
  private readonly now: () => number;

  constructor(private readonly opts: SlackInstallOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** Stores the app's OAuth credentials of the tenant; 400 without a public URL. */
  async configure(tenant: string, request: SlackOAuthAppRequest): Promise<void> {
    if (!this.opts.publicUrl)
      throw new ValidationError('set PUBLIC_URL to install Slack apps with OAuth; paste a bot token instead');
    await this.opts.store.putSlackOAuth(tenant, {
      clientId: request.client_id,
      clientSecret: request.client_secret,
      signingSecret: request.signing_secret,
      filters: request.filters ?? [],
    });
  }

  /** The "Add to Slack" link for the tenant, or null without credentials or a public URL. */
  async installUrl(tenant: string): Promise<string | null> {
    const app = this.opts.publicUrl ? await this.opts.store.slackOAuthOf(tenant) : null;
    if (!app) return null;
    const url = new URL('../oauth/v2/authorize', this.apiBase());
    url.search = new URLSearchParams({
      client_id: app.clientId,
      scope: SLACK_BOT_SCOPES.join(','),
      redirect_uri: this.redirectUri(),
      state: this.opts.secrets.seal(JSON.stringify({ tenant, exp: this.now() + STATE_MS })),
    }).toString();
    return url.href;
  }

  /**
   * Finishes an install: checks the state, exchanges the code and stores the bot token for the
   * tenant the state names. Returns the tenant. 400 for a forged, expired or refused install.
   */
  async complete(query: { code?: string; state: string; error?: string }): Promise<string> {
    const tenant = this.tenantOf(query.state);
    if (query.error || !query.code)
      throw new ValidationError(`Slack did not install the app (${query.error ?? 'no code'})`);
    const app = await this.opts.store.slackOAuthOf(tenant);
    if (!app) throw new ValidationError('the tenant’s Slack app credentials are gone; set them again');
    const client = slackClient('', this.opts.apiUrl, this.opts.logger);
    let result;
    try {
      result = await client.oauth.v2.access({
        client_id: app.clientId,
        client_secret: app.clientSecret,
        code: query.code,
        redirect_uri: this.redirectUri(),
      });
    } catch (err) {
      if (err instanceof WebAPIPlatformError)
        throw new ValidationError(`Slack refused the install (${err.data.error})`);
      throw new DependencyUnavailableError('Slack could not be reached to finish the install', {
        cause: err,
      });
    }
    if (!result.access_token || !result.team?.id || !result.bot_user_id)
      throw new ValidationError('Slack answered the install without a bot token');
    await this.opts.store.putSlack({
      tenant,
      teamId: result.team.id,
      teamName: result.team.name ?? null,
      botUserId: result.bot_user_id,
      botToken: result.access_token,
      signingSecret: app.signingSecret,
      filters: app.filters,
    });
    return tenant;
  }

  private tenantOf(state: string): string {
    try {
      const { tenant, exp } = JSON.parse(this.opts.secrets.open(state)) as { tenant: string; exp: number };
      if (typeof tenant === 'string' && exp > this.now()) return tenant;
    } catch {
      // Answered below: a state docqa did not seal.
    }
    throw new ValidationError('the install link is invalid or expired; start again from the portal');
  }

  private apiBase(): string {
    return this.opts.apiUrl.endsWith('/') ? this.opts.apiUrl : `${this.opts.apiUrl}/`;
  }

  private redirectUri(): string {
    return `${this.opts.publicUrl!.replace(/\/$/, '')}${API_BASE_PATH}/integrations/slack/oauth`;
  }
}
