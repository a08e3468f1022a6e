import { passage, pageSearcher } from './testing/page-searcher';
import { searchPassages } from './search-passages';

const input = { tenant: 't', question: 'How do I check for a new version?', history: [], filters: [] };

describe('the passages an answer is made from', () => {
  it('takes at most three of one page, and fills the rest from the pages below it', async () => {
    // Six chunks of one options table rank first; the page that answers comes seventh.
    const table = Array.from({ length: 6 }, (_, i) => passage('flags', 'Options', `--flag-${i}`));
    const answer = passage('version', 'Check', 'Run `tool version --check`.');
    const searcher = pageSearcher([...table, answer, passage('other', 'Other', 'text')]);
    const found = await searchPassages(searcher, input, input.question, 6);
    expect(found.map((r) => r.document_id)).toEqual(['flags', 'flags', 'flags', 'version', 'other']);
    expect(searcher.queries[0]!.limit).toBe(12);
  });

  it('keeps the rank order and the limit when no page has more than three', async () => {
    const results = ['a', 'b', 'a', 'c', 'd', 'e', 'f', 'g'].map((d) => passage(d, 'S', d));
    const found = await searchPassages(pageSearcher(results), input, input.question, 6);
    expect(found.map((r) => r.document_id)).toEqual(['a', 'b', 'a', 'c', 'd', 'e']);
  });
});
