import { detectDialect, normaliseMarkdown, repositoryDialect } from './markdown-dialect';

describe('detectDialect', () => {
  it('tells the generator from its markup', () => {
    expect(detectDialect('See {{< relref "x" >}}.')).toBe('hugo');
    expect(detectDialect(':::tip\nHi\n:::')).toBe('docusaurus');
    expect(detectDialect("import Tabs from '@theme/Tabs';\n\n# A")).toBe('docusaurus');
    expect(detectDialect('# A', { mdx: true })).toBe('docusaurus');
    expect(detectDialect('!!! note\n    Hi')).toBe('mkdocs');
    expect(detectDialect('=== "Linux"\n    apt install x')).toBe('mkdocs');
    expect(detectDialect('# Plain\n\nText.')).toBe('markdown');
  });

  it('does not take markup shown in code for the document’s own', () => {
    expect(detectDialect('Write `{{< note >}}`.\n\n```\n!!! note\n```')).toBe('markdown');
  });
});

describe('repositoryDialect', () => {
  it('tells the generator from the configuration file a repository keeps', () => {
    expect(repositoryDialect(['hugo.toml', 'content/_index.md'])).toBe('hugo');
    expect(repositoryDialect(['config.toml', 'content/_index.md'])).toBe('hugo');
    expect(repositoryDialect(['website/docusaurus.config.ts', 'website/docs/intro.md'])).toBe('docusaurus');
    expect(repositoryDialect(['mkdocs.yml', 'docs/index.md'])).toBe('mkdocs');
    expect(repositoryDialect(['config.json', 'README.md'])).toBeUndefined();
    expect(repositoryDialect(['a/b/mkdocs.yml'])).toBeUndefined();
  });
});

describe('normaliseMarkdown', () => {
  it('leaves shortcodes shown in code alone in text a loader normalised before', () => {
    const text = 'Write `{{< note >}}` to show a note.\n\n{{< note >}}\nHi\n{{< /note >}}';
    expect(normaliseMarkdown(text, 'hugo', { normalised: true })).toBe(
      'Write `{{< note >}}` to show a note.\n\n> **Note:** Hi\n\n',
    );
  });

  it('fences indented code in plain Markdown but not in MDX, which has none', () => {
    expect(normaliseMarkdown('Run:\n\n    make', 'markdown')).toBe('Run:\n\n```\nmake\n```');
    expect(normaliseMarkdown('Run:\n\n    make', 'docusaurus')).toBe('Run:\n\nmake');
  });
});
