import { Writable } from 'node:stream';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { IntegrationStore, registerDiscordCommands } from '@docqa/channels';
import {
  discordTestApp,
  signDiscord,
  startDiscordStandIn,
  type DiscordTestApp,
  type PlatformStandIn,
  type RecordedCall,
} from '@docqa/channels/testing';
import { Keys } from '@docqa/redis';
import { SecretBox } from '@docqa/sync';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';

const SECRETS_KEY = 'discord spec secrets key, 16+ chars';
const ACME = discordTestApp('100000000000000001', 'acme-bot-token.discord.secret-0001');
const GLOBEX = discordTestApp('200000000000000002', 'globex-bot-token.discord.secret-0002');

describe('Discord channel (Ed25519-signed interactions against a Discord stand-in, real worker)', () => {
  let stack: Stack;
  let discord: PlatformStandIn;
  let redis: Redis;
  let logs = '';
  const prefix = testPrefix('discord');
  const admin: Record<string, string> = {};
  let seq = 0;

  beforeAll(async () => {
    redis = testRedis();
    discord = await startDiscordStandIn([ACME, GLOBEX]);
    const sink = new Writable({ write: (chunk, _enc, done) => void ((logs += String(chunk)), done()) });
    stack = await startStack({
      prefix,
      env: { DISCORD_API_URL: discord.url, SECRETS_KEY },
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
          '# Tokens\n\nCreate a token with the tokens create command of the CLI.\n\n## Revoking\n\nRevoke a token with tokens revoke and its id. Revocation takes effect at once.',
      },
    ]);
    await ingest(admin.globex, [
      { id: 'vault', title: 'Vault', content: 'The vault code of globex is kept in the tokens safe.' },
    ]);
    for (const [tenant, app] of [
      ['acme', ACME],
      ['globex', GLOBEX],
    ] as const) {
      const res = await api('admin/integrations/discord', admin[tenant]!, {
        method: 'PUT',
        body: JSON.stringify({
          application_id: app.applicationId,
          public_key: app.publicKey,
          bot_token: app.botToken,
        }),
      });
      expect(res.status).toBe(204);
    }
  });
  afterAll(async () => {
    await stack.close();
    await discord.close();
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

  /** Sends an interaction as Discord does: signed with `signer`'s key at `at` (Unix seconds). */
  function send(interaction: object, opts: { signer?: DiscordTestApp | null; at?: number } = {}) {
    const body = JSON.stringify(interaction);
    const ts = String(opts.at ?? Math.floor(Date.now() / 1000));
    const signer = opts.signer === undefined ? ACME : opts.signer;
    return fetch(`${stack.apiUrl}integrations/discord/interactions`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-signature-timestamp': ts,
        ...(signer ? { 'x-signature-ed25519': signDiscord(signer, ts, body) } : {}),
      },
    });
  }

  /** An interaction of `app` with a fresh id and token. */
  function interaction(app: DiscordTestApp, type: number, data: object, extra: object = {}) {
    seq += 1;
    return {
      id: `90000000000000${String(seq).padStart(4, '0')}`,
      application_id: app.applicationId,
      type,
      token: `itoken-${seq}`,
      channel_id: '300000000000000001',
      member: { user: { id: '400000000000000001', username: 'asker' } },
      data,
      ...extra,
    };
  }
  const ask = (question: string, app = ACME, extra: object = {}) =>
    interaction(
      app,
      2,
      { name: 'ask', type: 1, options: [{ name: 'question', type: 3, value: question }] },
      extra,
    );

  /** The edit of interaction `token`'s response that carries the feedback buttons. */
  const finalOf = (token: string) =>
    discord.waitFor(
      (c) =>
        c.method.includes(`/${token}/messages/@original`) && JSON.stringify(c.args).includes('docqa:up:'),
    );
  const questionIdOf = (call: RecordedCall) => JSON.stringify(call.args).match(/docqa:up:(q_[\w-]+)/)![1]!;

  it('answers PING only when signed by the application’s key, fresh, and for a known application', async () => {
    const ping = { id: '1', application_id: ACME.applicationId, type: 1 };
    const ok = await send(ping);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ type: 1 });
    expect((await send(ping, { signer: null })).status).toBe(401);
    expect((await send(ping, { signer: GLOBEX })).status).toBe(401);
    expect((await send(ping, { at: Math.floor(Date.now() / 1000) - 6 * 60 })).status).toBe(401);
    expect((await send({ ...ping, application_id: '999999999999999999' })).status).toBe(401);
  });

  it('defers /ask at once, then edits the answer in with source links and feedback buttons', async () => {
    const started = performance.now();
    const question = ask('How do I create a token?');
    const res = await send(question);
    expect(await res.json()).toEqual({ type: 5 });
    expect(performance.now() - started).toBeLessThan(3000);
    const final = await finalOf(question.token);
    expect(final.args.content).toContain('tokens create');
    expect(JSON.stringify(final.args.components)).toContain('"url":"https://docs.acme.test/tokens');
    expect(final.args.allowed_mentions).toEqual({ parse: [] });
    await stack.waitUntilIdle();
    const chats = await (await api('admin/conversations/?channel=discord', admin.acme!)).json();
    expect(chats.items).toEqual([expect.objectContaining({ channel: 'discord', questions: 1 })]);
  });

  it('never answers a replayed interaction twice', async () => {
    const question = ask('How do I revoke a token?');
    await send(question);
    await finalOf(question.token);
    const edits = discord.calls.length;
    const replay = await send(question);
    expect((await replay.json()).data.flags).toBe(64);
    await stack.waitUntilIdle();
    expect(discord.calls.length).toBe(edits);
  });

  it('continues the chat from the follow-up button, and in a thread', async () => {
    const question = ask('How do I create a token?', ACME, {
      channel_id: '500000000000000001',
      channel: { id: '500000000000000001', type: 11 },
    });
    await send(question);
    const final = await finalOf(question.token);
    const followButton = JSON.stringify(final.args.components).match(/docqa:follow:(c_[\w-]+)/)!;
    const modal = await (
      await send(interaction(ACME, 3, { custom_id: followButton[0], component_type: 2 }))
    ).json();
    expect(modal).toMatchObject({ type: 9, data: { custom_id: `docqa:ask:${followButton[1]}` } });
    const submit = interaction(ACME, 5, {
      custom_id: `docqa:ask:${followButton[1]}`,
      components: [
        { type: 1, components: [{ type: 4, custom_id: 'text', value: 'And how do I revoke it?' }] },
      ],
    });
    expect(await (await send(submit)).json()).toEqual({ type: 5 });
    await finalOf(submit.token);
    const inThread = ask('Does revocation take effect at once?', ACME, {
      channel_id: '500000000000000001',
      channel: { id: '500000000000000001', type: 11 },
    });
    await send(inThread);
    await finalOf(inThread.token);
    await stack.waitUntilIdle();
    const detail = await (await api(`admin/conversations/${followButton[1]}`, admin.acme!)).json();
    expect(detail.questions.map((q: { text: string }) => q.text)).toEqual([
      'How do I create a token?',
      'And how do I revoke it?',
      'Does revocation take effect at once?',
    ]);
  });

  it('stores 👍, and 👎 with the details its dialog asks for', async () => {
    const question = ask('What does revocation do?');
    await send(question);
    const questionId = questionIdOf(await finalOf(question.token));
    const down = await (
      await send(interaction(ACME, 3, { custom_id: `docqa:down:${questionId}`, component_type: 2 }))
    ).json();
    expect(down).toMatchObject({ type: 9, data: { custom_id: `docqa:details:${questionId}` } });
    const details = interaction(ACME, 5, {
      custom_id: `docqa:details:${questionId}`,
      components: [{ type: 1, components: [{ type: 4, custom_id: 'text', value: 'Too short.' }] }],
    });
    expect((await (await send(details)).json()).data.flags).toBe(64);
    await stack.waitUntilIdle();
    const chats = await (await api('admin/conversations/?channel=discord&feedback=down', admin.acme!)).json();
    const detail = await (await api(`admin/conversations/${chats.items[0].chat_id}`, admin.acme!)).json();
    expect(detail.questions.find((q: { question_id: string }) => q.question_id === questionId)).toMatchObject(
      {
        feedback: { rating: 'down', details: 'Too short.' },
      },
    );
  });

  it('keeps tenants apart: another application cannot rate this tenant’s answers', async () => {
    const question = ask('How do I create a token?');
    await send(question);
    const questionId = questionIdOf(await finalOf(question.token));
    const forged = await send(
      interaction(GLOBEX, 3, { custom_id: `docqa:up:${questionId}`, component_type: 2 }),
      { signer: GLOBEX },
    );
    expect((await forged.json()).data.content).toBe('That answer is no longer available.');
    const globexQuestion = ask('Where is the vault code kept?', GLOBEX);
    await send(globexQuestion, { signer: GLOBEX });
    expect((await finalOf(globexQuestion.token)).args.content).toContain('tokens safe');
  });

  it('waits out Discord’s 429, and keeps the answer and posts it later when Discord is down while it streams', async () => {
    const limited = ask('How do I revoke a token?');
    discord.failNext(`PATCH /webhooks/${ACME.applicationId}/${limited.token}/messages/@original`, {
      status: 429,
      headers: { 'retry-after': '1', 'x-ratelimit-scope': 'user' },
      body: { message: 'You are being rate limited.', retry_after: 1, global: false },
    });
    await send(limited);
    await finalOf(limited.token);
    const edits = discord.calls.filter((c) => c.method.includes(limited.token));
    expect(edits[0]!.reply!.status).toBe(429);
    expect(edits[1]!.at - edits[0]!.at).toBeGreaterThanOrEqual(900);
    discord.down = true;
    const lost = ask('Does revocation take effect at once?');
    try {
      await send(lost);
      await discord.waitFor((c) => c.method.includes(lost.token));
      while (!logs.includes('posting an answer to its channel failed; it is tried again'))
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      discord.down = false;
    }
    // The worker's delivery tries again with back-off and edits the answer in once Discord is back.
    await finalOf(lost.token);
    await stack.waitUntilIdle();
    const chats = await (await api('admin/conversations/?channel=discord&q=revocation', admin.acme!)).json();
    const chat = chats.items.find(
      (c: { first_question: string }) => c.first_question === 'Does revocation take effect at once?',
    );
    const detail = await (await api(`admin/conversations/${chat.chat_id}`, admin.acme!)).json();
    expect(detail.questions[0]).toMatchObject({ status: 'ready' });
    expect(detail.questions[0].answer).toContain('Revocation takes effect at once');
  });

  it('registers /ask with the application’s bot token', async () => {
    const store = new IntegrationStore({
      redis,
      keys: new Keys(prefix),
      secrets: new SecretBox(SECRETS_KEY),
    });
    expect(await registerDiscordCommands(store, discord.url, 'acme')).toBe(ACME.applicationId);
    const call = await discord.waitFor(
      (c) => c.method === `PUT /applications/${ACME.applicationId}/commands`,
    );
    expect(call.headers.authorization).toBe(`Bot ${ACME.botToken}`);
    expect(call.args).toEqual([expect.objectContaining({ name: 'ask' })]);
    await expect(registerDiscordCommands(store, discord.url, 'initech')).rejects.toThrow(
      'no Discord integration',
    );
  });

  it('never returns or logs a bot token, nor keeps an interaction token in the clear', async () => {
    const text = await (await api('admin/integrations/', admin.acme!)).text();
    expect(JSON.parse(text).discord).toMatchObject({ application_id: ACME.applicationId });
    for (const secret of [ACME.botToken, GLOBEX.botToken]) {
      expect(text).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
    // Interaction tokens reach the worker sealed in the delivery's state, never in a job or a log.
    expect(logs).not.toMatch(/itoken-\d/);
    const keys = new Keys(prefix);
    const jobs = await redis.keys(`${keys.queuePrefix()}:deliveries:*`);
    const posts = await redis.keys(`${prefix}:channel-post:discord-*`);
    expect(jobs.length).toBeGreaterThan(0);
    expect(posts.length).toBeGreaterThan(0);
    for (const key of [...jobs, ...posts]) {
      const type = await redis.type(key);
      if (type !== 'hash') continue;
      expect(JSON.stringify(await redis.hgetall(key))).not.toMatch(/itoken-\d/);
    }
  });
});
