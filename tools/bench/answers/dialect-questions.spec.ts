import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPORA_DIR, corpusNames, readCorpus } from './dialect-corpora';

const folded = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

describe.each(corpusNames())('the %s question set', (name) => {
  const { corpus, questions } = readCorpus(name);
  const root = join(CORPORA_DIR, name, corpus.root);
  const covered = questions.filter((q) => q.covered !== false);

  it('has at least 30 covered first questions, 4 uncovered ones and 5 follow-ups', () => {
    expect(covered.filter((q) => !q.follows).length).toBeGreaterThanOrEqual(30);
    expect(questions.filter((q) => q.covered === false).length).toBeGreaterThanOrEqual(4);
    expect(questions.filter((q) => q.follows).length).toBeGreaterThanOrEqual(5);
  });

  it('gives each question an id of its own', () => {
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });

  it('names gold pages that are in the corpus, with 1 to 4 key strings found on one of them', () => {
    const wrong = covered.flatMap((q) => {
      const pages = (q.gold ?? []).filter((g) => existsSync(join(root, g)));
      if (!pages.length || pages.length < (q.gold ?? []).length) return [`${q.id}: gold ${q.gold}`];
      const must = q.must ?? [];
      if (must.length < 1 || must.length > 4) return [`${q.id}: ${must.length} key strings`];
      const texts = pages.map((g) => folded(readFileSync(join(root, g), 'utf8')));
      return must
        .filter((m) => !texts.some((t) => t.includes(folded(m).trim())))
        .map((m) => `${q.id}: "${m}" on no gold page`);
    });
    expect(wrong).toEqual([]);
  });

  it('splits the questions into a dev and a test half of about the same size', () => {
    const test = questions.filter((q) => q.half === 'test').length;
    expect(Math.abs(2 * test - questions.length)).toBeLessThanOrEqual(6);
  });
});
