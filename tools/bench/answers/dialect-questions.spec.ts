import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withRstIncludes } from '@docqa/sources';
import { CORPORA_DIR, corpusNames, PROBES_DIR, readCorpus, type DialectQuestion } from './dialect-corpora';

const folded = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/**
 * Covered questions whose gold pages are not all under `root` or hold none of their 1–4 key
 * strings, a page read as its site shows it (a reStructuredText page with the files it includes).
 */
async function wrongGold(covered: DialectQuestion[], root: string): Promise<string[]> {
  const wrong = await Promise.all(
    covered.map(async (q) => {
      const pages = (q.gold ?? []).filter((g) => existsSync(join(root, g)));
      if (!pages.length || pages.length < (q.gold ?? []).length) return [`${q.id}: gold ${q.gold}`];
      const must = q.must ?? [];
      if (must.length < 1 || must.length > 4) return [`${q.id}: ${must.length} key strings`];
      const texts = await Promise.all(
        pages.map(async (g) => {
          const text = readFileSync(join(root, g), 'utf8');
          return folded(g.endsWith('.rst') ? await withRstIncludes(text, join(root, g), root) : text);
        }),
      );
      return must
        .filter((m) => !texts.some((t) => t.includes(folded(m).trim())))
        .map((m) => `${q.id}: "${m}" on no gold page`);
    }),
  );
  return wrong.flat();
}

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

  it('names gold pages that are in the corpus, with 1 to 4 key strings found on one of them', async () => {
    expect(await wrongGold(covered, root)).toEqual([]);
  });

  it('splits the questions into a dev and a test half of about the same size', () => {
    const test = questions.filter((q) => q.half === 'test').length;
    expect(Math.abs(2 * test - questions.length)).toBeLessThanOrEqual(6);
  });
});

const probed = readdirSync(PROBES_DIR).map((file) => file.replace(/\.json$/, ''));

describe.each(probed)('the %s probe questions', (name) => {
  const { corpus, questions } = readCorpus(name, true);

  it('are all asked as dev questions, each with an id of its own', () => {
    expect(questions.every((q) => q.half === 'dev')).toBe(true);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });

  it('name gold pages that are in the corpus, with 1 to 4 key strings found on one of them', async () => {
    const covered = questions.filter((q) => q.covered !== false);
    expect(await wrongGold(covered, join(CORPORA_DIR, name, corpus.root))).toEqual([]);
  });

  it('name no gold page nor key string for a question the corpus does not cover', () => {
    const uncovered = questions.filter((q) => q.covered === false);
    expect(uncovered.filter((q) => q.gold || q.must).map((q) => q.id)).toEqual([]);
  });
});
