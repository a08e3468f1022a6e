import { NOT_FOUND_ANSWER } from '@docqa/answering';
import { citesGold, declined, missingKeyStrings, rankScores } from './dialect-scoring';

describe('missingKeyStrings', () => {
  it('finds a key string whatever its case and however the answer wraps it', () => {
    expect(missingKeyStrings('Run `pnpm Store\n  prune` to clean up.', ['pnpm store prune'])).toEqual([]);
  });

  it('names the key strings an answer lacks', () => {
    expect(missingKeyStrings('Set appendonly yes.', ['appendonly yes', 'appendfsync'])).toEqual([
      'appendfsync',
    ]);
  });

  it('does not take a key string cut by a word in between for the key string', () => {
    expect(missingKeyStrings('rclone copy then sync', ['rclone sync'])).toEqual(['rclone sync']);
  });
});

describe('citesGold', () => {
  it('counts an answer citing any one of the gold pages', () => {
    expect(citesGold(new Set(['cli/add.md', 'faq.md']), ['install.md', 'faq.md'])).toBe(true);
  });

  it('does not count a page whose path only starts like the gold one', () => {
    expect(citesGold(new Set(['faq.md.bak', 'docs/faq.md']), ['faq.md'])).toBe(false);
  });

  it('compares gold paths as the loaders make document ids (odd characters replaced)', () => {
    expect(citesGold(new Set(['how-to/a-b.rst']), ['how-to/a b.rst'])).toBe(true);
  });
});

describe('declined', () => {
  it('is the "not covered" answer, not an answer that quotes part of it', () => {
    expect(declined(`${NOT_FOUND_ANSWER}\n`)).toBe(true);
    expect(declined(`Use --dry-run. ${NOT_FOUND_ANSWER}`)).toBe(false);
  });
});

describe('rankScores', () => {
  it('scores a gold page ranked first as hit@1, hit@5 and nDCG 1', () => {
    expect(rankScores(['a', 'b', 'c'], ['a'])).toEqual({ hit1: 1, hit5: 1, ndcg10: 1 });
  });

  it('scores a gold page ranked third as a hit@5 only, with nDCG 1/log2(4)', () => {
    expect(rankScores(['x', 'y', 'a'], ['a'])).toEqual({ hit1: 0, hit5: 1, ndcg10: 0.5 });
  });

  it('scores a gold page ranked sixth as no hit, with nDCG 1/log2(7)', () => {
    const scores = rankScores(['1', '2', '3', '4', '5', 'a'], ['a']);
    expect(scores.hit5).toBe(0);
    expect(scores.ndcg10).toBeCloseTo(1 / Math.log2(7), 10);
  });

  it('scores two gold pages against the ideal ranking of both', () => {
    expect(rankScores(['a', 'x', 'b'], ['a', 'b']).ndcg10).toBeCloseTo(
      (1 + 1 / Math.log2(4)) / (1 + 1 / Math.log2(3)),
      10,
    );
  });

  it('scores a ranking without a gold page as zero', () => {
    expect(rankScores(['x', 'y'], ['a'])).toEqual({ hit1: 0, hit5: 0, ndcg10: 0 });
  });
});
