/**
 * Slack and Discord latency against local stand-ins, with the offline (extractive) answerer over
 * docqa's own docs: for each question, the time from sending the signed event to its
 * acknowledgement (Slack's 3-second budget; issue 40 asks p99 ≤ 300 ms) and to the first text
 * visible in the thread (the first `chat.postMessage` / interaction webhook edit; p50 ≤ 1 s).
 * Questions are sent one after another, each once its answer is final.
 *
 *   npm run bench:channels [-- --questions 100]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { signSlackRequest } from '@docqa/channels';
import {
  discordTestApp,
  signDiscord,
  startDiscordStandIn,
  startSlackStandIn,
  type PlatformStandIn,
} from '@docqa/channels/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';
import { startOwnRedis } from '@docqa/testing';
import { reportBenchSection } from '../write-section';
import { runBench } from '../run-bench';
import { renderThreads } from './render-thread';

const SLACK = {
  teamId: 'TBENCH001',
  teamName: 'Bench',
  botUserId: 'UBOTBENCH',
  botToken: 'xoxb-0000-bench-bot-token',
};
const SIGNING_SECRET = '0123456789abcdef0123456789abcdef';
const DISCORD = discordTestApp('300000000000000003', 'bench-bot-token.discord.0000000000');
const QUESTIONS = [
  'How do I create a token?',
  'How do I embed the widget?',
  'How do I ingest a sitemap?',
  'What does the health endpoint check?',
  'How do I revoke a token?',
  'How do I run several workers?',
  'What is a widget token?',
  'How do I ask a follow-up question?',
  'How do I export the questions?',
  'Which settings limit the request size?',
];

/** One question's timings, ms from sending the event, and the final answer as posted. */
interface Timing {
  ack: number;
  firstText: number;
  final: Record<string, unknown>;
}

async function main(): Promise<void> {
  const countArg = process.argv.indexOf('--questions');
  const count = countArg > 0 ? Number(process.argv[countArg + 1]) : 100;
  const redis = await startOwnRedis();
  const slack = await startSlackStandIn([SLACK]);
  const discord = await startDiscordStandIn([DISCORD]);
  const stack = await startStack({
    redisUrl: redis.url,
    env: {
      SLACK_API_URL: slack.url,
      DISCORD_API_URL: discord.url,
      SECRETS_KEY: 'bench secrets key, 16+ chars',
      // One integration asks every question here, faster than a workspace's default budget allows.
      WIDGET_RATE_LIMIT_PER_MINUTE: '100000',
    },
    logger: pino({ level: 'silent' }),
  });
  try {
    await setUp(stack);
    const slackTimes: Timing[] = [];
    const discordTimes: Timing[] = [];
    for (let i = 0; i < count; i++) {
      slackTimes.push(await askSlack(stack, slack, QUESTIONS[i % QUESTIONS.length]!, i));
      discordTimes.push(await askDiscord(stack, discord, QUESTIONS[i % QUESTIONS.length]!, i));
    }
    report(count, slackTimes, discordTimes);
    // The first question's answers, as each platform would show them (docs/channels.md).
    await renderThreads(
      {
        slack: { question: QUESTIONS[0]!, payload: slackTimes[0]!.final },
        discord: { question: QUESTIONS[0]!, payload: discordTimes[0]!.final },
      },
      'docs/screenshots',
    );
  } finally {
    await stack.close();
    await Promise.all([slack.close(), discord.close()]);
    await redis.stop();
  }
}

/** docqa's docs/ as the knowledge base of tenant `bench`, and its Slack and Discord integrations. */
async function setUp(stack: Stack): Promise<void> {
  const token = await stack.createToken({ tenant: 'bench', scopes: ['admin'] });
  const call = (path: string, method: string, body?: unknown) =>
    fetch(stack.apiUrl + path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (res) => {
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? undefined : res.json();
    });
  const documents = readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({ id: f.replace(/\.md$/, ''), title: f, content: readFileSync(join('docs', f), 'utf8') }));
  const { job_id } = await call('documents/', 'POST', { documents });
  while ((await call(`jobs/${job_id}?wait=5`, 'GET')).status !== 'completed');
  await call('admin/integrations/slack', 'PUT', {
    signing_secret: SIGNING_SECRET,
    bot_token: SLACK.botToken,
  });
  await call('admin/integrations/discord', 'PUT', {
    application_id: DISCORD.applicationId,
    public_key: DISCORD.publicKey,
    bot_token: DISCORD.botToken,
  });
}

