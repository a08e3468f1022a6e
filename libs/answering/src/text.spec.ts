import { terms } from './text';

describe('terms', () => {
  it('gives a word and its inflections one term', () => {
    expect(new Set(terms('enable enabled enables enabling'))).toEqual(new Set(terms('enable')));
    expect(new Set(terms('test tests tested testing'))).toEqual(new Set(terms('test')));
  });

  it('keeps the "s" of a word that ends in "ss", as its inflections do', () => {
    // "pass" was "pas" while "passing", "passes" and "passed" were "pass": the question's "pass"
    // missed the section that writes "passing them to a test".
    expect(new Set(terms('pass passes passing passed'))).toEqual(new Set(['pass']));
    expect(new Set(terms('access accesses accessing accessed'))).toEqual(new Set(['access']));
    expect(new Set(terms('process processes'))).toEqual(new Set(['process']));
  });
});
