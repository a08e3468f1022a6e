import { FakeTerminal } from '../testing/fake-terminal';
import { BatchTally } from './batch-tally';
import type { BatchResult } from './batch-runner';
import { batchBar } from './progress-bars';

const result = (line: number, status: BatchResult['status']): BatchResult => ({
  line,
  id: status === 'invalid' ? null : `q_${line}`,
  answer: status === 'ready' ? 'An answer.' : null,
  sources: [],
  status,
  error: status === 'ready' ? null : 'why',
});

describe('BatchTally', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  /** Counts `r` a second later and lets the bar redraw; the line it shows. */
  function add(tally: BatchTally, terminal: FakeTerminal, r: BatchResult): string {
    jest.advanceTimersByTime(1000);
    tally.add(r);
    jest.advanceTimersByTime(250);
    return terminal.last();
  }

  it('counts a line the server refused as an invalid line, as the output does, and takes it off the bar', () => {
    const terminal = new FakeTerminal();
    const bar = batchBar(terminal);
    const tally = new BatchTally(bar, { before: 0, failedBefore: 0, invalid: 2, todo: 4 });
    expect(terminal.last()).toMatch(/ 0\/4 \|/);
    expect(add(tally, terminal, result(1, 'ready'))).toMatch(/ 1\/4 \| .* \| 0 failed$/);
    // Line 2's chat_id is unknown: refused, written as invalid.
    expect(add(tally, terminal, result(2, 'invalid'))).toMatch(/ 1\/3 \| .* \| 0 failed$/);
    expect(add(tally, terminal, result(3, 'failed'))).toMatch(/ 2\/3 \| .* \| 1 failed$/);
    expect(add(tally, terminal, result(4, 'ready'))).toMatch(/ 3\/3 \| .* \| 1 failed$/);
    bar.stop();
    expect(tally.summary('answers.jsonl')).toBe(
      '3 answered now, 0 before, 1 failed, 3 invalid lines skipped → answers.jsonl',
    );
    expect(tally.ok).toBe(false);
  });

  it('is ok when every answer in the output is ready and no line was invalid', () => {
    const start = { before: 5, failedBefore: 0, invalid: 0, todo: 1 };
    const tally = new BatchTally(batchBar(new FakeTerminal()), start);
    tally.add(result(6, 'ready'));
    expect(tally.ok).toBe(true);
    expect(tally.summary('out.jsonl')).toBe(
      '1 answered now, 5 before, 0 failed, 0 invalid lines skipped → out.jsonl',
    );
  });

  it('counts the answers an earlier run wrote as failed, as the output holds them', () => {
    const start = { before: 5, failedBefore: 2, invalid: 0, todo: 1 };
    const tally = new BatchTally(batchBar(new FakeTerminal()), start);
    tally.add(result(6, 'ready'));
    expect(tally.ok).toBe(false);
    expect(tally.summary('out.jsonl')).toBe(
      '1 answered now, 5 before, 2 failed, 0 invalid lines skipped → out.jsonl',
    );
  });
});
