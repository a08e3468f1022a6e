import { PlatformStandIn, type Reply } from './platform-stand-in';

/** What the Slack stand-in knows: the workspace its bot token belongs to. */
export interface SlackWorkspace {
  teamId: string;
  teamName: string;
  botUserId: string;
  botToken: string;
  /** The app's OAuth credentials and the one code `oauth.v2.access` exchanges for the bot token. */
  oauth?: { clientId: string; clientSecret: string; code: string };
}

/** A channel the stand-in's bot cannot post in (`channel_not_found`, as after it was removed). */
export const SLACK_GONE_CHANNEL = 'CGONE0001';

/**
 * A local Slack Web API: `auth.test`, `chat.postMessage`, `chat.update`, `chat.postEphemeral`
 * and `views.open` answered as Slack does (HTTP 200 with `ok: false` and an error code for a bad
 * token or unknown method, `429` with `Retry-After` when scripted), every call recorded.
 */
export async function startSlackStandIn(workspaces: SlackWorkspace[]): Promise<PlatformStandIn> {
  let seq = 0;
  const handle = (method: string, args: Record<string, unknown>, headers: Record<string, unknown>): Reply => {
    if (method === 'oauth.v2.access') return oauthAccess(workspaces, args);
    const token = String(headers.authorization ?? '').replace(/^Bearer /, '');
    const workspace = workspaces.find((w) => w.botToken === token);
    if (!workspace) return { status: 200, body: { ok: false, error: 'invalid_auth' } };
    switch (method) {
      case 'auth.test':
        return {
          status: 200,
          body: {
            ok: true,
            team_id: workspace.teamId,
            team: workspace.teamName,
            user_id: workspace.botUserId,
          },
        };
      case 'chat.postMessage':
        if (!args.channel || args.channel === SLACK_GONE_CHANNEL)
          return { status: 200, body: { ok: false, error: 'channel_not_found' } };
        seq += 1;
        return {
          status: 200,
          body: { ok: true, channel: args.channel, ts: `1700000000.${String(seq).padStart(6, '0')}` },
        };
      case 'chat.update':
        return { status: 200, body: { ok: true, channel: args.channel, ts: args.ts } };
      case 'chat.postEphemeral':
        return { status: 200, body: { ok: true, message_ts: '1700000000.999999' } };
      case 'views.open':
        return { status: 200, body: { ok: true, view: { id: 'V1' } } };
      default:
        return { status: 200, body: { ok: false, error: 'unknown_method' } };
    }
  };
  return new PlatformStandIn(handle).start('/api/');
}

/** `oauth.v2.access`: the bot token of the workspace whose app and code these are. */
function oauthAccess(workspaces: SlackWorkspace[], args: Record<string, unknown>): Reply {
  const app = workspaces.find((w) => w.oauth?.clientId === args.client_id);
  if (!app || app.oauth!.clientSecret !== args.client_secret)
    return { status: 200, body: { ok: false, error: 'invalid_client_id' } };
  if (app.oauth!.code !== args.code) return { status: 200, body: { ok: false, error: 'invalid_code' } };
  return {
    status: 200,
    body: {
      ok: true,
      access_token: app.botToken,
      token_type: 'bot',
      bot_user_id: app.botUserId,
      team: { id: app.teamId, name: app.teamName },
    },
  };
}
