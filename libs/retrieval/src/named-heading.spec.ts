import type { SearchResult } from '@docqa/contracts';
import { namedHeadingsFirst } from './named-heading';

const result = (id: string, section: string, score: number): SearchResult => ({
  document_id: id,
  chunk_id: `${id}#0`,
  title: id,
  url: null,
  section,
  text: id,
  score,
  metadata: {},
});

describe('namedHeadingsFirst', () => {
  const ranked = [
    result('update', 'pnpm update › Options › Updating GitHub Actions', 2),
    result('outdated', 'pnpm outdated', 1.6),
    result('ci', 'Continuous Integration › GitHub Actions', 1.2),
  ];

  it('lifts the section whose whole heading the question names, as a name, by half the best score', () => {
    const order = namedHeadingsFirst(ranked, 'How do I use pnpm in GitHub Actions?');
    expect(order.map((r) => r.document_id)).toEqual(['ci', 'update', 'outdated']);
    expect(order[0]!.score).toBe(2.2);
  });

  it('leaves a heading the question names only in part, or written in lower case', () => {
    const partly = namedHeadingsFirst(ranked, 'How do I use GitHub with pnpm?');
    expect(partly).toEqual(ranked);
    const lower = namedHeadingsFirst(ranked, 'how do i use pnpm in github actions?');
    expect(lower).toEqual(ranked);
  });

  it('reads the heading’s terms as the index does: stems, stop words and inline markup aside', () => {
    const env = [result('ref', 'Reference › Environment Variables', 1), result('how', 'How-to › Setenv', 2)];
    const order = namedHeadingsFirst(env, 'Which Environment Variable of the Reference does pytest read?');
    expect(order.map((r) => r.document_id)).toEqual(['ref', 'how']);
  });

  it('needs two to four terms: one names a topic every page has', () => {
    const usage = [result('b', 'Install', 2), result('a', 'Usage', 1)];
    expect(namedHeadingsFirst(usage, 'What is the Usage of pnpm?')).toEqual(usage);
  });

  it('with any run of the question’s terms, also lifts a heading written in lower case', () => {
    const order = namedHeadingsFirst(ranked, 'how do i use pnpm in github actions?', {
      capitalised: false,
      bonus: 0.5,
    });
    expect(order[0]!.document_id).toBe('ci');
  });
});
