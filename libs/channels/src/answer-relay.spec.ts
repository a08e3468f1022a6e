import pino from 'pino';
import type { QuestionRecord } from '@docqa/contracts';
import type { StoredEvent } from '@docqa/records';
import { relayAnswer, type AnswerDraft } from './answer-relay';
import type { ChannelEngine } from './channel-engine';

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

/** An engine whose answer events come from `script`: each step advances the clock, then yields. */
function engine(
  script: [advanceMs: number, event: StoredEvent['event']][],
  clock: { now: number },
  final: string,
) {
  const fake: Pick<ChannelEngine, 'events' | 'question'> = {
    async *events() {
      for (const [i, [advance, event]] of script.entries()) {
        clock.now += advance;
        yield { id: `${i}-0`, event };
      }
    },
    question: async () => record(final),
  };
  return fake as ChannelEngine;
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
      engine: engine(script, clock, 'One two three four five'),
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
      engine: engine(
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

  it('logs a draft the platform refused and still tries the final answer, never rejecting', async () => {
    const clock = { now: 0 };
    const lines: string[] = [];
    const spy = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    let calls = 0;
    await relayAnswer({
      engine: engine(
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
    expect(calls).toBe(2);
    expect(lines.join('')).toContain('the answer is stored but could not be posted to its channel');
  });
});
