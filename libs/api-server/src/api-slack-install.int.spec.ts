import type { Redis } from 'ioredis';
import { signSlackRequest } from '@docqa/channels';
import { startSlackStandIn, type PlatformStandIn } from '@docqa/channels/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';

const PUBLIC_URL = 'https://docqa.example.test';
const WORKSPACE = {
  teamId: 'TINSTALL1',
  teamName: 'Installers',
  botUserId: 'UBOTINST1',
  botToken: 'xoxb-3333-installed-bot-token',
  oauth: { clientId: '1111.2222', clientSecret: 'c0ffee00c0ffee00c0ffee00c0ffee00', code: 'code-from-slack' },
};
const SIGNING_SECRET = 'abcdefabcdefabcdefabcdefabcdef12';

describe('Slack OAuth v2 install flow (against a Slack stand-in)', () => {
  let stack: Stack;
  let slack: PlatformStandIn;
  let redis: Redis;
  let admin: string;
  const prefix = testPrefix('slack-install');

  beforeAll(async () => {
    redis = testRedis();
    slack = await startSlackStandIn([WORKSPACE]);
    stack = await startStack({
      prefix,
      noWorker: true,
      env: { SLACK_API_URL: slack.url, SECRETS_KEY: 'install spec secrets key, 16+', PUBLIC_URL },
    });
    admin = await stack.createToken({ tenant: 'acme', scopes: ['admin'] });
  });
  afterAll(async () => {
    await stack.close();
    await slack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(stack.apiUrl + path, {
      ...init,
      redirect: 'manual',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    });

  it('gives an “Add to Slack” link once the app’s credentials are set, never their secrets', async () => {
    expect((await (await api('admin/integrations/')).json()).slack_install_url).toBeNull();
    const put = await api('admin/integrations/slack/oauth', {
      method: 'PUT',
      body: JSON.stringify({
        signing_secret: SIGNING_SECRET,
        client_id: WORKSPACE.oauth.clientId,
        client_secret: WORKSPACE.oauth.clientSecret,
      }),
    });
    expect(put.status).toBe(204);
    const text = await (await api('admin/integrations/')).text();
    expect(text).not.toContain(WORKSPACE.oauth.clientSecret);
    expect(text).not.toContain(SIGNING_SECRET);
    const link = new URL(JSON.parse(text).slack_install_url);
    expect(link.origin + link.pathname).toBe(new URL('../oauth/v2/authorize', slack.url).href);
    expect(link.searchParams.get('client_id')).toBe(WORKSPACE.oauth.clientId);
    expect(link.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v2/integrations/slack/oauth`);
    expect(link.searchParams.get('scope')).toContain('app_mentions:read');
  });

  it('refuses a forged state and a code Slack refuses, and installs with a good one', async () => {
    const link = new URL((await (await api('admin/integrations/')).json()).slack_install_url);
    const state = link.searchParams.get('state')!;
    const back = (query: Record<string, string>) =>
      fetch(`${stack.apiUrl}integrations/slack/oauth?${new URLSearchParams(query)}`, { redirect: 'manual' });
    expect((await back({ code: WORKSPACE.oauth.code, state: `${state}x` })).status).toBe(400);
    expect((await back({ code: 'stolen', state })).status).toBe(400);
    expect((await back({ error: 'access_denied', state })).status).toBe(400);
    const ok = await back({ code: WORKSPACE.oauth.code, state });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/admin/integrations');
    expect((await (await api('admin/integrations/')).json()).slack).toMatchObject({
      team_id: WORKSPACE.teamId,
      bot_user_id: WORKSPACE.botUserId,
    });
    // The installed workspace's requests verify with the app's signing secret.
    const body = JSON.stringify({
      type: 'event_callback',
      team_id: WORKSPACE.teamId,
      event: { type: 'reaction_added' },
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const event = await fetch(`${stack.apiUrl}integrations/slack/events`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': ts,
        'x-slack-signature': signSlackRequest(body, ts, SIGNING_SECRET),
      },
    });
    expect(event.status).toBe(200);
  });
});

describe('Slack and Discord integrations without SECRETS_KEY', () => {
  it('refuses to store their secrets, naming the field, before calling Slack', async () => {
    const redis = testRedis();
    const prefix = testPrefix('no-secrets-key');
    const slack = await startSlackStandIn([WORKSPACE]);
    const stack = await startStack({ prefix, noWorker: true, env: { SLACK_API_URL: slack.url } });
    try {
      const admin = await stack.createToken({ tenant: 'acme', scopes: ['admin'] });
      const res = await fetch(`${stack.apiUrl}admin/integrations/slack`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ signing_secret: SIGNING_SECRET, bot_token: WORKSPACE.botToken }),
      });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual([expect.objectContaining({ path: 'body.bot_token' })]);
      expect(slack.calls).toEqual([]);
    } finally {
      await stack.close();
      await slack.close();
      await deletePrefix(redis, prefix);
      await redis.quit();
    }
  });
});
