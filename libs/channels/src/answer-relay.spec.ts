import pino from 'pino';
import type { QuestionRecord } from '@docqa/contracts';
import type { StoredEvent } from '@docqa/records';
import { relayAnswer, type AnswerDraft } from './answer-relay';
import type { AnswerFeed } from './channel-engine';

const record = (response: string): QuestionRecord => ({
  id: 'q_1',
  text: 'How?',
  response,
  is_ready: true,
  chat_id: 'c_1',
  status: 'ready',
  sources: [],
  created_at: '2026-11-29T00:00:00.000Z',
  updated_at: '2026-11-29T00:00:01.000Z',
});

/**
 * A feed whose answer events come from `script`: each step advances the clock, then yields. The
 * record is pending until the script is played (or `ready` from the start: a later attempt).
 */
function feed(
  script: [advanceMs: number, event: StoredEvent['event']][],
  clock: { now: number },
  final: string,
  ready = false,
): AnswerFeed {
  let played = ready;
  return {
    async *events() {
      for (const [i, [advance, event]] of script.entries()) {
        clock.now += advance;
        // The terminal event is written with the finished record, as the store does.
        if (event.type === 'done' || event.type === 'error') played = true;
        yield { id: `${i}-0`, event };
      }
    },
    question: async () =>
      played ? record(final) : { ...record(''), is_ready: false, status: 'generating' as const },
  };
}

const delta = (text: string): StoredEvent['event'] => ({ type: 'delta', data: { text } });

describe('relayAnswer', () => {
  const logger = pino({ level: 'silent' });

  it('shows the first text at once, then at most one edit per interval, and always the final answer', async () => {
    const clock = { now: 0 };
    const shown: AnswerDraft[] = [];
    const script: [number, StoredEvent['event']][] = [
      [0, { type: 'status', data: { status: 'generating' } }],
      [10, delta('One')],
      [300, delta(' two')],
      [300, delta(' three')],
      [500, delta(' four')],
      [100, { type: 'done', data: { record: record('One two three four five') } }],
    ];
    await relayAnswer({
      feed: feed(script, clock, 'One two three four five'),
      tenant: 'acme',
      questionId: 'q_1',
      logger,
      now: () => clock.now,
      show: async (draft) => void shown.push(draft),
    });
    expect(shown.map((d) => [d.text, Boolean(d.final)])).toEqual([
      ['One', false],
      ['One two three four', false],
      ['One two three four five', true],
    ]);
  });

  it('starts over when the worker restarts the answer', async () => {
    const clock = { now: 0 };
    const shown: string[] = [];
    await relayAnswer({
      feed: feed(
        [
          [0, delta('Half an ans')],
          [2000, { type: 'status', data: { status: 'generating', restarted: true } }],
          [0, delta('Whole')],
          [0, { type: 'done', data: { record: record('Whole answer') } }],
        ],
        clock,
        'Whole answer',
      ),
      tenant: 'acme',
      questionId: 'q_1',
      logger,
      now: () => clock.now,
      show: async (draft) => void shown.push(draft.text),
    });
    expect(shown).toEqual(['Half an ans', 'Whole', 'Whole answer']);
  });

  it('shows a finished answer final at once, without replaying its drafts', async () => {
    const clock = { now: 0 };
    const shown: AnswerDraft[] = [];
    await relayAnswer({
      feed: feed([[0, delta('One')]], clock, 'One two', true),
      tenant: 'acme',
      questionId: 'q_1',
      logger,
      now: () => clock.now,
      show: async (draft) => void shown.push(draft),
    });
    expect(shown.map((d) => [d.text, Boolean(d.final)])).toEqual([['One two', true]]);
  });

  it('logs and skips a draft the platform refused, and rejects when the final answer cannot be shown', async () => {
    const clock = { now: 0 };
    const lines: string[] = [];
    const spy = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    let calls = 0;
    const relay = relayAnswer({
      feed: feed(
        [
          [0, delta('Text')],
          [0, { type: 'done', data: { record: record('Text') } }],
        ],
        clock,
        'Text',
      ),
      tenant: 'acme',
      questionId: 'q_1',
      logger: spy,
      now: () => clock.now,
      show: async () => {
        calls += 1;
        throw new Error('slack down');
      },
    });
    await expect(relay).rejects.toThrow('slack down');
    expect(calls).toBe(2);
    expect(lines.join('')).toContain('a channel could not show an answer draft');
  });
});
