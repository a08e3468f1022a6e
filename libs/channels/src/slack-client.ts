import type { Logger } from 'pino';
import { LogLevel, WebClient, WebAPIPlatformError } from '@slack/web-api';
import { DependencyUnavailableError, ValidationError } from '@docqa/errors';

/**
 * A Slack Web API client with a bot token, at `apiUrl` (`SLACK_API_URL`): Slack's `429` waited
 * out as its `Retry-After` says, a few retries of failed calls, and its log lines (never request
 * bodies, so never the token) through docqa's logger at warn and above.
 */
export function slackClient(botToken: string, apiUrl: string, logger: Logger): WebClient {
  const child = logger.child({ component: 'slack' });
  return new WebClient(botToken, {
    slackApiUrl: apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`,
    retryConfig: { retries: 3, factor: 2, minTimeout: 200, maxTimeout: 2000 },
    timeout: 10_000,
    logLevel: LogLevel.WARN,
    logger: {
      debug: () => undefined,
      info: () => undefined,
      warn: (...msg: unknown[]) => child.warn(msg.map(String).join(' ')),
      error: (...msg: unknown[]) => child.error(msg.map(String).join(' ')),
      setLevel: () => undefined,
      getLevel: () => LogLevel.WARN,
      setName: () => undefined,
    },
  });
}

/** The workspace a bot token belongs to, as Slack's `auth.test` answers. */
export interface SlackIdentity {
  teamId: string;
  teamName: string | null;
  botUserId: string;
}

/**
 * Asks Slack whom a bot token belongs to: 400 naming `body.bot_token` when Slack refuses it
 * (`ok: false`), 503 when Slack cannot be reached.
 */
export async function slackIdentity(client: WebClient): Promise<SlackIdentity> {
  try {
    const result = await client.auth.test();
    if (!result.team_id || !result.user_id) throw new Error('auth.test named no workspace');
    return { teamId: result.team_id, teamName: result.team ?? null, botUserId: result.user_id };
  } catch (err) {
    if (err instanceof WebAPIPlatformError)
      throw new ValidationError(`Slack refused the bot token (${err.data.error})`, {
        errors: [{ path: 'body.bot_token', message: `Slack answered ${err.data.error}` }],
      });
    throw new DependencyUnavailableError('Slack could not be reached to check the bot token', { cause: err });
  }
}
