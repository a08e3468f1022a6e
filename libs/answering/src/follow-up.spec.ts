import type { SearchResult } from '@docqa/contracts';
import { ExtractiveAnswerer } from './extractive-answerer';
import { quotingWeights, standaloneQuery } from './follow-up';

const section = (doc: string, text: string): SearchResult => ({
  document_id: doc,
  chunk_id: `${doc}#0`,
  title: doc,
  url: null,
  section: doc,
  text,
  score: 0,
  metadata: {},
});

/** A TV manual's sections: a feature turned on and off, and the TV itself turned off. */
const MANUAL = [
  section(
    'Playing games on an optimized screen',
    'You can turn on Game Mode to optimize the picture for a game console. ' +
      'To turn off Game Mode, select Game Mode again in the External Device Manager.',
  ),
  section(
    'Using the timers',
    'You can turn off the TV again after a set time: the sleep timer will turn off the TV. ' +
      'To turn off the TV at a fixed time, set the off timer.',
  ),
  section('Adjusting the picture', 'You can change the picture mode and the brightness of the screen.'),
];

/**
 * A search as keyword search runs it: the `limit` sections holding most of the query's words as
 * written (it does not know the answerer's word stems).
 */
const wordSearch = {
  search: async ({ query, limit }: { query: string; limit: number }) => {
    const wanted = new Set(query.toLowerCase().match(/[a-z]+/g));
    const count = (r: SearchResult) =>
      (`${r.title} ${r.text}`.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => wanted.has(w)).length;
    const results = MANUAL.filter((r) => count(r) > 0)
      .map((r) => ({ ...r, score: count(r) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
    return { results, took_ms: 0 };
  },
};

describe('a follow-up', () => {
  it('keeps the topic of the turn before in its answer and its sources', async () => {
    let text = '';
    let sources: string[] = [];
    for await (const c of new ExtractiveAnswerer(wordSearch, { topK: 2 }).answer({
      tenant: 't',
      question: 'And how do I turn it off again?',
      history: [{ question: 'How can I turn on Game Mode?', answer: '…' }],
      filters: [],
    })) {
      if (c.type === 'delta') text += c.text;
      if (c.type === 'sources') sources = c.sources.map((s) => s.document_id);
    }
    expect(text).toContain('To turn off Game Mode');
    expect(text).not.toContain('sleep timer');
    expect(sources).toEqual(['Playing games on an optimized screen']);
  });
});

describe('the part of a section a follow-up quotes', () => {
  /** A store's section: how to use it, the version it needs, then a list about its workings. */
  const STORE = section(
    'Search store',
    'Set `STORE=remote` and `STORE_URL` on every server to use the remote search store. ' +
      'Remote store version 2.4 or later is needed: an older one fails the health check. ' +
      'Run it on its own host or as a cluster.\n\n' +
      '- All sites share one remote collection, created on the first upload of the store.\n' +
      '- A collection made by an earlier version is migrated in place by the first server that uses it, ' +
      'without an upload again; the remote store stays searchable while that runs.\n' +
      '- Changing the model needs a new collection of the remote store.',
  );
  const answerer = new ExtractiveAnswerer(wordSearch, { maxWords: 30, wholeWords: 30, targetWords: 25 });

  it('is chosen by its own words, not by those it borrowed from the turn before', () => {
    const query = standaloneQuery('Which version of it is needed?', [
      { question: 'How do I use the remote store instead of the local store?', answer: '…' },
    ]);
    const { text } = answerer.compose(query, [STORE], 'which', 'Which version of it is needed?');
    expect(text).toContain('version 2.4 or later is needed');
  });

  it('keeps the borrowed words’ weight when its own words weigh nothing there', () => {
    const weights = new Map([
      ['version', 1],
      ['store', 2],
    ]);
    expect(quotingWeights(weights, new Set(['version']))).toEqual(
      new Map([
        ['version', 1],
        ['store', 0],
      ]),
    );
    expect(quotingWeights(weights, new Set(['other']))).toBe(weights);
    expect(quotingWeights(weights)).toBe(weights);
  });
});
