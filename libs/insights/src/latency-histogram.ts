/**
 * Latencies are counted in log-scale buckets (10 % wide) per day, so a median over any period
 * reads a few counters instead of every question. A bucket stands for its geometric middle:
 * the reported median is within ±5 % of the exact one.
 */
const GROWTH = 1.1;

/** The bucket of a latency in ms (0 for anything under 1 ms). */
export function latencyBucket(ms: number): number {
  return ms < 1 ? 0 : Math.floor(Math.log(ms) / Math.log(GROWTH)) + 1;
}

/** The latency a bucket stands for, ms. */
export function bucketValue(bucket: number): number {
  return bucket === 0 ? 0 : Math.round(GROWTH ** (bucket - 1) * Math.sqrt(GROWTH));
}

/** Median of a histogram (bucket → count); null when it is empty. */
export function histogramMedian(histogram: Map<number, number>): number | null {
  const total = [...histogram.values()].reduce((a, b) => a + b, 0);
  if (!total) return null;
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket)!;
    if (seen * 2 >= total) return bucketValue(bucket);
  }
  return null;
}
