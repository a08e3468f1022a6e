import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mkdocsSlug, normaliseMkdocs } from './mkdocs-markdown';

const page = readFileSync(join(__dirname, 'testing/dialects/mkdocs.md'), 'utf8');

describe('normaliseMkdocs', () => {
  it('turns !!! and ??? admonitions with their indented bodies into labelled quotes, code kept as code', () => {
    expect(normaliseMkdocs(page)).toContain(
      [
        "> **Where the file lives:** The configuration is read from `mkdocs.yml` at the project's root.",
        '>',
        '> ```',
        '> site_name: My Docs',
        '> ```',
        '>',
        '> > **Tip:** Run `mkdocs serve` to preview.',
      ].join('\n'),
    );
  });

  it('keeps content tabs as labelled parts and drops snippet markers and attribute lists', () => {
    const text = normaliseMkdocs(page);
    expect(text).toContain('**pip**:\n\n```bash\npip install mkdocs-material\n```');
    expect(text).toContain('**Docker**:\n\n```bash\ndocker pull squidfunk/mkdocs-material\n```');
    expect(text).toContain('Add a [button](install.md) to a page.');
    expect(text).not.toMatch(/--8<--|\.md-button|===/);
  });

  it('gives headings the anchors MkDocs gives them, repeats numbered and custom ids kept', () => {
    const headings = normaliseMkdocs(page)
      .split('\n')
      .filter((l) => l.startsWith('#'));
    expect(headings).toEqual([
      '# Configuration -- the basics {#configuration-the-basics}',
      '## Configuration -- the basics {#configuration-the-basics_1}',
      '## Plugins {#plugins-list}',
    ]);
    expect(mkdocsSlug('Install `mkdocs` on Linux & macOS!')).toBe('install-mkdocs-on-linux-macos');
  });
});
