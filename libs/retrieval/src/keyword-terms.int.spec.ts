import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { eachKeywordTermId, keywordTermIds, keywordTokens } from './keyword-terms';
import { searchText } from './chunk';
import { chunkTerms, keywordScore, queryTerms, queryText } from './sparse-vector';
import { fnv1a } from '@docqa/tokenize';
import { averageTerms, queryWeights, type TermStats } from './term-stats';

describe('keywordTokens', () => {
  it('splits, drops long tokens, lower-cases, stems (Porter2), drops stop words, folds accents', () => {
    expect(keywordTokens('The Runner was running; having generously tokenized résumés!')).toEqual([
      'runner',
      'run',
      'generous',
      'token',
      'resume',
    ]);
    expect(keywordTokens(`${'x'.repeat(40)} ${'y'.repeat(39)} because only does`)).toEqual([
      'y'.repeat(39),
      'becaus',
      'onli',
      'doe',
    ]);
    expect(keywordTokens('covid-19 at 2,000 mg')).toEqual(['covid', '19', '2', '000', 'mg']);
  });

  it('are what the remembered term ids hash, asked once or again', () => {
    const text = 'The Runner was running; having generously tokenized résumés! covid-19';
    const ids = keywordTokens(text).map(fnv1a);
    expect(keywordTermIds(text)).toEqual(ids);
    expect(keywordTermIds(text)).toEqual(ids);
  });

  it('are the ids an ASCII text gives word by word without a string per word, past a full table', () => {
    const idsOf = (text: string) => {
      const ids: number[] = [];
      eachKeywordTermId(text, (id) => ids.push(id));
      return ids;
    };
    // Words of 39, 40 and 41 characters, digits, case, stop words, punctuation, an empty text,
    // text that ends in a word and in no word; then more distinct words than the table keeps.
    const edges = [
      `${'a'.repeat(39)} ${'b'.repeat(40)},${'c'.repeat(41)}`,
      'Install the CLI: run `docqa-cli init --force` (v2.10) BEFORE installing; x86_64/arm64',
      '',
      '  ...  ',
      'Running runs RUN ran',
      'the of and',
      'Tabs\tand\nnew lines\r\n',
      'résumé and the runner',
    ];
    const many = Array.from({ length: 120_000 }, (_, i) => `w${i.toString(36)}x Word${i % 7}`);
    for (const text of [...edges, ...edges, many.join(' '), ...edges])
      expect(idsOf(text)).toEqual(keywordTokens(text).map(fnv1a));
  });
});

// The re-scoring must weigh what LanceDB's full-text index weighs: with one tenant (the whole
// table), its BM25 equals the index's own scores.
describe('keyword scores against LanceDB’s full-text index', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-keyword-terms-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('equal the index’s BM25 scores over the same rows', async () => {
    const texts = [
      'Running shoes for runners: the runner runs, having run generously.',
      'Vitamin D deficiency in children; vitamins and deficiencies of the young.',
      // A search text ends with its section heading's terms, which the index must take as words.
      searchText({
        title: 'Television',
        heading: 'Television › Picture size',
        text: 'Settings of the television: picture mode, size, and zoom.',
      }),
      'Cafés and résumés — naïve tokens were tokenized, consistently, by the tokenizer.',
      `A much longer chunk about ${'television remote control pairing and settings, '.repeat(12)}which the children run.`,
      'Because only the remote does pairing; it is not what they were doing.',
    ];
    const db = await lancedb.connect(dir);
    const table = await db.createTable(
      'chunks',
      texts.map((text, id) => ({ id, text })),
    );
    await table.createIndex('text', { config: lancedb.Index.fts({ withPosition: false }) });
    const stats: TermStats = { chunks: 0, terms: 0, df: new Map() };
    for (const text of texts) {
      const { distinct, length } = chunkTerms(text);
      stats.chunks += 1;
      stats.terms += length;
      for (const term of distinct) stats.df.set(term, (stats.df.get(term) ?? 0) + 1);
    }
    const queries = [
      'running runner',
      'vitamin deficiency children',
      'the picture size of the television',
      'tokens tokenized cafe resume',
      'remote pairing settings',
    ];
    let compared = 0;
    for (const query of queries) {
      const rows = (await table
        .search(queryText(query), 'fts', 'text')
        .select(['id', '_score'])
        .limit(10)
        .toArray()) as {
        id: number;
        _score: number;
      }[];
      expect(rows.length).toBeGreaterThan(0);
      // Heading terms at the weight of any other, as the index weighs them.
      const weights = queryWeights({ terms: queryTerms(query).terms, heading: new Set() }, stats);
      for (const row of rows) {
        expect(keywordScore(texts[row.id]!, weights, averageTerms(stats))).toBeCloseTo(row._score, 4);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(10);
    db.close();
  });
});
