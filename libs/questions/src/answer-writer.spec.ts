import type { AnswerRecords, WriteResult } from '@docqa/records';
import { AnswerSupersededError, AnswerWriter } from './answer-writer';

function fakeStore(result: 'ok' | 'stale' = 'ok') {
  const writes: { text: string; at: number }[] = [];
  const store: Pick<AnswerRecords, 'appendDelta'> = {
    appendDelta: async (_id: string, _attempt: number, text: string): Promise<WriteResult> => {
      writes.push({ text, at: Date.now() });
      return result === 'ok' ? { version: writes.length, eventId: '1-0' } : 'stale';
    },
  };
  return { store, writes };
}

describe('AnswerWriter', () => {
  it('writes the first piece at once and coalesces the rest to one write per interval', async () => {
    const { store, writes } = fakeStore();
    const writer = new AnswerWriter(store, 'q_1', 1, 50);
    const started = Date.now();
    writer.push('Hello');
    await new Promise((r) => setTimeout(r, 5));
    expect(writes.map((w) => w.text)).toEqual(['Hello']);
    for (let i = 0; i < 100; i++) writer.push('.');
    await new Promise((r) => setTimeout(r, 80));
    await writer.flush();
    expect(writes.length).toBeLessThanOrEqual(3);
    expect(writes.map((w) => w.text).join('')).toBe(`Hello${'.'.repeat(100)}`);
    expect(writes[1]!.at - started).toBeGreaterThanOrEqual(45);
  });

  it('stops with AnswerSupersededError once the record refuses this attempt', async () => {
    const { store } = fakeStore('stale');
    const writer = new AnswerWriter(store, 'q_1', 1, 10);
    writer.push('late');
    await expect(writer.flush()).rejects.toBeInstanceOf(AnswerSupersededError);
    expect(() => writer.push('more')).toThrow(AnswerSupersededError);
  });
});
