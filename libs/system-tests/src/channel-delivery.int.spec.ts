import { Writable } from 'node:stream';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { ScriptedAnswerer } from '@docqa/answering/testing';
import { signSlackRequest } from '@docqa/channels';
import {
  SLACK_GONE_CHANNEL,
  startSlackStandIn,
  type PlatformStandIn,
  type RecordedCall,
} from '@docqa/channels/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { noKnowledgeBase, startStack, type Stack } from './testing/start-stack';

const ACME = {
  teamId: 'TACME0001',
  teamName: 'Acme',
  botUserId: 'UBOTACME1',
  botToken: 'xoxb-1111-acme-delivery-bot-token',
  signingSecret: 'aa11bb22cc33dd44ee55ff6677889900',
};
const PIECES = ['The answer ', 'is written ', 'by the worker ', 'and posted ', 'by it too.'];

/**
 * Channel answers are durable work of the worker: the API records the question and enqueues its
 * delivery, and the worker posts the answer, whatever happens to the API or the platform after
 * the acknowledgement.
 */
describe('channel delivery (API and worker, Slack stand-in)', () => {
  let stack: Stack;
  let slack: PlatformStandIn;
  let redis: Redis;
  let logs = '';
  /** Pieces the answerer holds back until the test lets them go (`null`: none held). */
  let gate: { at: number; open: Promise<void>; release: () => void } | null = null;
  const prefix = testPrefix('delivery');
  let seq = 0;

  beforeAll(async () => {
    redis = testRedis();
    slack = await startSlackStandIn([ACME]);
    const sink = new Writable({ write: (chunk, _enc, done) => void ((logs += String(chunk)), done()) });
    stack = await startStack({
      prefix,
      answerer: new ScriptedAnswerer({
        pieces: PIECES,
        beforePiece: async (index) => {
          if (gate && index === gate.at) await gate.open;
        },
      }),
      services: noKnowledgeBase(),
      // A dead worker's jobs are handed on within a lock time.
      env: { SLACK_API_URL: slack.url, SECRETS_KEY: 'delivery spec secrets key, 16+', JOB_LOCK_MS: '2000' },
      logger: pino({ level: 'debug' }, sink),
    });
    const admin = await stack.createToken({ tenant: 'acme', scopes: ['admin'] });
    const res = await fetch(`${stack.apiUrl}admin/integrations/slack`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ signing_secret: ACME.signingSecret, bot_token: ACME.botToken }),
    });
    expect(res.status).toBe(204);
  });
  afterAll(async () => {
    gate?.release();
    await stack.close();
    await slack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  /** Holds the answer back before its piece `at` until `release()`. */
  function hold(at: number) {
    let release = () => undefined as void;
    const open = new Promise<void>((resolve) => (release = resolve));
    gate = { at, open, release };
    return gate;
  }

  /** Sends an `app_mention` as Slack does, signed; resolves with the thread's ts and the response. */
  async function mention(text: string, channel = 'CHELP') {
    seq += 1;
    const ts = `1733000000.${String(seq).padStart(6, '0')}`;
    const body = JSON.stringify({
      type: 'event_callback',
      team_id: ACME.teamId,
      event_id: `EvD${seq}`,
      event: { type: 'app_mention', user: 'UASKER01', text: `<@${ACME.botUserId}> ${text}`, ts, channel },
    });
    const at = String(Math.floor(Date.now() / 1000));
    const res = await fetch(`${stack.apiUrl}integrations/slack/events`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': at,
        'x-slack-signature': signSlackRequest(body, at, ACME.signingSecret),
      },
    });
    return { ts, res };
  }

  const ok = (c: RecordedCall) => (c.reply?.body as { ok?: boolean } | undefined)?.ok === true;
  const postsIn = (thread: string) =>
    slack.calls.filter((c) => c.method === 'chat.postMessage' && c.args.thread_ts === thread && ok(c));
  /** The post or update of `thread`'s answer that carries the feedback buttons. */
  const finalIn = (thread: string) =>
    slack.waitFor((c) => {
      const posted = postsIn(thread)[0];
      const ts = (posted?.reply?.body as { ts?: string } | undefined)?.ts;
      if (!ts || !ok(c) || !JSON.stringify(c.args.blocks ?? '').includes('docqa_feedback_up')) return false;
      return c.method === 'chat.update' ? c.args.ts === ts : c === posted;
    });
  const textOf = (c: RecordedCall) => String(c.args.text);

  it('retries the post with back-off while Slack answers 5xx, and posts the answer once when it recovers', async () => {
    slack.down = true;
    try {
      const { ts, res } = await mention('What happens when Slack is down?');
      expect(res.status).toBe(200);
      // The answer is finished and stored while every call fails: the delivery fails and waits.
      while (!logs.includes('posting an answer to its channel failed; it is tried again'))
        await new Promise((r) => setTimeout(r, 50));
      slack.down = false;
      const final = await finalIn(ts);
      expect(textOf(final)).toBe(PIECES.join(''));
      expect(postsIn(ts)).toHaveLength(1);
      const failed = slack.calls.filter((c) => c.args.thread_ts === ts && c.reply?.status === 503);
      expect(failed.length).toBeGreaterThanOrEqual(4);
      expect(logs).not.toContain('the answer is stored but could not be posted to its channel');
    } finally {
      slack.down = false;
    }
    await stack.waitUntilIdle();
  });

  it('waits out a 429 on an update as Retry-After says, then finishes the answer', async () => {
    const held = hold(2);
    const { ts } = await mention('Does it respect rate limits?');
    await slack.waitFor((c) => c.method === 'chat.postMessage' && c.args.thread_ts === ts && ok(c));
    slack.failNext('chat.update', {
      status: 429,
      headers: { 'retry-after': '1' },
      body: { ok: false, error: 'ratelimited' },
    });
    held.release();
    const final = await finalIn(ts);
    expect(textOf(final)).toBe(PIECES.join(''));
    const limited = slack.calls.find((c) => c.method === 'chat.update' && c.reply?.status === 429)!;
    expect(limited).toBeDefined();
    const next = slack.calls.find((c) => c.method === 'chat.update' && c.at > limited.at)!;
    expect(next.at - limited.at).toBeGreaterThanOrEqual(900);
    gate = null;
    await stack.waitUntilIdle();
  });

  it('gives up at once, and logs it, when Slack refuses the post for good (channel_not_found)', async () => {
    const { ts, res } = await mention('Can you still post here?', SLACK_GONE_CHANNEL);
    expect(res.status).toBe(200);
    const gaveUp = 'the answer is stored but could not be posted to its channel';
    while (!logs.includes(gaveUp)) await new Promise((r) => setTimeout(r, 50));
    const line = JSON.parse(logs.split('\n').find((l) => l.includes(gaveUp))!) as { jobId: string };
    await stack.waitUntilIdle();
    const retried = logs.split('\n').filter((l) => l.includes(line.jobId) && l.includes('tried again'));
    expect(retried).toEqual([]);
    const refused = slack.calls.filter((c) => c.args.thread_ts === ts);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter(ok)).toEqual([]);
  });

  it('resumes a delivery on a new worker after the worker dies mid-answer, editing the same message', async () => {
    const held = hold(2);
    const { ts } = await mention('What if the worker dies?');
    await slack.waitFor((c) => c.method === 'chat.postMessage' && c.args.thread_ts === ts && ok(c));
    await stack.stopWorker();
    await stack.startWorker();
    held.release();
    const final = await finalIn(ts);
    expect(final.method).toBe('chat.update');
    expect(textOf(final)).toBe(PIECES.join(''));
    expect(postsIn(ts)).toHaveLength(1);
    gate = null;
    await stack.waitUntilIdle();
  });

  it('completes the post from the worker when the API process stops in the middle of the answer', async () => {
    const held = hold(2);
    const { ts, res } = await mention('Who posts the answer?');
    expect(res.status).toBe(200);
    // The first text is in the thread; the rest of the answer is still to be written.
    const first = await slack.waitFor(
      (c) => c.method === 'chat.postMessage' && c.args.thread_ts === ts && ok(c),
    );
    expect(textOf(first)).toBe(PIECES.slice(0, 2).join('').trim());
    await stack.stopApi();
    held.release();
    const final = await finalIn(ts);
    expect(final.method).toBe('chat.update');
    expect(textOf(final)).toBe(PIECES.join(''));
    expect(postsIn(ts)).toHaveLength(1);
    gate = null;
    await stack.waitUntilIdle();
  });
});
