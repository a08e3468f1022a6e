import { throttledProgress } from './throttled-progress';

describe('throttledProgress', () => {
  it('reports at most once per interval, and always the end', async () => {
    let clock = 0;
    const reports: number[] = [];
    const progress = throttledProgress((p) => void reports.push(p), { intervalMs: 250, now: () => clock });
    for (let done = 1; done <= 1000; done++) {
      clock = done; // one document per millisecond
      await progress(done, 1000);
    }
    expect(reports).toEqual([0, 25, 50, 75, 100]);
  });

  it('sends a percentage once even when reports are far apart', async () => {
    let clock = 0;
    const reports: number[] = [];
    const progress = throttledProgress((p) => void reports.push(p), { intervalMs: 250, now: () => clock });
    for (let done = 1; done <= 3; done++) {
      clock += 1000;
      await progress(done, 1000);
    }
    await progress(1000, 1000);
    expect(reports).toEqual([0, 100]);
  });
});