async function askSlack(stack: Stack, slack: PlatformStandIn, question: string, i: number): Promise<Timing> {
  const ts = `1733000000.${String(i).padStart(6, '0')}`;
  const body = JSON.stringify({
    type: 'event_callback',
    team_id: SLACK.teamId,
    event_id: `EvBench${i}`,
    event: {
      type: 'app_mention',
      user: `UBENCH${i}`,
      text: `<@${SLACK.botUserId}> ${question}`,
      ts,
      channel: 'CBENCH',
    },
  });
  const at = String(Math.floor(Date.now() / 1000));
  const sent = performance.now();
  const res = await fetch(`${stack.apiUrl}integrations/slack/events`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': at,
      'x-slack-signature': signSlackRequest(body, at, SIGNING_SECRET),
    },
  });
  await res.arrayBuffer();
  const ack = performance.now() - sent;
  if (res.status !== 200) throw new Error(`Slack event answered ${res.status}`);
  const first = await slack.waitFor((c) => c.method === 'chat.postMessage' && c.args.thread_ts === ts);
  const answerTs = (first.reply!.body as { ts: string }).ts;
  const final = await slack.waitFor(
    (c) =>
      JSON.stringify(c.args.blocks ?? '').includes('docqa_feedback_up') &&
      ((c.reply!.body as { ts?: string }).ts === answerTs || c.args.ts === answerTs),
  );
  return { ack, firstText: first.at - sent, final: final.args };
}

async function askDiscord(
  stack: Stack,
  discord: PlatformStandIn,
  question: string,
  i: number,
): Promise<Timing> {
  const token = `bench-token-${i}`;
  const body = JSON.stringify({
    id: `8${String(i).padStart(17, '0')}`,
    application_id: DISCORD.applicationId,
    type: 2,
    token,
    channel_id: '300000000000000009',
    member: { user: { id: `40000000000000${String(i).padStart(4, '0')}` } },
    data: { name: 'ask', type: 1, options: [{ name: 'question', type: 3, value: question }] },
  });
  const at = String(Math.floor(Date.now() / 1000));
  const sent = performance.now();
  const res = await fetch(`${stack.apiUrl}integrations/discord/interactions`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-signature-timestamp': at,
      'x-signature-ed25519': signDiscord(DISCORD, at, body),
    },
  });
  await res.arrayBuffer();
  const ack = performance.now() - sent;
  if (res.status !== 200) throw new Error(`Discord interaction answered ${res.status}`);
  const first = await discord.waitFor((c) => c.method.includes(`/${token}/`));
  const final = await discord.waitFor(
    (c) => c.method.includes(`/${token}/`) && JSON.stringify(c.args).includes('docqa:up:'),
  );
  return { ack, firstText: first.at - sent, final: final.args };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function report(count: number, slack: Timing[], discord: Timing[]): void {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const row = (name: string, times: Timing[]) => {
    const ack = times.map((t) => t.ack);
    const first = times.map((t) => t.firstText);
    return `| ${name} | ${ms(percentile(ack, 50))} | **${ms(percentile(ack, 99))}** | **${ms(percentile(first, 50))}** | ${ms(percentile(first, 99))} |`;
  };
  const text = [
    `${count} questions per platform over docqa's own docs/ (extractive answerer, local embeddings), one after another, each sent as the platform does (signed) to the API in this process, against the local stand-ins of \`@docqa/channels/testing\`. "Ack" is the response to the event or interaction; "first text" is the first \`chat.postMessage\` (Slack) or interaction webhook edit (Discord) that reaches the stand-in. Run on ${new Date().toISOString().slice(0, 10)}, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')} (2 cores, shared). Budgets (issue 40): ack p99 ≤ 300 ms, first text p50 ≤ 1 s.`,
    '',
    '| platform | ack p50 | ack p99 | first text p50 | first text p99 |',
    '|---|---|---|---|---|',
    row('Slack (app mention)', slack),
    row('Discord (`/ask`)', discord),
  ].join('\n');
  reportBenchSection('Channels: Slack and Discord', 'npm run bench:channels', text);
}

runBench(main);
