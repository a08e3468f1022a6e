import type { SearchResult } from '@docqa/contracts';
import { readCorpus } from './dialect-corpora';
import { keyRank, KEY_RANK_DEPTH, missClass, PassageLog } from './miss-class';

const hit = (document_id: string, text: string): SearchResult => ({
  document_id,
  chunk_id: `${document_id}#${text.length}`,
  title: document_id,
  url: null,
  text,
  score: 1,
  metadata: {},
});

describe('where a missing key string was', () => {
  const { corpus } = readCorpus('pnpm');
  const gold = ['cli/install.md'];
  const page = (text: string) => hit('cli/install.md', text);
  const other = hit('cli/add.md', 'Run `pnpm add --offline` to install from the store only.');

  it('tells the answerer’s miss from retrieval’s', () => {
    const quotedNot = { first: [page('Use   --OFFLINE to install from the store.')], more: [] };
    expect(missClass('--offline', gold, quotedNot, corpus)).toBe('gold passage, not quoted');
    const pageSearch = { first: [page('Install.')], more: [page('--offline')] };
    expect(missClass('--offline', gold, pageSearch, corpus)).toBe('gold page search, not quoted');
    expect(missClass('--offline', gold, { first: [other], more: [] }, corpus)).toBe("another page's passage");
  });

  it('reads the gold page’s source when no passage holds the string', () => {
    const none = { first: [hit('cli/add.md', 'Add a package.')], more: [] };
    expect(missClass('--offline', gold, none, corpus)).toBe('gold page not retrieved');
    const part = { first: [page('Aliases: pnpm i')], more: [] };
    expect(missClass('--offline', gold, part, corpus)).toBe('gold page retrieved, not this part');
    expect(missClass('--no-such-flag-anywhere', gold, part, corpus)).toBe(
      'not in the gold source as written',
    );
  });

  it('keeps each answer’s searches apart', async () => {
    const found = [hit('a', 'x')];
    const log = new PassageLog({ search: async () => ({ results: found, took_ms: 0 }) });
    const query = { tenants: ['t'], query: 'q', mode: 'hybrid' as const, filters: [], limit: 6 };
    await log.search(query);
    await log.search({ ...query, query: 'page search' });
    expect(log.take()).toEqual({ first: found, more: found, query });
    expect(log.take()).toEqual({ first: [], more: [], query: undefined });
  });

  it('ranks the gold passage holding a missing key string in the first search made deeper', async () => {
    const ranking = [
      other,
      page('Aliases: pnpm i'),
      hit('cli/add.md', 'x'),
      page('Run  pnpm install --OFFLINE.'),
    ];
    const asked: { limit: number; filters: unknown[] }[] = [];
    const searcher = {
      search: async (q: { limit: number; filters: unknown[] }) => {
        asked.push(q);
        return { results: ranking.slice(0, q.limit), took_ms: 0 };
      },
    };
    const filters = [{ type: 'eq' as const, property: 'lang', value: 'en' }];
    const query = { tenants: ['t'], query: 'work offline', mode: 'hybrid' as const, filters, limit: 2 };
    expect(await keyRank(searcher, query, '--offline', gold)).toBe(4);
    expect(asked[0]).toEqual({ ...query, limit: KEY_RANK_DEPTH });
    // Another page's passage holding it does not count; none of the gold page's does.
    expect(await keyRank(searcher, query, 'pnpm add --offline', gold)).toBeUndefined();
  });
});
