import { inWordnet, wordnetRelated } from './wordnet';

describe('wordnetRelated', () => {
  it("gives the words of a lemma's first senses, most frequent first", () => {
    // "change" sense 1: change, alter, modify; "add" sense 2: add, append, supply.
    expect(wordnetRelated('change', 'verb', 1)).toEqual(['alter', 'modify']);
    expect(wordnetRelated('add', 'verb', 2)).toEqual(expect.arrayContaining(['append', 'supply']));
    expect(wordnetRelated('add', 'verb', 1)).toEqual([]);
  });

  it("leaves out a phrase's words and the lemma itself", () => {
    // "install" sense 1: install, instal, put_in, set_up.
    expect(wordnetRelated('install', 'verb', 1)).toEqual(['instal']);
  });

  it('gives nothing for a lemma WordNet does not hold as that part of speech', () => {
    expect(inWordnet('pnpm', 'verb')).toBe(false);
    expect(wordnetRelated('pnpm', 'verb', 2)).toEqual([]);
    expect(inWordnet('outdated', 'adj')).toBe(true);
    expect(wordnetRelated('outdated', 'verb', 2)).toEqual([]);
  });
});
