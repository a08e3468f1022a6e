import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

/** A window started from the unit whose window holds the most of the question's words, each once. */
describe('a window whose best unit is a long sample output', () => {
  it('starts from the opening that holds the words the output does not', async () => {
    const output = Array.from(
      { length: 14 },
      (_, i) => `@tool.label.l${i}: a label that is not known to the tool makes every check of it complain.`,
    ).join('\n\n');
    const labels = passage(
      'Working with labels',
      'Working with labels › Registering labels',
      'Registering your own labels for your suite is simple:\n\n' +
        '```toml\n[tool]\nlabels = ["web: mark a check as a web check."]\n```\n\n' +
        'Several labels can be registered, each on its own line.\n\n' +
        'You can ask which labels exist and which are not registered yet:\n\n' +
        '```text\n$ tool --labels\n' +
        output +
        '\n```',
    );
    const { text } = await askExtractive(
      'How do I register my own label so the tool does not complain about it?',
      pageSearcher([labels]),
    );
    expect(text).toContain('labels = ["web: mark a check as a web check."]');
  });
});
