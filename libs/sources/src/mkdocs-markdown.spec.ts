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

  it("reads PyMdown's Blocks (FastAPI's `/// tip`, `/// details | …`, `//// tab | …`) as a reader sees them", () => {
    const page = [
      '## Create a project',
      '',
      '/// tip',
      '',
      'Run `fastapi dev` while you work.',
      '',
      '///',
      '',
      '/// details | Using `pip` instead',
      '',
      'Install it with `pip install "fastapi[standard]"`.',
      '',
      '```console',
      '$ pip install "fastapi[standard]"',
      '```',
      '',
      '///',
      '',
      '/// admonition | Careful',
      '    type: warning',
      '',
      'Do not commit the secret.',
      '',
      '///',
      '',
      '//// tab | Python 3.10+',
      '',
      '```Python',
      'def read(q: str | None = None): ...',
      '```',
      '',
      '/// note',
      '',
      'Prefer the annotated version.',
      '',
      '///',
      '',
      '////',
      '',
      '```markdown',
      '/// caption',
      'Shown as code',
      '///',
      '```',
      '',
      '/// caption',
      'Image caption',
      '///',
    ].join('\n');
    const text = normaliseMkdocs(page);
    expect(text).toContain('> **Tip:** Run `fastapi dev` while you work.');
    expect(text).toContain(
      [
        '> **Using `pip` instead:** Install it with `pip install "fastapi[standard]"`.',
        '>',
        '> ```console',
        '> $ pip install "fastapi[standard]"',
        '> ```',
      ].join('\n'),
    );
    expect(text).toContain('> **Careful:** Do not commit the secret.');
    expect(text).toContain(
      '**Python 3.10+**:\n\n```Python\ndef read(q: str | None = None): ...\n```\n\n> **Note:** Prefer the annotated version.',
    );
    expect(text).toContain('```markdown\n/// caption\nShown as code\n///\n```');
    expect(text).toMatch(/\nImage caption\s*$/);
    expect(text.replace(/```markdown[^]*?```/, '')).not.toMatch(/^\s*\/{3}/m);
  });

  it("drops mkdocstrings' `::: name` with its options and FastAPI's `{* file *}`, which the site build fills", () => {
    const page = [
      '# `APIRouter` class',
      '',
      'You can import the class directly from `fastapi`:',
      '',
      '```python',
      'from fastapi import APIRouter',
      '```',
      '',
      '{* ../../docs_src/bigger_applications/app_an_py39/routers/users.py hl[1,3] *}',
      '',
      '::: fastapi.APIRouter',
      '    options:',
      '        members:',
      '            - websocket',
      '',
      'See also the tutorial.',
    ].join('\n');
    const text = normaliseMkdocs(page);
    expect(text).not.toMatch(/:::|options:|- websocket|\{\*|docs_src/);
    expect(text).toContain('```python\nfrom fastapi import APIRouter\n```\n\nSee also the tutorial.');
  });
});
