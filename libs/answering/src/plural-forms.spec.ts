import { NOT_FOUND_ANSWER } from './answer-types';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';
import { yPluralForm } from './plural-forms';
import { terms } from './text';

describe('yPluralForm', () => {
  it('pairs the terms of a noun in "y" and its plural in "ies", both ways', () => {
    const [dependency, dependencies] = terms('dependency dependencies');
    expect(yPluralForm(dependency!)).toBe(dependencies);
    expect(yPluralForm(dependencies!)).toBe(dependency);
  });

  it('leaves a "y" after a vowel and any other term alone', () => {
    expect(yPluralForm(terms('key')[0]!)).toBeUndefined();
    expect(yPluralForm(terms('deploy')[0]!)).toBeUndefined();
    expect(yPluralForm(terms('patch')[0]!)).toBeUndefined();
  });
});

/** What a search of a package manager's docs finds about patching a package. */
const PATCHING = [
  passage(
    'patch',
    'patchedDependencies',
    'This field is added when you run `pnpm patch-commit`. It defines patches for dependencies:\n\n' +
      '```yaml\npatchedDependencies:\n  express@4.18.1: patches/express@4.18.1.patch\n```',
    'pnpm patch <pkg>',
  ),
  passage('hooks', 'readPackage', 'A hook can change the manifest of a package as it is read.', 'pnpmfile'),
];

describe('a question worded in the other number of a word', () => {
  it('is covered by a section on the plural ("a dependency" by "dependencies")', async () => {
    const { text } = await askExtractive(
      'How do I patch a bug in a dependency myself?',
      pageSearcher(PATCHING),
    );
    expect(text).not.toBe(NOT_FOUND_ANSWER);
    expect(text).toContain('pnpm patch-commit');
  });
});
