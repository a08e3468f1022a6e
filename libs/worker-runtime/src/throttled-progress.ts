/** Least time between two progress reports of one ingest job. */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * A progress callback that passes on at most one report per `intervalMs` (each report is a Redis
 * round trip, once per document before), and always the last one (`done === total`). A report
 * goes out only when the percentage changed.
 */
export function throttledProgress(
  report: (percent: number) => Promise<unknown> | unknown,
  options: { intervalMs?: number; now?: () => number } = {},
): (done: number, total: number) => Promise<void> {
  const intervalMs = options.intervalMs ?? PROGRESS_INTERVAL_MS;
  const now = options.now ?? (() => performance.now());
  let last = -Infinity;
  let lastPercent = -1;
  return async (done, total) => {
    const percent = Math.round((done / total) * 100);
    const at = now();
    if (percent === lastPercent || (done < total && at - last < intervalMs)) return;
    last = at;
    lastPercent = percent;
    await report(percent);
  };
}
