import type { Redis } from 'ioredis';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';

const DAY = 86_400_000;

const documents = [
  {
    id: 'tokens',
    title: 'Tokens',
    url: 'https://docs.example/tokens',
    content:
      '# Tokens\n\nCreate a token with the tokens create command of the CLI. Tokens are stored as SHA-256 hashes.\n\n## Revoking\n\nRevoke a token with tokens revoke and its id. Revocation takes effect at once.',
    content_type: 'text/markdown',
  },
  {
    id: 'widget',
    title: 'Widget',
    content: 'The chat widget is embedded with one script tag and a container element whose id is assistant.',
    content_type: 'text/plain',
  },
];

/** The docs site a widget token of the tests is bound to. */
const SITE = 'https://docs.acme.test';

describe('insights API (question log, conversations, gaps, export)', () => {
  let stack: Stack;
  let redis: Redis;
  /** Moves the API's clock (the reports' "now") without waiting. */
  let shift = 0;
  const prefix = testPrefix('insights');
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({
      prefix,
      now: () => Date.now() + shift,
      env: { RATE_LIMIT_PER_MINUTE: '1000' },
    });
    for (const tenant of ['acme', 'other']) {
      tokens[tenant] = await stack.createToken({ tenant, scopes: ['ask', 'ingest'] });
      tokens[`${tenant}-admin`] = await stack.createToken({ tenant, scopes: ['admin'] });
    }
    tokens['acme-widget'] = await stack.createToken({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [SITE],
    });
    await ingest('acme');
    await ingest('other');
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const call = (token: string, path: string, init: RequestInit = {}) =>
    fetch(stack.apiUrl + path, {
      ...init,
      headers: {
        authorization: `Bearer ${tokens[token]}`,
        'content-type': 'application/json',
        // A widget token answers only on the page of its origin.
        ...(token.endsWith('-widget') ? { origin: SITE } : {}),
      },
    });
  const post = (token: string, path: string, body: unknown) =>
    call(token, path, { method: 'POST', body: JSON.stringify(body) });
  const json = async (token: string, path: string) => {
    const res = await call(token, path);
    expect([path, res.status]).toEqual([path, 200]);
    return res.json();
  };

  async function ingest(tenant: string) {
    const { job_id } = await (await post(tenant, 'documents/', { documents })).json();
    for (;;) {
      const job = await (await call(tenant, `jobs/${job_id}`)).json();
      if (job.status === 'completed') return;
      if (job.status === 'failed') throw new Error('ingest failed');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function ready(tenant: string, id: string) {
    for (;;) {
      const record = await (await call(tenant, `question/${id}/?wait=5`)).json();
      if (record.is_ready) return record;
    }
  }

  /** Waits until the worker logged `n` questions of the tenant (the log is written after `ready`). */
  async function logged(tenant: string, n: number) {
    for (;;) {
      const insights = await json(`${tenant}-admin`, 'admin/insights/');
      if (insights.totals.questions >= n) return insights;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const asked: Record<string, { question_id: string; chat_id: string }> = {};

  it('logs questions from the API, the widget and a batch, with feedback, and counts them exactly', async () => {
    asked.api = await (await post('acme', 'question/', { question: 'How do I revoke a token?' })).json();
    const stream = await post('acme-widget', 'questions/', { question: 'How do I create a token?' });
    const first = /data: (\{.*\})/.exec(await stream.text())!;
    asked.widget = JSON.parse(first[1]!);
    const batch = await (
      await post('acme', 'question/batch/', {
        questions: [
          { question: 'What is the price of the enterprise plan?' },
          { question: 'How do I revoke a token?' },
        ],
      })
    ).json();
    [asked.batchGap, asked.batchRepeat] = batch.questions;
    for (const q of Object.values(asked)) await ready('acme', q.question_id);
    await post('other', 'question/', { question: 'Does docqa run on a mainframe?' });

    expect(
      (await post('acme', `question/${asked.api!.question_id}/feedback/`, { rating: 'up' })).status,
    ).toBe(204);
    await post('acme', `question/${asked.widget!.question_id}/feedback/`, { rating: 'up' });
    // A changed rating replaces the previous one.
    await post('acme', `question/${asked.widget!.question_id}/feedback/`, {
      rating: 'down',
      details: 'too short',
    });

    const insights = await logged('acme', 4);
    expect(insights.totals).toMatchObject({
      questions: 4,
      not_covered: 1,
      failed: 0,
      thumbs_up: 1,
      thumbs_down: 1,
    });
    expect(insights.totals.p50_ready_ms).toBeGreaterThanOrEqual(0);
    // 30 days back from now overlap 31 UTC days.
    expect(insights.series).toHaveLength(31);
    expect(insights.series.at(-1)).toMatchObject({
      questions: 4,
      not_covered: 1,
      thumbs_up: 1,
      thumbs_down: 1,
    });
    expect(insights.series.slice(0, -1).every((b: { questions: number }) => b.questions === 0)).toBe(true);
    expect(insights.by_channel).toEqual([
      { channel: 'api', questions: 1, not_covered: 0 },
      { channel: 'widget', questions: 1, not_covered: 0 },
      { channel: 'batch', questions: 2, not_covered: 1 },
      { channel: 'mcp', questions: 0, not_covered: 0 },
      { channel: 'slack', questions: 0, not_covered: 0 },
      { channel: 'discord', questions: 0, not_covered: 0 },
    ]);
    expect(insights.top_questions[0]).toEqual({ text: 'How do I revoke a token?', count: 2 });
    expect(insights.top_documents[0]).toMatchObject({ document_id: 'tokens', title: 'Tokens', citations: 3 });
  });

  it('groups a week series by Monday', async () => {
    const insights = await json('acme-admin', 'admin/insights/?interval=week');
    const total = insights.series.reduce((n: number, b: { questions: number }) => n + b.questions, 0);
    expect(total).toBe(4);
    for (const b of insights.series)
      expect(new Date(b.start).getUTCDay() === 1 || b === insights.series[0]).toBe(true);
  });

  it('lists conversations with filters and opens one with its answers, sources and feedback', async () => {
    const all = await json('acme-admin', 'admin/conversations/?limit=2');
    expect(all.items).toHaveLength(2);
    const rest = await json('acme-admin', `admin/conversations/?limit=2&cursor=${all.next_cursor}`);
    const chats = [...all.items, ...rest.items].map((c: { chat_id: string }) => c.chat_id);
    expect(new Set(chats)).toEqual(new Set(Object.values(asked).map((q) => q.chat_id)));
    expect(rest.next_cursor).toBeNull();

    const down = await json('acme-admin', 'admin/conversations/?feedback=down');
    expect(down.items.map((c: { chat_id: string }) => c.chat_id)).toEqual([asked.widget!.chat_id]);
    const uncovered = await json('acme-admin', 'admin/conversations/?not_covered=true');
    expect(uncovered.items).toEqual([
      expect.objectContaining({
        chat_id: asked.batchGap!.chat_id,
        not_covered: 1,
        channel: 'batch',
        questions: 1,
      }),
    ]);
    const byWords = await json('acme-admin', 'admin/conversations/?q=revoke%20a%20TOKEN');
    expect(byWords.items.map((c: { chat_id: string }) => c.chat_id).sort()).toEqual(
      [asked.api!.chat_id, asked.batchRepeat!.chat_id].sort(),
    );
    const widget = await json('acme-admin', 'admin/conversations/?channel=widget');
    expect(widget.items).toEqual([
      expect.objectContaining({ chat_id: asked.widget!.chat_id, feedback: { up: 0, down: 1 } }),
    ]);

    const chat = await json('acme-admin', `admin/conversations/${asked.widget!.chat_id}`);
    expect(chat).toMatchObject({ chat_id: asked.widget!.chat_id, source: 'records' });
    expect(chat.questions[0]).toMatchObject({
      question_id: asked.widget!.question_id,
      channel: 'widget',
      status: 'ready',
      not_covered: false,
      feedback: { rating: 'down', details: 'too short', url: null },
    });
    expect(chat.questions[0].answer).toContain('token');
    expect(chat.questions[0].sources).toContainEqual(
      expect.objectContaining({ document_id: 'tokens', cited: true }),
    );
  });

  it('opens a chat from the log once its records expired', async () => {
    await redis.del(new Keys(prefix).chat(asked.api!.chat_id));
    const chat = await json('acme-admin', `admin/conversations/${asked.api!.chat_id}`);
    expect(chat.source).toBe('log');
    expect(chat.questions).toEqual([
      expect.objectContaining({
        question_id: asked.api!.question_id,
        text: 'How do I revoke a token?',
        answer: null,
        feedback: { rating: 'up', details: null, url: null },
        // The log keeps a cited document, not the section an answer cited: its page.
        sources: [
          { document_id: 'tokens', title: 'Tokens', url: 'https://docs.example/tokens', cited: true },
        ],
      }),
    ]);
  });

  it('clusters the failed questions: not covered and thumbs down, with the nearest documents', async () => {
    const gaps = await json('acme-admin', 'admin/gaps/');
    const questions = gaps.clusters.flatMap(
      (c: { questions: { question_id: string; reason: string }[] }) => c.questions,
    );
    expect(
      questions.map((q: { question_id: string; reason: string }) => [q.question_id, q.reason]).sort(),
    ).toEqual(
      [
        [asked.batchGap!.question_id, 'not_covered'],
        [asked.widget!.question_id, 'thumbs_down'],
      ].sort(),
    );
    for (const c of gaps.clusters) {
      expect(c.count).toBe(c.questions.length);
      expect(c.nearest_documents.length).toBeGreaterThan(0);
    }
    expect(await json('acme-admin', 'admin/gaps/')).toEqual(gaps);
  });

  it('exports every logged question as JSON lines and as CSV', async () => {
    const lines = (await (await call('acme-admin', 'admin/export/questions')).text()).trim().split('\n');
    const rows = lines.map((l) => JSON.parse(l));
    expect(rows.map((r) => r.question_id).sort()).toEqual(
      Object.values(asked)
        .map((q) => q.question_id)
        .sort(),
    );
    expect(rows.find((r) => r.question_id === asked.widget!.question_id)).toMatchObject({
      channel: 'widget',
      status: 'ready',
      feedback: { rating: 'down', details: 'too short' },
    });
    const csv = await call('acme-admin', 'admin/export/questions?format=csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const csvLines = (await csv.text()).trim().split('\r\n');
    expect(csvLines[0]).toMatch(/^question_id,chat_id,asked_at,/);
    expect(csvLines).toHaveLength(5);
  });

  it("never shows tenant B's questions to tenant A, and 404s A's chat for B", async () => {
    const other = await logged('other', 1);
    expect(other.totals.questions).toBe(1);
    expect((await call('other-admin', `admin/conversations/${asked.api!.chat_id}`)).status).toBe(404);
    const list = await json('other-admin', 'admin/conversations/');
    expect(list.items.map((c: { first_question: string }) => c.first_question)).toEqual([
      'Does docqa run on a mainframe?',
    ]);
  });

  it('rejects bad periods, channels and cursors with 400 and errors[]', async () => {
    for (const path of [
      'admin/insights/?from=2026-11-10&to=2026-11-01',
      `admin/insights/?from=${new Date(Date.now() - 120 * DAY).toISOString()}`,
      'admin/conversations/?channel=fax',
      'admin/conversations/?cursor=not-a-cursor',
      'admin/export/questions?format=xml',
      'admin/gaps/?to=yesterday',
    ]) {
      const res = await call('acme-admin', path);
      expect([path, res.status]).toEqual([path, 400]);
      expect((await res.json()).errors.length).toBeGreaterThan(0);
    }
    // A day that does not exist is not a date (it is not moved to the next month), and the
    // reason says what a date is.
    for (const from of ['yesterday', '2026-11-31', '2026-13-01', '2026-11-01T25:00Z']) {
      const res = await call('acme-admin', `admin/insights/?from=${from}`);
      expect([from, res.status]).toEqual([from, 400]);
      expect((await res.json()).errors).toEqual([
        {
          path: 'query.from',
          message:
            'must be a date (2026-11-01) or a date-time (2026-11-01T08:00:00Z), UTC unless an offset is given',
        },
      ]);
    }
    expect((await call('acme', 'admin/insights/')).status).toBe(403);
  });

  it('counts a question streamed with a server token (the SDK, docqa ask) as api, not widget', async () => {
    tokens['streams'] = await stack.createToken({ tenant: 'streams', scopes: ['ask'] });
    tokens['streams-admin'] = await stack.createToken({ tenant: 'streams', scopes: ['admin'] });
    const stream = await post('streams', 'questions/', { question: 'How do I create a token?' });
    const { question_id } = JSON.parse(/data: (\{.*\})/.exec(await stream.text())![1]!);
    await ready('streams', question_id);
    const insights = await logged('streams', 1);
    expect(insights.by_channel).toEqual([
      { channel: 'api', questions: 1, not_covered: 1 },
      { channel: 'widget', questions: 0, not_covered: 0 },
      { channel: 'batch', questions: 0, not_covered: 0 },
      { channel: 'mcp', questions: 0, not_covered: 0 },
      { channel: 'slack', questions: 0, not_covered: 0 },
      { channel: 'discord', questions: 0, not_covered: 0 },
    ]);
  });

  it('answers an empty report for a tenant without questions', async () => {
    const token = await stack.createToken({ tenant: 'quiet', scopes: ['admin'] });
    const res = await fetch(`${stack.apiUrl}admin/gaps/`, { headers: { authorization: `Bearer ${token}` } });
    expect(await res.json()).toEqual({ clusters: [] });
    const insights = await (
      await fetch(`${stack.apiUrl}admin/insights/`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(insights.totals.questions).toBe(0);
    expect(insights.top_questions).toEqual([]);
  });

  it('forgets questions older than the retention', async () => {
    shift = 91 * DAY;
    try {
      const insights = await json('acme-admin', 'admin/insights/');
      expect(insights.totals.questions).toBe(0);
      expect((await json('acme-admin', 'admin/conversations/')).items).toEqual([]);
      expect(await (await call('acme-admin', 'admin/export/questions')).text()).toBe('');
    } finally {
      shift = 0;
    }
  });
});
