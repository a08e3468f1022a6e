import { LocalEmbedder } from '@docqa/embedders';
import { clusterVectors } from './cluster';
import { histogramMedian, latencyBucket } from './latency-histogram';
import { daysOf, resolvePeriod } from './period';

describe('clusterVectors', () => {
  const questions = [
    'How do I revoke an API token?',
    'What is the price of the enterprise plan?',
    'how can I revoke a token',
    'Enterprise plan pricing?',
    'revoking API tokens',
  ];

  it('puts similar wording in one cluster, largest first, the same way every time', async () => {
    const vectors = await new LocalEmbedder().embedDocuments(questions);
    const clusters = clusterVectors(vectors, 0.3);
    expect(clusters).toEqual([
      [0, 2, 4],
      [1, 3],
    ]);
    expect(clusterVectors(vectors, 0.3)).toEqual(clusters);
  });

  it('returns no clusters for no questions', () => {
    expect(clusterVectors([], 0.5)).toEqual([]);
  });
});

describe('latency histogram', () => {
  it('reports the median within 5 %', () => {
    const histogram = new Map<number, number>();
    for (const ms of [100, 200, 300, 400, 5000]) {
      const b = latencyBucket(ms);
      histogram.set(b, (histogram.get(b) ?? 0) + 1);
    }
    expect(Math.abs(histogramMedian(histogram)! - 300) / 300).toBeLessThan(0.05);
    expect(histogramMedian(new Map())).toBeNull();
  });
});

describe('resolvePeriod', () => {
  const now = Date.UTC(2026, 10, 23, 12);

  it('defaults to the 30 days before now and lists the UTC days it overlaps', () => {
    const period = resolvePeriod({}, now, 90);
    expect(period).toEqual({ from: now - 30 * 86_400_000, to: now });
    expect(daysOf(period)).toHaveLength(31);
  });

  it('rejects a period out of order or older than the retention', () => {
    expect(() => resolvePeriod({ from: new Date(now), to: new Date(now - 1) }, now, 90)).toThrow('invalid');
    expect(() => resolvePeriod({ from: new Date(now - 95 * 86_400_000) }, now, 90)).toThrow('invalid');
  });
});
