import { documentTerms, optionalSpellings, terms } from './text';

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

describe('optionalSpellings', () => {
  it('writes a word with letters in parentheses before it both ways', () => {
    expect(
      optionalSpellings('Cache checksums to help with slow hashing of large local or (S)FTP files'),
    ).toBe('SFTP FTP');
    expect(optionalSpellings('matching (sub)domains')).toBe('subdomains domains');
    // pytest's `-r` letters: "(f)ailed" is "failed", which the text writes in no other way.
    expect(optionalSpellings('(f)ailed, (E)rror, (s)kipped')).toBe('failed ailed Error rror skipped kipped');
  });

  it('leaves a call, a link and a parenthesised word alone', () => {
    expect(optionalSpellings('fn(a)b, [text](a)b, (optional) flags')).toBe('');
  });

  it('gives a document the term a question asks by', () => {
    const hasher = 'Cache checksums to help with slow hashing of large local or (S)FTP files';
    expect(documentTerms(hasher)).toEqual(expect.arrayContaining(terms('SFTP FTP')));
  });
});
