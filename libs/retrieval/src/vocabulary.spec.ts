import { oneEditApart, Vocabulary } from './vocabulary';

describe('Vocabulary', () => {
  const vocabulary = () =>
    Vocabulary.of([
      'Install the installer. Installation notes.',
      'The installer runs; install it.',
      'Instance types and installer logs.',
      'Résumé of the token rotation qqhtoken',
    ]);

  it('completes a prefix to its most common words, the prefix itself first when it is a word', async () => {
    const v = await vocabulary();
    expect(v.completions('inst', 3)).toEqual(['installer', 'install', 'installation']);
    expect(v.completions('install', 2)).toEqual(['install', 'installer']);
    expect(v.completions('zz', 3)).toEqual([]);
  });

  it('finds the words one edit away from a word, most common first', async () => {
    const v = await vocabulary();
    expect(v.neighbours('instaler', 3)).toEqual(['installer']);
    expect(v.neighbours('rotaiton', 3)).toEqual(['rotation']);
    expect(v.neighbours('instance', 3)).toEqual([]);
  });

  it('folds case and accents, and leaves out heading terms', async () => {
    const v = await vocabulary();
    expect(v.has('resume')).toBe(true);
    expect(v.has('qqhtoken')).toBe(false);
  });
});

describe('oneEditApart', () => {
  it.each([
    ['installer', 'instaler', true],
    ['installer', 'installerr', true],
    ['installer', 'instalxer', true],
    ['installer', 'insatller', true],
    ['installer', 'installer', false],
    ['installer', 'instlaler', true],
    ['installer', 'insaltler', false],
    ['installer', 'install', false],
    ['abc', 'bac', true],
  ])('%s and %s: %s', (a, b, apart) => {
    expect(oneEditApart(a, b)).toBe(apart);
    expect(oneEditApart(b, a)).toBe(apart);
  });
});
