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

  it('keeps the code blocks of a tab set written with `tab="…"` as labelled parts', () => {
    const page = [
      'Enable the dashboard:',
      '',
      '```yaml tab="File (YAML)"',
      'api: {}',
      '```',
      '',
      '```cli tab="CLI"',
      '--api=true',
      '```',
      '',
      '```yaml',
      'x: tab="y"',
      '```',
    ].join('\n');
    const text = normaliseMkdocs(page);
    expect(text).toContain('**File (YAML)**:\n\n```yaml\napi: {}\n```');
    expect(text).toContain('**CLI**:\n\n```cli\n--api=true\n```');
    expect(text).toContain('```yaml\nx: tab="y"\n```');
    expect(text).not.toContain('tab="File');
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

  it('reads an admonition written without a space after its marker, as Python Markdown does', () => {
    const text = normaliseMkdocs(
      '!!!info "Kubernetes"\n\n    Error pages need a service of kind `ExternalName`.\n',
    );
    expect(text.trim()).toBe('> **Kubernetes:** Error pages need a service of kind `ExternalName`.');
  });

  it("drops a plugin's Jinja tag on a line of its own, not one shown in code", () => {
    const page = [
      '## Going further',
      '',
      '{% include-markdown "includes/traefik-for-business-applications.md" %}',
      '',
      '```jinja',
      '{% include-markdown "x.md" %}',
      '```',
    ].join('\n');
    const text = normaliseMkdocs(page);
    expect(text).not.toContain('{% include-markdown "includes/');
    expect(text).toContain('```jinja\n{% include-markdown "x.md" %}\n```');
  });
});
