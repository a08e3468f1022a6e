import { Writable } from 'node:stream';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { signSlackRequest } from '@docqa/channels';
import { startSlackStandIn, type PlatformStandIn, type RecordedCall } from '@docqa/channels/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';

const ACME = {
  teamId: 'TACME0001',
  teamName: 'Acme',
  botUserId: 'UBOTACME1',
  botToken: 'xoxb-1111-acme-bot-token-secret',
  signingSecret: 'aa11bb22cc33dd44ee55ff6677889900',
};
const GLOBEX = {
  teamId: 'TGLOBEX01',
  teamName: 'Globex',
  botUserId: 'UBOTGLBX1',
  botToken: 'xoxb-2222-globex-bot-token-secret',
  signingSecret: '00998877665544332211ffeeddccbbaa',
};
const SECRETS = [ACME.botToken, ACME.signingSecret, GLOBEX.botToken, GLOBEX.signingSecret];

describe('Slack channel (signed requests against a Slack stand-in, real worker)', () => {
  let stack: Stack;
  let slack: PlatformStandIn;
  let redis: Redis;
  let logs = '';
  const prefix = testPrefix('slack');
  const admin: Record<string, string> = {};
  let seq = 0;

  beforeAll(async () => {
    redis = testRedis();
    slack = await startSlackStandIn([ACME, GLOBEX]);
    const sink = new Writable({ write: (chunk, _enc, done) => void ((logs += String(chunk)), done()) });
    stack = await startStack({
      prefix,
      env: { SLACK_API_URL: slack.url, SECRETS_KEY: 'slack spec secrets key, 16+ chars' },
      logger: pino({ level: 'debug' }, sink),
    });
    admin.acme = await stack.createToken({ tenant: 'acme', scopes: ['admin'] });
    admin.globex = await stack.createToken({ tenant: 'globex', scopes: ['admin'] });
    await ingest(admin.acme, [
      {
        id: 'tokens',
        title: 'Tokens',
        url: 'https://docs.acme.test/tokens',
        content:
          '# Tokens\n\nCreate a token with the **tokens create** command:\n\n```bash\ndocqa tokens create --tenant acme\n```\n\n## Revoking\n\nRevoke a token with `docqa tokens revoke ID`. Revocation takes effect at once.',
      },
    ]);
    await ingest(admin.globex, [
      { id: 'vault', title: 'Vault', content: 'The vault code of globex is kept in the tokens safe.' },
    ]);
    for (const [tenant, app] of [
      ['acme', ACME],
      ['globex', GLOBEX],
    ] as const) {
      const res = await api('admin/integrations/slack', admin[tenant]!, {
        method: 'PUT',
        body: JSON.stringify({ signing_secret: app.signingSecret, bot_token: app.botToken }),
      });
      expect(res.status).toBe(204);
    }
  });
  afterAll(async () => {
    await stack.close();
    await slack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const api = (path: string, token: string, init: RequestInit = {}) =>
    fetch(stack.apiUrl + path, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });

  async function ingest(token: string, documents: object[]): Promise<void> {
    const { job_id } = await (
      await api('documents/', token, { method: 'POST', body: JSON.stringify({ documents }) })
    ).json();
    for (;;) {
      const job = await (await api(`jobs/${job_id}?wait=1`, token)).json();
      if (job.status === 'completed') return;
      if (job.status === 'failed') throw new Error('ingest failed');
    }
  }

  /** Sends a request as Slack does: signed with the app's secret at `at` (Unix seconds). */
  function send(
    path: string,
    body: string,
    opts: { secret?: string | null; at?: number; type?: string; headers?: Record<string, string> } = {},
  ) {
    const ts = String(opts.at ?? Math.floor(Date.now() / 1000));
    const secret = opts.secret === undefined ? ACME.signingSecret : opts.secret;
    return fetch(`${stack.apiUrl}integrations/slack/${path}`, {
      method: 'POST',
      body,
      headers: {
        'content-type': opts.type ?? 'application/json',
        'x-slack-request-timestamp': ts,
        ...(secret ? { 'x-slack-signature': signSlackRequest(body, ts, secret) } : {}),
        ...opts.headers,
      },
    });
  }

  function mention(text: string, team = ACME, extra: Record<string, string> = {}) {
    seq += 1;
    const ts = `1732000000.${String(seq).padStart(6, '0')}`;
    const body = {
      type: 'event_callback',
      team_id: team.teamId,
      api_app_id: 'A0001',
      event_id: `Ev${seq}`,
      event: {
        type: 'app_mention',
        user: 'UASKER01',
        text: `<@${team.botUserId}> ${text}`,
        ts,
        channel: 'CGENERAL',
        ...extra,
      },
    };
    return { ts, body: JSON.stringify(body) };
  }

  /** The `ts` of each answer message posted in `thread`. */
  const answersIn = (thread: string) =>
    slack
      .callsOf('chat.postMessage')
      .filter((c) => c.args.thread_ts === thread && (c.reply?.body as { ok?: boolean }).ok)
      .map((c) => (c.reply!.body as { ts: string }).ts);
  const hasButtons = (c: RecordedCall) => JSON.stringify(c.args.blocks ?? '').includes('docqa_feedback_up');
  /** The final message of the `n`th answer in `thread`: the post or update that carries the buttons. */
  const finalIn = (thread: string, n = 1) =>
    slack.waitFor((c) => {
      const ts = answersIn(thread)[n - 1];
      if (!ts || !hasButtons(c)) return false;
      return c.method === 'chat.update' ? c.args.ts === ts : (c.reply?.body as { ts?: string }).ts === ts;
    });

  async function slackConversations(token: string) {
    await stack.waitUntilIdle();
    return (await (await api('admin/conversations/?channel=slack', token)).json()).items as {
      chat_id: string;
      questions: number;
      feedback: { up: number; down: number };
    }[];
  }

  it('shows which workspace is connected and never returns or logs a secret', async () => {
    const res = await api('admin/integrations/', admin.acme!);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({
      slack: { team_id: ACME.teamId, bot_user_id: ACME.botUserId },
      discord: null,
    });
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    const stored = await redis.get(`${prefix}:{integrations}:slack:acme`);
    expect(stored).not.toContain(ACME.botToken);
    expect(stored).not.toContain(ACME.signingSecret);
  });

  it('refuses a bot token Slack refuses, naming the field', async () => {
    const res = await api('admin/integrations/slack', admin.acme!, {
      method: 'PUT',
      body: JSON.stringify({ signing_secret: ACME.signingSecret, bot_token: 'xoxb-9999-not-a-real-token' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([expect.objectContaining({ path: 'body.bot_token' })]);
  });

  it('answers URL verification only when signed, fresh and by a known app', async () => {
    const body = JSON.stringify({ type: 'url_verification', token: 'x', challenge: 'c-123' });
    const ok = await send('events', body);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ challenge: 'c-123' });
    expect((await send('events', body, { secret: null })).status).toBe(401);
    expect((await send('events', body, { secret: 'ff'.repeat(16) })).status).toBe(401);
    expect((await send('events', body, { at: Math.floor(Date.now() / 1000) - 6 * 60 })).status).toBe(401);
  });

  it('refuses an event of an unknown workspace, or signed with another workspace’s secret', async () => {
    const stranger = mention('hi', { ...ACME, teamId: 'TSTRANGER' });
    expect((await send('events', stranger.body)).status).toBe(401);
    const forged = mention('hi', GLOBEX);
    expect((await send('events', forged.body, { secret: ACME.signingSecret })).status).toBe(401);
  });

  it('acknowledges a mention at once and answers in its thread, in mrkdwn with sources and buttons', async () => {
    const { ts, body } = mention('How do I create a token?');
    const started = performance.now();
    const res = await send('events', body);
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(3000);
    const final = await finalIn(ts);
    const blocks = JSON.stringify(final.args.blocks);
    expect(blocks).toContain('*tokens create*');
    expect(blocks).toContain('```\\ndocqa tokens create --tenant acme\\n```');
    expect(blocks).toContain('<https://docs.acme.test/tokens#tokens|[1]>');
    expect(blocks).toContain('*Sources*\\n1. <https://docs.acme.test/tokens#tokens|Tokens>');
    expect(final.headers.authorization).toBe(`Bearer ${ACME.botToken}`);
    const [chat] = await slackConversations(admin.acme!);
    expect(chat).toMatchObject({ questions: 1 });
  });

  it('answers a mention without a question with a hint in its thread, posted by the worker', async () => {
    const before = (await slackConversations(admin.acme!)).length;
    const { ts, body } = mention('');
    expect((await send('events', body)).status).toBe(200);
    const hint = await slack.waitFor((c) => c.method === 'chat.postMessage' && c.args.thread_ts === ts);
    expect(hint.args.text).toContain('Ask me a question about the docs');
    expect((await slackConversations(admin.acme!)).length).toBe(before);
  });

  it('never asks twice for Slack’s retries of an event', async () => {
    const { ts, body } = mention('How do I revoke a token?');
    expect((await send('events', body)).status).toBe(200);
    await finalIn(ts);
    const before = slack.callsOf('chat.postMessage').length;
    for (const n of ['1', '2'])
      expect(
        (
          await send('events', body, {
            headers: { 'x-slack-retry-num': n, 'x-slack-retry-reason': 'http_timeout' },
          })
        ).status,
      ).toBe(200);
    await stack.waitUntilIdle();
    expect(slack.callsOf('chat.postMessage').length).toBe(before);
  });

  it('answers a reply in the thread as a follow-up in the same chat', async () => {
    const first = mention('How do I create a token?');
    await send('events', first.body);
    await finalIn(first.ts);
    const chats = await slackConversations(admin.acme!);
    seq += 1;
    const replyTs = `1732000000.${String(seq).padStart(6, '0')}`;
    const reply = JSON.stringify({
      type: 'event_callback',
      team_id: ACME.teamId,
      event_id: `Ev${seq}`,
      event: {
        type: 'message',
        channel_type: 'channel',
        user: 'UASKER01',
        text: 'And how do I revoke it?',
        ts: replyTs,
        thread_ts: first.ts,
        channel: 'CGENERAL',
      },
    });
    expect((await send('events', reply)).status).toBe(200);
    const final = await finalIn(first.ts, 2);
    expect(JSON.stringify(final.args.blocks)).toContain('revoke');
    const after = await slackConversations(admin.acme!);
    expect(after.length).toBe(chats.length);
    expect(after.find((c) => c.questions === 2)).toBeDefined();
  });

  it('stores 👍 and 👎 with the details dialog’s text, as the widget’s feedback', async () => {
    const { ts, body } = mention('What does revocation do?');
    await send('events', body);
    const final = await finalIn(ts);
    const questionId = JSON.stringify(final.args.blocks).match(/"value":"(q_[^"]+)"/)![1]!;
    const click = (action: string) =>
      'payload=' +
      encodeURIComponent(
        JSON.stringify({
          type: 'block_actions',
          team: { id: ACME.teamId },
          user: { id: 'UASKER01' },
          trigger_id: `trigger-${action}`,
          actions: [{ action_id: action, value: questionId }],
        }),
      );
    const form = 'application/x-www-form-urlencoded';
    expect((await send('interactions', click('docqa_feedback_down'), { type: form })).status).toBe(200);
    const opened = await slack.waitFor(
      (c) => c.method === 'views.open' && c.args.trigger_id === 'trigger-docqa_feedback_down',
    );
    expect(opened.args.view).toMatchObject({
      callback_id: 'docqa_feedback_details',
      private_metadata: questionId,
    });
    const submit =
      'payload=' +
      encodeURIComponent(
        JSON.stringify({
          type: 'view_submission',
          team: { id: ACME.teamId },
          user: { id: 'UASKER01' },
          view: {
            callback_id: 'docqa_feedback_details',
            private_metadata: questionId,
            state: {
              values: {
                details: { details: { type: 'plain_text_input', value: 'It missed the CLI flag.' } },
              },
            },
          },
        }),
      );
    expect((await send('interactions', submit, { type: form })).status).toBe(200);
    await stack.waitUntilIdle();
    const chat = (await slackConversations(admin.acme!)).find((c) => c.feedback.down > 0)!;
    const detail = await (await api(`admin/conversations/${chat.chat_id}`, admin.acme!)).json();
    const turn = detail.questions.find((q: { question_id: string }) => q.question_id === questionId);
    expect(turn).toMatchObject({
      channel: 'slack',
      feedback: { rating: 'down', details: 'It missed the CLI flag.' },
    });
  });

  it('posts a slash command’s question in the channel and answers in its thread, where a reply is a follow-up', async () => {
    const form = new URLSearchParams({
      command: '/docqa',
      text: 'How do I create a token?',
      team_id: ACME.teamId,
      channel_id: 'CHELP',
      user_id: 'UASKER02',
      trigger_id: 'trigger-command-1',
      response_url: 'https://hooks.slack.test/commands/1',
    }).toString();
    const res = await send('commands', form, { type: 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ response_type: 'ephemeral' });
    const question = await slack.waitFor(
      (c) => c.method === 'chat.postMessage' && c.args.channel === 'CHELP' && !c.args.thread_ts,
    );
    expect(question.args.text).toBe('<@UASKER02> asked: How do I create a token?');
    const thread = (question.reply!.body as { ts: string }).ts;
    await finalIn(thread);
    // The worker linked the thread it started to the chat: a reply there is a follow-up.
    seq += 1;
    const reply = JSON.stringify({
      type: 'event_callback',
      team_id: ACME.teamId,
      event_id: `Ev${seq}`,
      event: {
        type: 'message',
        channel_type: 'channel',
        user: 'UASKER02',
        text: 'And how do I revoke it?',
        ts: `1732000000.${String(seq).padStart(6, '0')}`,
        thread_ts: thread,
        channel: 'CHELP',
      },
    });
    expect((await send('events', reply)).status).toBe(200);
    expect(JSON.stringify((await finalIn(thread, 2)).args.blocks)).toContain('revoke');
  });

  it('waits out Slack’s 429 as its Retry-After says, then posts', async () => {
    slack.failNext('chat.postMessage', {
      status: 429,
      headers: { 'retry-after': '1' },
      body: { ok: false, error: 'ratelimited' },
    });
    const { ts, body } = mention('How do I revoke a token?');
    await send('events', body);
    await finalIn(ts);
    const posts = slack.callsOf('chat.postMessage').filter((c) => c.args.thread_ts === ts);
    expect(posts[0]!.reply!.status).toBe(429);
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(900);
  });

  it('keeps the answer and posts it once Slack is back when Slack is down while it streams', async () => {
    slack.down = true;
    const { ts, body } = mention('Does revocation take effect at once?');
    expect((await send('events', body)).status).toBe(200);
    try {
      await slack.waitFor((c) => c.method === 'chat.postMessage' && c.args.thread_ts === ts);
      await waitForLog('posting an answer to its channel failed; it is tried again');
    } finally {
      slack.down = false;
    }
    // The worker's delivery tries again with back-off: the answer is posted once Slack is back.
    const final = await finalIn(ts);
    expect(JSON.stringify(final.args.blocks)).toContain('Revocation takes effect at once');
    await stack.waitUntilIdle();
    const chats = await (await api('admin/conversations/?channel=slack&q=revocation', admin.acme!)).json();
    const detail = await (await api(`admin/conversations/${chats.items[0].chat_id}`, admin.acme!)).json();
    expect(detail.questions[0]).toMatchObject({
      status: 'ready',
      text: 'Does revocation take effect at once?',
    });
  });

  it('keeps tenants apart: each workspace asks its own knowledge base, and rates only its own answers', async () => {
    const { ts, body } = mention('Where is the vault code kept?', GLOBEX);
    expect((await send('events', body, { secret: GLOBEX.signingSecret })).status).toBe(200);
    const final = await finalIn(ts);
    expect(final.headers.authorization).toBe(`Bearer ${GLOBEX.botToken}`);
    expect(JSON.stringify(final.args.blocks)).toContain('tokens safe');
    const acmeChats = await slackConversations(admin.acme!);
    const anAcmeAnswer = slack.calls.find(
      (c) => hasButtons(c) && c.headers.authorization === `Bearer ${ACME.botToken}`,
    )!;
    const acmeQuestionId = JSON.stringify(anAcmeAnswer.args.blocks).match(/"value":"(q_[^"]+)"/)![1]!;
    const forged =
      'payload=' +
      encodeURIComponent(
        JSON.stringify({
          type: 'block_actions',
          team: { id: GLOBEX.teamId },
          user: { id: 'U1' },
          actions: [{ action_id: 'docqa_feedback_up', value: acmeQuestionId }],
        }),
      );
    expect(
      (
        await send('interactions', forged, {
          type: 'application/x-www-form-urlencoded',
          secret: GLOBEX.signingSecret,
        })
      ).status,
    ).toBe(200);
    const after = await slackConversations(admin.acme!);
    expect(after.map((c) => c.feedback.up)).toEqual(acmeChats.map((c) => c.feedback.up));
    expect((await slackConversations(admin.globex!)).length).toBe(1);
  });

  it('never writes a signing secret or bot token to the logs', () => {
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of SECRETS) expect(logs).not.toContain(secret);
  });

  /** Resolves once the logs hold `message` (the logger writes synchronously into `logs`). */
  async function waitForLog(message: string): Promise<void> {
    while (!logs.includes(message)) await new Promise((r) => setTimeout(r, 50));
  }
});
