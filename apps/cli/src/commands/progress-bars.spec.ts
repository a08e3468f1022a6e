import type { SingleBar } from 'cli-progress';
import { FakeTerminal } from '../testing/fake-terminal';
import { batchBar, ingestBar, syncBar } from './progress-bars';

describe('progress bars', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  /** Moves the clock `ms` on, sets the bar to `value` and lets it redraw; the last line drawn. */
  function at(bar: SingleBar, terminal: FakeTerminal, ms: number, value: number, payload = {}): string {
    jest.advanceTimersByTime(ms);
    bar.update(value, payload);
    jest.advanceTimersByTime(250);
    return terminal.last();
  }

  it('ingest shows "…" for the time left until a document is done, then a time', () => {
    const terminal = new FakeTerminal();
    const bar = ingestBar(terminal);
    bar.start(4, 0);
    expect(terminal.last()).toMatch(/0\/4 documents \| … left$/);
    // The job is polled and has processed nothing yet.
    expect(at(bar, terminal, 1000, 0)).toMatch(/0\/4 documents \| … left$/);
    expect(at(bar, terminal, 1000, 0)).toMatch(/0\/4 documents \| … left$/);
    // One of four after 2.75 s: three more take 8.25 s at that rate.
    expect(at(bar, terminal, 250, 1)).toMatch(/1\/4 documents \| 9s left$/);
    bar.stop();
    expect(terminal.text).not.toMatch(/NF|LL|INF/);
  });

  it('batch shows "…" as its ETA until an answer is in', () => {
    const terminal = new FakeTerminal();
    const bar = batchBar(terminal);
    bar.start(10, 0, { rate: '0.0', failed: 0 });
    expect(terminal.last()).toMatch(/0\/10 \| 0\.0\/s \| ETA … \| 0 failed$/);
    expect(at(bar, terminal, 2000, 0)).toMatch(/ETA … \|/);
    expect(at(bar, terminal, 2000, 5, { rate: '1.2' })).toMatch(/5\/10 \| 1\.2\/s \| ETA 5s \| 0 failed$/);
    bar.stop();
    expect(terminal.text).not.toMatch(/NF|LL|INF/);
  });

  it('sync shows the pages read of those listed, and what the sync made of them so far', () => {
    const terminal = new FakeTerminal();
    const bar = syncBar(terminal);
    bar.start(0, 0, { added: 0, updated: 0, unchanged: 0, failed: 0 });
    expect(terminal.last()).toMatch(/0\/0 pages read \| 0 added, 0 updated, 0 unchanged, 0 failed$/);
    bar.setTotal(40);
    expect(at(bar, terminal, 1000, 25, { unchanged: 24, failed: 1 })).toMatch(
      /25\/40 pages read \| 0 added, 0 updated, 24 unchanged, 1 failed$/,
    );
    bar.stop();
  });
});
