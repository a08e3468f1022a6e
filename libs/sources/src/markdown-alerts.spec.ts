import { normaliseMarkdown } from './markdown-dialect';

describe('GitHub alerts', () => {
  it('reads an alert as a labelled quote, its title as the label, in every dialect, not in code', () => {
    const page = [
      'Intro.',
      '',
      '> [!NOTE]',
      '> The `url` front matter field overrides any matching permalink pattern.',
      '>',
      '> A second paragraph.',
      '',
      '> [!warning] Breaking change',
      '> Run `hugo mod tidy` first.',
      '',
      '> A plain quote.',
      '',
      '```md',
      '> [!TIP]',
      '> Shown as written.',
      '```',
    ].join('\n');
    for (const dialect of ['markdown', 'hugo', 'mkdocs', 'docusaurus'] as const) {
      const text = normaliseMarkdown(page, dialect);
      expect(text).toContain(
        '> **Note:** The `url` front matter field overrides any matching permalink pattern.\n>\n> A second paragraph.',
      );
      expect(text).toContain('> **Breaking change:** Run `hugo mod tidy` first.');
      expect(text).toContain('> A plain quote.');
      expect(text).toContain('```md\n> [!TIP]\n> Shown as written.\n```');
      expect(text).not.toContain('[!NOTE]');
    }
  });
});
